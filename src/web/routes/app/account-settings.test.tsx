import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPlanFixture } from '#web/components/quota/fixtures';
import { sessionQueryKey } from '#web/lib/session';
import { changeEmail, changePassword, getSession, signOut, updateUser } from '#core/api/auth';
import { currentPlan, syncPlan } from '#core/api/plans';
import { currentStore, type StoreSummary } from '#core/api/stores';
import type { ResponseOf } from '#core/api/endpoint';
import { activeStore, apiError, renderRoute, testSession, testUser } from '#web/test/render';
import { callsTo, mockSignedInApi, on, sentBodyTo } from '#web/test/endpoints';

afterEach(() => {
  vi.useRealTimers();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function openSettings(tab?: string) {
  const result = renderRoute(`/app/account-settings${tab ? `?tab=${tab}` : ''}`);
  await screen.findByRole('heading', { level: 1, name: 'Paramètres du compte' });
  return result;
}

/** The profile tab's current-password field (the password tab has one too, hidden), or null. */
const profilePassword = () => within(screen.getByRole('tabpanel')).queryByLabelText('Mot de passe actuel') as HTMLInputElement | null;
const fillProfilePassword = (value: string) => fireEvent.change(profilePassword()!, { target: { value } });

function selectedTab() {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
}

describe('account settings tabs', () => {
  it('is an ARIA tablist whose tabs control their panels', async () => {
    mockSignedInApi();
    await openSettings();
    const tablist = screen.getByRole('tablist', { name: 'Sections du compte' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Informations personnelles', 'Mot de passe', 'Abonnement']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);

    const panel = screen.getByRole('tabpanel');
    expect(panel.id).toBe(tabs[0]!.getAttribute('aria-controls'));
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    for (const tab of tabs) expect(document.getElementById(tab.getAttribute('aria-controls')!)).not.toBeNull();
    expect(within(panel).getByRole('heading', { level: 2, name: 'Informations personnelles' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each([
    ['profile', 'Informations personnelles'],
    ['password', 'Mot de passe'],
    ['subscription', 'Abonnement'],
    ['nope', 'Informations personnelles'],
  ])('opens on ?tab=%s', async (tab, label) => {
    mockSignedInApi();
    await openSettings(tab);
    expect(selectedTab()?.textContent).toBe(label);
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { level: 2, name: label })).toBeTruthy();
  });

  it('moves with the arrow keys, Home and End, and keeps ?tab= in the URL', async () => {
    mockSignedInApi();
    const { router } = await openSettings('profile');
    const tablist = screen.getByRole('tablist');
    const tab = (name: string) => screen.getByRole('tab', { name });

    tab('Informations personnelles').focus();
    fireEvent.keyDown(tablist, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Mot de passe'));
    expect(selectedTab()?.textContent).toBe('Mot de passe');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=password'));
    expect(tab('Mot de passe').tabIndex).toBe(0);
    expect(tab('Informations personnelles').tabIndex).toBe(-1);

    fireEvent.keyDown(tablist, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Abonnement'));
    fireEvent.keyDown(tablist, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Informations personnelles'));
    fireEvent.keyDown(tablist, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Abonnement'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=subscription'));
    fireEvent.keyDown(tablist, { key: 'Home' });
    expect(document.activeElement).toBe(tab('Informations personnelles'));
    fireEvent.keyDown(tablist, { key: 'End' });
    expect(document.activeElement).toBe(tab('Abonnement'));

    fireEvent.click(tab('Mot de passe'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=password'));
    expect(router.state.location.pathname).toBe('/app/account-settings');
  });

  it('follows the account menu links', async () => {
    mockSignedInApi();
    await openSettings('profile');
    fireEvent.click(screen.getByRole('button', { name: 'Menu du compte' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Changer le mot de passe' }));
    await waitFor(() => expect(selectedTab()?.textContent).toBe('Mot de passe'));
  });
});

describe('profile tab', () => {
  it('is filled from the session and requires a valid e-mail', async () => {
    const fetchMock = mockSignedInApi();
    await openSettings('profile');
    const name = screen.getByLabelText('Nom complet') as HTMLInputElement;
    const email = screen.getByLabelText('Adresse e-mail') as HTMLInputElement;
    expect(name.value).toBe(testUser.name);
    expect(name.autocomplete).toBe('name');
    expect(email.value).toBe(testUser.email);
    expect(email.autocomplete).toBe('email');

    fill('Adresse e-mail', '');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('L’adresse e-mail est requise');
    fill('Adresse e-mail', 'pas-un-email');
    expect(await screen.findByText('Adresse e-mail invalide')).toBeTruthy();
    expect(callsTo(fetchMock, updateUser)).toHaveLength(0);
  });

  it('asks the person’s name as optional: an account named after its company starts empty, and a name can be given or cleared (issue 45)', async () => {
    const user = { ...testUser, name: 'Maison Lumière', companyName: 'Maison Lumière' };
    const fetchMock = mockSignedInApi([on(getSession, () => ({ ...testSession, user })), on(updateUser, () => ({ status: true }))]);
    await openSettings('profile');
    const name = screen.getByLabelText('Nom complet') as HTMLInputElement;
    expect(name.value).toBe('');
    expect(name.required).toBe(false);
    expect(screen.getByText('Facultatif. Tant qu’il est vide, votre adresse e-mail vous désigne.')).toBeTruthy();
    // The account menu goes by the e-mail, not the company.
    expect(screen.getByRole('button', { name: 'Menu du compte' }).textContent).toBe(testUser.email[0]!.toUpperCase());

    // Left empty, the form saves and sends nothing for it.
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Profil mis à jour avec succès')).toBeTruthy();
    expect(callsTo(fetchMock, updateUser)).toHaveLength(0);

    fill('Nom complet', ' Zoé Martin ');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sentBodyTo(fetchMock, updateUser)).toEqual({ name: 'Zoé Martin' }));
    fill('Nom complet', '');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(callsTo(fetchMock, updateUser)).toHaveLength(2));
    expect(sentBodyTo(fetchMock, updateUser)).toEqual({ name: '' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves only what changed and shows the notice for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockSignedInApi([on(updateUser, () => ({ status: true })), on(changeEmail, () => ({ status: true }))]);
    await openSettings('profile');
    fill('Nom complet', 'Zoé Dupont');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const notice = await screen.findByText('Profil mis à jour avec succès');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(sentBodyTo(fetchMock, updateUser)).toEqual({ name: 'Zoé Dupont' });
    expect(callsTo(fetchMock, changeEmail)).toHaveLength(0);

    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.getByText('Profil mis à jour avec succès')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Profil mis à jour avec succès')).toBeNull();

    fill('Adresse e-mail', 'zoe@nouvelle-boutique.fr');
    fillProfilePassword('Mon-Secret-Actuel-1');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Profil mis à jour avec succès');
    expect(sentBodyTo(fetchMock, changeEmail)).toEqual({ newEmail: 'zoe@nouvelle-boutique.fr', currentPassword: 'Mon-Secret-Actuel-1' });
    // The address is kept until confirmed, and the password is not kept in the form.
    await waitFor(() => expect(profilePassword()).toBeNull());
    expect(callsTo(fetchMock, updateUser)).toHaveLength(1);
  });

  it('shows a server error in a red box', async () => {
    mockSignedInApi([on(changeEmail, () => apiError(400, 'Cette adresse email est déjà utilisée'))]);
    await openSettings('profile');
    fill('Adresse e-mail', 'autre@boutique.fr');
    fillProfilePassword('Mon-Secret-Actuel-1');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cette adresse email est déjà utilisée');
    expect(screen.queryByText('Profil mis à jour avec succès')).toBeNull();
  });

  it('asks the current password, with show/hide, only to change the e-mail (issue 45)', async () => {
    const fetchMock = mockSignedInApi([on(changeEmail, () => ({ status: true }))]);
    await openSettings('profile');
    expect(profilePassword()).toBeNull();
    fill('Adresse e-mail', 'zoe@nouvelle-boutique.fr');
    const password = profilePassword()!;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    const toggle = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    fireEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const error = await screen.findByText('Saisissez votre mot de passe actuel pour changer d’adresse e-mail.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(error.id);
    expect(callsTo(fetchMock, changeEmail)).toHaveLength(0);
  });

  it('says a wrong current password next to its field', async () => {
    mockSignedInApi([on(changeEmail, () => apiError(400, 'Mot de passe actuel incorrect.', 'invalid_password'))]);
    await openSettings('profile');
    fill('Adresse e-mail', 'zoe@nouvelle-boutique.fr');
    fillProfilePassword('Pas-Le-Bon');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const error = await screen.findByText('Mot de passe actuel incorrect.');
    expect(profilePassword()!.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/Un lien de confirmation a été envoyé/)).toBeNull();
  });
});

describe('password tab', () => {
  it('warns that a new sign-in is needed and validates length and confirmation', async () => {
    const fetchMock = mockSignedInApi();
    await openSettings('password');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText(/devrez vous reconnecter/)).toBeTruthy();
    expect((screen.getByLabelText('Mot de passe actuel') as HTMLInputElement).autocomplete).toBe('current-password');
    expect((screen.getByLabelText('Nouveau mot de passe') as HTMLInputElement).autocomplete).toBe('new-password');
    expect((screen.getByLabelText('Confirmer le nouveau mot de passe') as HTMLInputElement).autocomplete).toBe('new-password');

    fill('Mot de passe actuel', 'ancien-secret');
    fill('Nouveau mot de passe', 'abc');
    fill('Confirmer le nouveau mot de passe', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le mot de passe doit contenir au moins 6 caractères');

    fill('Nouveau mot de passe', 'nouveau-secret');
    fill('Confirmer le nouveau mot de passe', 'nouveau-secrets');
    fireEvent.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeTruthy();
    expect(screen.queryByText('Le mot de passe doit contenir au moins 6 caractères')).toBeNull();
    expect(callsTo(fetchMock, changePassword)).toHaveLength(0);
  });

  it('changes the password, signs out and goes to /login with the success notice', async () => {
    const fetchMock = mockSignedInApi([on(changePassword, () => ({ user: testUser })), on(signOut, { success: true })]);
    const { router, queryClient } = await openSettings('password');
    fill('Mot de passe actuel', 'ancien-secret');
    fill('Nouveau mot de passe', 'nouveau-secret');
    fill('Confirmer le nouveau mot de passe', 'nouveau-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));

    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status').textContent).toBe('Mot de passe modifié avec succès');
    // The server ends the other sessions whatever the body says: nothing to ask.
    expect(sentBodyTo(fetchMock, changePassword)).toEqual({ currentPassword: 'ancien-secret', newPassword: 'nouveau-secret' });
    expect(callsTo(fetchMock, signOut).length).toBeGreaterThan(0);
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('shows a wrong current password in a red box and stays', async () => {
    mockSignedInApi([on(changePassword, () => apiError(400, 'Mot de passe actuel incorrect.', 'invalid_password'))]);
    const { router } = await openSettings('password');
    fill('Mot de passe actuel', 'faux-secret');
    fill('Nouveau mot de passe', 'nouveau-secret');
    fill('Confirmer le nouveau mot de passe', 'nouveau-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Mot de passe actuel incorrect.');
    expect(router.state.location.pathname).toBe('/app/account-settings');
  });
});

describe('subscription tab', () => {
  const syncCalls = (fetchMock: ReturnType<typeof mockSignedInApi>) =>
    fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === syncPlan.path);

  it("shows 'Actif', the plan and this period's usage for an active subscription", async () => {
    mockSignedInApi([on(syncPlan, { success: true, plan: 'pro', subscription_status: 'active', notice: null }), on(currentPlan, () => currentPlanFixture(2550, 3000))]);
    await openSettings('subscription');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Actif')).toBeTruthy();
    expect(within(panel).getByText(activeStore.shop_name)).toBeTruthy();
    expect(within(panel).queryByText('Aucun abonnement actif')).toBeNull();
    expect(await within(panel).findByText('Pro')).toBeTruthy();
    // The quota's period and Shopify's billing cycle, each named (decision 045): never « Renouvellement ».
    const term = (name: string) => within(panel).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Période d’envoi')).toBe('du 1er octobre 2025 au 31 octobre 2025');
    expect(term('Facturation Shopify')).toBe('cycle en cours jusqu’au 24 octobre 2025');
    expect(within(panel).queryByText(/Renouvellement/)).toBeNull();
    expect(within(panel).getByRole('meter', { name: 'E-mails envoyés sur la période d’envoi' }).getAttribute('aria-valuenow')).toBe('2550');
    expect(within(panel).getByRole('link', { name: 'Changer de plan' }).getAttribute('href')).toBe('/app/plans');
  });

  it('shows the subscription as re-read from Shopify once when the app opens, whatever the tab', async () => {
    let store: StoreSummary = { ...activeStore, subscription_status: 'pending' };
    const fetchMock = mockSignedInApi([
      on(currentStore, () => ({ away: null, store })),
      on(syncPlan, (): ResponseOf<typeof syncPlan> => {
        store = { ...store, subscription_status: 'active' };
        return { success: true, plan: 'pro', subscription_status: 'active', notice: null };
      }),
    ]);
    await openSettings('profile');
    await waitFor(() => expect(syncCalls(fetchMock)).toHaveLength(1));
    expect(syncCalls(fetchMock)[0]![1]?.method).toBe('POST');
    fireEvent.click(screen.getByRole('tab', { name: 'Abonnement' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Actif')).toBeTruthy();
    expect(syncCalls(fetchMock)).toHaveLength(1);
  });

  it('says nothing when that silent re-read fails', async () => {
    const fetchMock = mockSignedInApi([on(syncPlan, () => apiError(502, 'Erreur lors de la synchronisation', 'plan_sync_failed'))]);
    await openSettings('subscription');
    await waitFor(() => expect(syncCalls(fetchMock)).toHaveLength(1));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Actif')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Erreur lors de la synchronisation')).toBeNull();
  });

  it.each<[string, StoreSummary | null]>([
    ['an inactive subscription', { ...activeStore, subscription_status: 'pending' }],
    ['no store', null],
  ])("offers 'Choisir un plan' with %s", async (_, store) => {
    const fetchMock = mockSignedInApi([], { store });
    await openSettings('subscription');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Aucun abonnement actif')).toBeTruthy();
    expect(within(panel).queryByText('Actif')).toBeNull();
    // /subscription says why (pending, declined…) and lists the plans; /app/plans needs an active plan.
    expect(within(panel).getByRole('link', { name: 'Choisir un plan' }).getAttribute('href')).toBe('/subscription');
    if (!store) expect(syncCalls(fetchMock)).toHaveLength(0);
  });
});
