import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectShop, shopifyAuth } from '#core/api/shopify';
import { currentStore, type AwayStore, type DisconnectOutcome, disconnectStore } from '#core/api/stores';
import { activeStore, apiError, renderRoute, stubLocation } from '#web/test/render';
import { callsTo, mockSignedInApi, on, sentBodyTo } from '#web/test/endpoints';

afterEach(() => {
  vi.useRealTimers();
});

async function open(search = '') {
  const result = renderRoute(`/app/integrations${search}`);
  await screen.findByRole('heading', { level: 1, name: 'Intégrations' });
  return result;
}

function shopifyCard() {
  return screen.getByRole('region', { name: /^Shopify/ });
}
const REMOVE = 'Résilier l’abonnement et désinstaller l’application de Shopify';
const KEEP = 'Garder l’abonnement et l’application sur Shopify';

const describedBy = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby')!)?.textContent;

async function openDialog() {
  fireEvent.click(await within(await waitFor(() => shopifyCard())).findByRole('button', { name: 'Déconnecter' }));
  return screen.getByRole('dialog', { name: 'Déconnecter la boutique\u202f?' });
}

/** Opens the dialog, takes `choice` and confirms. */
async function disconnectWith(choice: string) {
  const dialog = await openDialog();
  fireEvent.click(within(dialog).getByRole('radio', { name: choice }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Déconnecter' }));
}

/** A server whose disconnect answers `shopify` (the contract's outcome), after which the store is gone (or `awayAfter`). */
function mockDisconnect(shopify: DisconnectOutcome['shopify'], awayAfter: AwayStore | null = null) {
  let store: typeof activeStore | null = activeStore;
  let away: AwayStore | null = null;
  return mockSignedInApi([
    on(currentStore, () => ({ away, store })),
    on(disconnectStore, () => {
      store = null;
      away = awayAfter;
      return { ok: true, shopify } satisfies DisconnectOutcome;
    }),
  ]);
}

/** The steps in Shopify's admin, in order, and a link to the shop's admin in a new tab. */
function expectAdminPath(outcome: HTMLElement) {
  const path = within(outcome).getByRole('list', { name: 'Chemin dans l’administration Shopify' });
  expect(
    within(path)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace('›', '')),
  ).toEqual(['Paramètres', 'Applications et canaux de vente', 'Avis Clients', 'Désinstaller']);
  const admin = within(outcome).getByRole('link', { name: 'Ouvrir l’administration Shopify (nouvel onglet)' });
  expect(admin.getAttribute('href')).toBe(activeStore.admin_url);
  expect(admin.getAttribute('target')).toBe('_blank');
}

describe('/app/integrations query notices', () => {
  it.each([
    ['invalid_state', 'État d’authentification invalide. Veuillez réessayer.'],
    ['expired_state', 'La session d’authentification a expiré. Veuillez réessayer.'],
    ['state_already_used', 'Ce lien d’authentification a déjà été utilisé.'],
    ['invalid_hmac', 'Signature de sécurité invalide. Veuillez réessayer.'],
    ['token_exchange_failed', 'L’échange du jeton avec Shopify a échoué.'],
    ['shop_fetch_failed', 'Les informations de la boutique n’ont pas pu être lues sur Shopify.'],
    ['store_already_connected', 'Une boutique Shopify est déjà connectée à votre compte. Déconnectez-la avant d’en connecter une autre.'],
    ['state_not_bound', 'Ce lien de connexion a été ouvert dans un autre navigateur ou un autre compte que celui qui l’a demandé. Relancez la connexion depuis cette page.'],
    [
      'shop_owned_by_another_account',
      'Cette boutique Shopify est déjà connectée à un autre compte Avis Clients. Connectez-vous avec ce compte, ou désinstallez l’application depuis l’administration Shopify avant de la connecter ici.',
    ],
    ['access_denied', 'L’installation a été annulée sur Shopify.'],
    // Any other text in the link is not the app's to say: the generic message.
    ['Votre compte est suspendu, appelez le 08 99 00 00 00', 'Une erreur est survenue lors de la connexion à Shopify.'],
    ['', 'Une erreur est survenue lors de la connexion à Shopify.'],
  ])('shopify=error&message=%j shows %j and clears the query', async (code, text) => {
    mockSignedInApi();
    const { router } = await open(`?shopify=error&message=${encodeURIComponent(code)}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(text);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/app/integrations');
  });

  it('announces a connected store for 5 s, then clears the notice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockSignedInApi();
    const { router } = await open(`?shopify=success&shop=${activeStore.shop_domain}`);
    // The narrow no-break space before « ! » reads as a space once Testing Library normalises the text.
    const connected = `Boutique Shopify ${activeStore.shop_domain} connectée avec succès !`;
    const notice = await screen.findByText(connected);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.getByText(connected)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(connected)).toBeNull();
  });
});

describe('/app/integrations store card', () => {
  it('shows the connected store: domain, name, French date, status and the admin link', async () => {
    mockSignedInApi();
    await open();
    const card = await waitFor(() => shopifyCard());
    await within(card).findByText(activeStore.shop_domain);
    expect(within(card).getByText('Connectée')).toBeTruthy();
    expect(within(card).getByText('Ma boutique')).toBeTruthy();
    expect(within(card).getByText('1er octobre 2025')).toBeTruthy();
    expect(within(card).getByText('Abonnement actif')).toBeTruthy();
    const admin = within(card).getByRole('link', { name: 'Aller sur Shopify (nouvel onglet)' });
    expect(admin.getAttribute('href')).toBe(`https://${activeStore.shop_domain}/admin`);
    expect(admin.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: 'Choisir un plan' })).toBeNull();
  });

  it('links to /subscription when the subscription is not active', async () => {
    mockSignedInApi([], { store: { ...activeStore, subscription_status: 'pending' } });
    await open();
    const link = await screen.findByRole('link', { name: 'Choisir un plan' });
    expect(link.getAttribute('href')).toBe('/subscription');
    expect(within(shopifyCard()).getByText('Aucun abonnement actif')).toBeTruthy();
  });

  it('asks in a modal dialog what becomes of the Shopify subscription; Escape cancels and returns focus', async () => {
    const fetchMock = mockSignedInApi();
    await open();
    const disconnect = await within(await waitFor(() => shopifyCard())).findByRole('button', { name: 'Déconnecter' });
    disconnect.focus();
    fireEvent.click(disconnect);
    const dialog = screen.getByRole('dialog', { name: 'Déconnecter la boutique\u202f?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain(activeStore.shop_domain);
    // Said plainly: Shopify's subscription and installation are separate from the link here.
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toContain('Votre abonnement et l’installation de l’application sur Shopify sont indépendants de ce lien');

    // Two choices in a named group, none taken beforehand; each says what it means for billing.
    const group = within(dialog).getByRole('group', { name: 'Sur Shopify' });
    const [remove, keep] = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(remove).toBe(within(group).getByRole('radio', { name: REMOVE }));
    expect(keep).toBe(within(group).getByRole('radio', { name: KEEP }));
    expect(remove!.checked || keep!.checked).toBe(false);
    expect(describedBy(remove!)).toMatch(/^Recommandé\s: Shopify cesse de vous facturer l’application/);
    expect(describedBy(keep!)).toBe('Shopify continue de vous facturer l’abonnement tant que l’application reste installée.');

    const cancel = within(dialog).getByRole('button', { name: 'Annuler' });
    const confirm = within(dialog).getByRole('button', { name: 'Déconnecter' });
    expect(document.activeElement).toBe(cancel);

    // Tab stays inside the dialog: from the last control back to the radio group, and the other way.
    confirm.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
    // The group is one stop, whichever of its buttons has the focus.
    keep!.focus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
    // Once a choice is made, Tab enters the group on it (as the browser does).
    fireEvent.click(keep!);
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(keep);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(disconnect);
    expect(callsTo(fetchMock, disconnectStore)).toHaveLength(0);
  });

  it('asks for a choice before disconnecting anything', async () => {
    const fetchMock = mockSignedInApi();
    await open();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déconnecter' }));
    const error = within(dialog).getByRole('alert');
    expect(error.textContent).toBe('Choisissez ce que deviennent l’abonnement et l’application sur Shopify.');
    expect(within(dialog).getByRole('group', { name: 'Sur Shopify' }).getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: REMOVE }));
    expect(callsTo(fetchMock, disconnectStore)).toHaveLength(0);
    // Choosing clears the message.
    fireEvent.click(within(dialog).getByRole('radio', { name: KEEP }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("'remove': cancels and uninstalls on Shopify, says so, and keeps saying it once the store is gone", async () => {
    const fetchMock = mockDisconnect({ choice: 'remove', subscription_cancelled: true, app_uninstalled: true, failure: null });
    await open();
    await disconnectWith(REMOVE);

    const outcome = await screen.findByRole('status', { name: 'Boutique déconnectée' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(outcome.textContent).toContain(`La boutique ${activeStore.shop_domain} n’est plus reliée à votre compte`);
    expect(within(outcome).getByText('L’abonnement Shopify est résilié : Shopify ne vous facture plus l’application.')).toBeTruthy();
    expect(within(outcome).getByText('L’application est désinstallée de votre boutique Shopify.')).toBeTruthy();
    expect(within(outcome).queryByRole('list', { name: 'Chemin dans l’administration Shopify' })).toBeNull();
    // The store list refreshed: the outcome stays above it.
    expect(await screen.findByText('Aucune boutique connectée')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Boutique déconnectée' })).toBe(outcome);
    await waitFor(() => expect(outcome.parentElement!.contains(document.activeElement)).toBe(true));
    const call = fetchMock.mock.calls.find(([url]) => url === disconnectStore.path);
    expect(call?.[1]?.method).toBe('POST');
    expect(sentBodyTo(fetchMock, disconnectStore)).toEqual({ shopify: 'remove' });
  });

  it("'keep': unlinks here only and says that Shopify keeps billing, with how to stop it", async () => {
    const fetchMock = mockDisconnect({ choice: 'keep', subscription_cancelled: false, app_uninstalled: false, failure: null });
    await open();
    await disconnectWith(KEEP);

    const outcome = await screen.findByRole('status', { name: 'Boutique déconnectée' });
    expect(
      within(outcome).getByText('L’abonnement et l’application restent sur Shopify : Shopify continue de vous facturer l’abonnement tant que l’application reste installée.'),
    ).toBeTruthy();
    expect(within(outcome).queryByText(/résilié/)).toBeNull();
    expectAdminPath(outcome);
    expect(await screen.findByText('Aucune boutique connectée')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Boutique déconnectée' })).toBe(outcome);
    expect(sentBodyTo(fetchMock, disconnectStore)).toEqual({ shopify: 'keep' });
  });

  it("'keep' with the store card showing it still billed: the way to stop the billing is shown once, beside the store", async () => {
    mockDisconnect(
      { choice: 'keep', subscription_cancelled: false, app_uninstalled: false, failure: null },
      {
        shop_domain: activeStore.shop_domain,
        shop_name: activeStore.shop_name,
        reason: 'disconnected',
        since: '2026-11-02T10:00:00.000Z',
        subscription_status: 'active',
        plan_name: 'Pro',
        billing_period_end: '2026-12-01T00:00:00.000Z',
        admin_url: activeStore.admin_url,
      },
    );
    await open();
    await disconnectWith(KEEP);

    const outcome = await screen.findByRole('status', { name: 'Boutique déconnectée' });
    await screen.findByRole('heading', { name: 'Votre boutique n’est plus connectée' });
    expect(within(outcome).getByText(/^L’abonnement et l’application restent sur Shopify/)).toBeTruthy();
    expect(within(outcome).queryByRole('list', { name: 'Chemin dans l’administration Shopify' })).toBeNull();
    expect(screen.getAllByRole('list', { name: 'Chemin dans l’administration Shopify' })).toHaveLength(1);
    expectAdminPath(shopifyCard());
  });

  it.each([
    [
      'without a working token',
      { subscription_cancelled: false, app_uninstalled: false, failure: 'token_invalid' },
      [
        'L’abonnement Shopify n’a pas pu être résilié.',
        'L’application n’a pas pu être désinstallée de votre boutique Shopify.',
        'Shopify n’accepte plus l’accès de l’application à votre boutique : ces étapes ne peuvent pas être faites d’ici.',
      ],
    ],
    [
      'when Shopify fails a step',
      { subscription_cancelled: true, app_uninstalled: false, failure: 'shopify_failed' },
      [
        'L’abonnement Shopify est résilié : Shopify ne vous facture plus l’application.',
        'L’application n’a pas pu être désinstallée de votre boutique Shopify.',
        'Shopify n’a pas pu terminer ces étapes. L’application est bien déconnectée ici.',
      ],
    ],
  ] as const)("'remove' %s: an alert with what was done, why, and what to do in Shopify's admin", async (_case, steps, lines) => {
    mockDisconnect({ choice: 'remove', ...steps });
    await open();
    await disconnectWith(REMOVE);

    const outcome = await screen.findByRole('alert', { name: 'Boutique déconnectée' });
    for (const line of lines) expect(within(outcome).getByText(line)).toBeTruthy();
    expect(within(outcome).getByText(/^Dans l’administration Shopify, désinstallez l’application/)).toBeTruthy();
    expectAdminPath(outcome);
    // The app is disconnected here, and the instructions stay once the store list says so.
    expect(await screen.findByText('Aucune boutique connectée')).toBeTruthy();
    expect(screen.getByRole('alert', { name: 'Boutique déconnectée' })).toBe(outcome);
  });

  it("says 'Échec de la déconnexion de la boutique' when the server refuses", async () => {
    mockSignedInApi([on(disconnectStore, () => apiError(500, 'Erreur'))]);
    await open();
    await disconnectWith(REMOVE);
    expect((await screen.findByRole('alert')).textContent).toBe('Échec de la déconnexion de la boutique');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(shopifyCard()).getByText(activeStore.shop_domain)).toBeTruthy();
  });
});

describe('/app/integrations without a store', () => {
  it('shows the empty state, explains installing from Shopify, and links the test page', async () => {
    mockSignedInApi([], { store: null });
    await open();
    expect(await screen.findByText('Aucune boutique connectée')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connecter une boutique' }));
    const notice = screen.getByText(/L’installation doit se faire depuis l’App Store de Shopify/);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Tester l’installation Shopify' }).getAttribute('href')).toBe('/shopify/test-onboarding');
  });

  it('marks WhatsApp as coming soon with a disabled, explained switch', async () => {
    mockSignedInApi([], { store: null });
    await open();
    const card = screen.getByRole('region', { name: /^WhatsApp/ });
    expect(within(card).getByText('Bientôt disponible')).toBeTruthy();
    const toggle = within(card).getByRole('switch', { name: 'Activer WhatsApp' });
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    const help = document.getElementById(toggle.getAttribute('aria-describedby')!);
    expect(help?.textContent).toContain('arrive bientôt');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});

describe('/app/integrations while the store is away (decision 045)', () => {
  const away: AwayStore = {
    shop_domain: 'partie.myshopify.com',
    shop_name: 'Partie',
    reason: 'disconnected',
    since: '2026-11-02T10:00:00.000Z',
    subscription_status: 'active',
    plan_name: 'Pro',
    billing_period_end: '2026-12-01T00:00:00.000Z',
    admin_url: 'https://partie.myshopify.com/admin',
  };
  let location: ReturnType<typeof stubLocation> | null = null;
  afterEach(() => {
    location?.restore();
    location = null;
  });

  it('after « Garder »: says Shopify still bills the plan, until when, how to stop it, and keeps the reviews in reach', async () => {
    mockSignedInApi([on(currentStore, { store: null, away })]);
    await open();
    const card = await waitFor(() => shopifyCard());
    await within(card).findByRole('heading', { name: 'Votre boutique n’est plus connectée' });
    expect(within(card).getByText('Déconnectée')).toBeTruthy();
    expect(within(card).getByText('partie.myshopify.com')).toBeTruthy();
    expect(within(card).getByText('Déconnectée le').nextElementSibling?.textContent).toBe('2 novembre 2026');
    expect(within(card).getByText('Période de facturation Shopify en cours jusqu’au').nextElementSibling?.textContent).toBe('1er décembre 2026');
    expect(card.textContent).toContain('Shopify continue de vous facturer le plan Pro tant qu’elle y reste installée.');
    const path = within(card).getByRole('list', { name: 'Chemin dans l’administration Shopify' });
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace('›', '')),
    ).toEqual(['Paramètres', 'Applications et canaux de vente', 'Avis Clients', 'Désinstaller']);
    expect(within(card).getByRole('link', { name: 'Ouvrir l’administration Shopify (nouvel onglet)' }).getAttribute('href')).toBe(away.admin_url);
    expect(within(card).getByRole('link', { name: 'Voir les avis' }).getAttribute('href')).toBe('/app/feedback');
    // Not the empty state's « install from the App Store »: the app is installed.
    expect(card.textContent).not.toContain('App Store');
    expect(within(card).queryByRole('button', { name: 'Déconnecter' })).toBeNull();
  });

  it('reconnects through Shopify: the OAuth start for that shop, then Shopify', async () => {
    location = stubLocation();
    const fetchMock = mockSignedInApi([on(currentStore, { store: null, away }), on(connectShop, { redirect_url: `${shopifyAuth.path}?shop=partie.myshopify.com&state=s1` })]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Reconnecter la boutique' }));
    await waitFor(() => expect(location!.assign).toHaveBeenCalledWith(`${shopifyAuth.path}?shop=partie.myshopify.com&state=s1`));
    expect(sentBodyTo(fetchMock, connectShop)).toEqual({ shop: 'partie.myshopify.com' });
  });

  it('says so when the reconnection cannot start', async () => {
    location = stubLocation();
    mockSignedInApi([on(currentStore, { store: null, away }), on(connectShop, () => apiError(500, 'Erreur interne du serveur'))]);
    await open();
    const button = await screen.findByRole('button', { name: 'Reconnecter la boutique' });
    fireEvent.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('La reconnexion n’a pas pu commencer. Veuillez réessayer.');
    expect(describedBy(button)).toBe(alert.textContent);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('after an uninstall on Shopify: says Shopify no longer bills, without the way to stop billing', async () => {
    mockSignedInApi([on(currentStore, { store: null, away: { ...away, reason: 'uninstalled', subscription_status: 'cancelled', plan_name: null, billing_period_end: null } })]);
    await open();
    const card = await waitFor(() => shopifyCard());
    await within(card).findByText('Application désinstallée le');
    expect(within(card).getByText('Désinstallée')).toBeTruthy();
    expect(card.textContent).toContain('L’application a été désinstallée de votre boutique Shopify\u202f: Shopify ne vous la facture plus.');
    expect(within(card).queryByRole('list', { name: 'Chemin dans l’administration Shopify' })).toBeNull();
    expect(within(card).queryByText('Période de facturation Shopify en cours jusqu’au')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Reconnecter la boutique' })).toBeTruthy();
  });
});
