import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeStore, apiError, jsonResponse, mockSignedInApi, renderRoute } from '../../test/render';

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

describe('/app/integrations query notices', () => {
  it.each([
    ['invalid_state', 'Invalid authentication state. Please try again.'],
    ['expired_state', 'Authentication session expired. Please try again.'],
    ['state_already_used', 'This authentication link has already been used.'],
    ['invalid_hmac', 'Invalid security signature. Please try again.'],
    ['token_exchange_failed', 'Failed to exchange token with Shopify.'],
    ['shop_fetch_failed', 'Failed to fetch shop details from Shopify.'],
    ['store_already_connected', 'Une boutique Shopify est déjà connectée à votre compte. Déconnectez-la avant d’en connecter une autre.'],
    ['state_not_bound', 'Ce lien de connexion a été ouvert dans un autre navigateur ou un autre compte que celui qui l’a demandé. Relancez la connexion depuis cette page.'],
    [
      'shop_owned_by_another_account',
      'Cette boutique Shopify est déjà connectée à un autre compte Avis Clients. Connectez-vous avec ce compte, ou désinstallez l’application depuis l’administration Shopify avant de la connecter ici.',
    ],
    ['access_denied', "L'installation a été annulée sur Shopify."],
    ["L'installation a été annulée sur Shopify.", "L'installation a été annulée sur Shopify."],
    ['', 'An error occurred connecting to Shopify.'],
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
    const notice = await screen.findByText(`Shopify store ${activeStore.shop_domain} connected successfully!`);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(notice.getAttribute('lang')).toBe('en');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.getByText(`Shopify store ${activeStore.shop_domain} connected successfully!`)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(`Shopify store ${activeStore.shop_domain} connected successfully!`)).toBeNull();
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
    mockSignedInApi({}, { store: { ...activeStore, subscription_status: 'pending' } });
    await open();
    const link = await screen.findByRole('link', { name: 'Choisir un plan' });
    expect(link.getAttribute('href')).toBe('/subscription');
    expect(within(shopifyCard()).getByText('Aucun abonnement actif')).toBeTruthy();
  });

  it('asks for confirmation in a modal dialog; Escape cancels and returns focus', async () => {
    const fetchMock = mockSignedInApi();
    await open();
    const disconnect = await within(await waitFor(() => shopifyCard())).findByRole('button', { name: 'Déconnecter' });
    disconnect.focus();
    fireEvent.click(disconnect);
    const dialog = screen.getByRole('dialog', { name: 'Déconnecter la boutique ?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain(activeStore.shop_domain);
    const cancel = within(dialog).getByRole('button', { name: 'Annuler' });
    const confirm = within(dialog).getByRole('button', { name: 'Déconnecter' });
    expect(document.activeElement).toBe(cancel);

    // Tab stays inside the dialog.
    confirm.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(disconnect);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/stores/current/disconnect')).toBe(false);
  });

  it("disconnects after confirmation, refreshes the store and says 'Boutique déconnectée'", async () => {
    let store: typeof activeStore | null = activeStore;
    const fetchMock = mockSignedInApi({
      '/api/stores/current': () => jsonResponse({ store }),
      '/api/stores/current/disconnect': () => {
        store = null;
        return jsonResponse({ ok: true });
      },
    });
    await open();
    fireEvent.click(await within(await waitFor(() => shopifyCard())).findByRole('button', { name: 'Déconnecter' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Déconnecter' }));

    expect(await screen.findByText('Boutique déconnectée')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Aucune boutique connectée')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/stores/current/disconnect');
    expect(call?.[1]?.method).toBe('POST');
    // The contract has no body: nothing is sent.
    expect(call?.[1]?.body).toBeUndefined();
  });

  it("says 'Échec de la déconnexion de la boutique' when the server refuses", async () => {
    mockSignedInApi({ '/api/stores/current/disconnect': () => apiError(500, 'Erreur') });
    await open();
    fireEvent.click(await within(await waitFor(() => shopifyCard())).findByRole('button', { name: 'Déconnecter' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Déconnecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Échec de la déconnexion de la boutique');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(shopifyCard()).getByText(activeStore.shop_domain)).toBeTruthy();
  });
});

describe('/app/integrations without a store', () => {
  it('shows the empty state, explains installing from Shopify, and links the test page', async () => {
    mockSignedInApi({}, { store: null });
    await open();
    expect(await screen.findByText('Aucune boutique connectée')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connecter une boutique' }));
    const notice = screen.getByText(/L'installation doit se faire depuis l'App Store de Shopify/);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: "Tester l'installation Shopify" }).getAttribute('href')).toBe('/shopify/test-onboarding');
  });

  it('marks WhatsApp as coming soon with a disabled, explained switch', async () => {
    mockSignedInApi({}, { store: null });
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
