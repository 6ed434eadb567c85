import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentStoreQueryKey, sessionQueryKey } from '#web/lib/session';
import { getSession, signOut } from '#core/api/auth';
import { currentStore } from '#core/api/stores';
import type { ResponseOf } from '#core/api/endpoint';
import { activeStore, apiError, renderRoute, testSession } from '#web/test/render';
import { callsTo, mockApi, mockSignedInApi, on, type Answer } from '#web/test/endpoints';
import { subscriptionGateOutcome } from './RequireSubscription';

afterEach(() => {
  vi.useRealTimers();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('subscriptionGateOutcome', () => {
  const away = {
    shop_domain: 'partie.myshopify.com',
    shop_name: null,
    reason: 'disconnected',
    since: '2026-11-01T10:00:00.000Z',
    subscription_status: 'active',
    plan_name: 'Pro',
    billing_period_end: null,
    admin_url: 'https://partie.myshopify.com/admin',
  } as const;
  const stores = (store: { is_active: boolean; subscription_status: string | null } | null, left: typeof away | null = null) => ({ data: { store, away: left }, isError: false });

  it('maps the store lookup to the four outcomes', () => {
    expect(subscriptionGateOutcome({ data: undefined, isError: false })).toBe('loading');
    expect(subscriptionGateOutcome({ data: undefined, isError: true })).toBe('no-store');
    expect(subscriptionGateOutcome(stores(null))).toBe('no-store');
    expect(subscriptionGateOutcome(stores({ is_active: false, subscription_status: 'active' }))).toBe('no-store');
    for (const status of [null, 'pending', 'cancelled', 'ACTIVE', 'frozen']) {
      expect(subscriptionGateOutcome(stores({ is_active: true, subscription_status: status }))).toBe('no-subscription');
    }
    expect(subscriptionGateOutcome(stores({ is_active: true, subscription_status: 'active' }))).toBe('allowed');
  });

  it('opens only the reviews page while the store the account last had is away', () => {
    expect(subscriptionGateOutcome(stores(null, away), { readableWhileAway: true })).toBe('allowed');
    expect(subscriptionGateOutcome(stores(null, away))).toBe('no-store');
    expect(subscriptionGateOutcome(stores(null), { readableWhileAway: true })).toBe('no-store');
    expect(subscriptionGateOutcome({ data: undefined, isError: true }, { readableWhileAway: true })).toBe('no-store');
  });
});

describe('the /app gate', () => {
  it('sends a signed-out visitor to /login with the current path and query as redirect', async () => {
    mockApi();
    const { router } = renderRoute('/app/schedule?page=2');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/app/schedule?page=2');
    // A first visit is not an expiry.
    expect(screen.queryByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeNull();
  });

  it('shows an accessible spinner while the session and then the store are being read', async () => {
    const session = deferred<ResponseOf<typeof getSession>>();
    const store = deferred<ResponseOf<typeof currentStore>>();
    mockApi([on(getSession, () => session.promise), on(currentStore, () => store.promise)]);
    renderRoute('/app/feedback');
    const sessionSpinner = await screen.findByText('Vérification de votre session…');
    expect(sessionSpinner.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Avis clients' })).toBeNull();

    session.resolve(testSession);
    await screen.findByText('Vérification de votre abonnement…');
    expect(screen.getByText('Vérification de votre abonnement…').closest('[role="status"]')).not.toBeNull();

    store.resolve({ away: null, store: activeStore });
    expect(await screen.findByRole('heading', { level: 1, name: 'Avis clients' })).toBeTruthy();
    // The gate's spinners are gone (the screen may show its own while its data loads).
    expect(screen.queryByText('Vérification de votre session…')).toBeNull();
    expect(screen.queryByText('Vérification de votre abonnement…')).toBeNull();
  });

  it.each<[string, Answer<typeof currentStore>]>([
    ['no store', { away: null, store: null }],
    ['a disconnected store', { away: null, store: { ...activeStore, is_active: false } }],
    ['a failed lookup', () => apiError(500, 'Erreur interne')],
  ])('sends a merchant with %s to /app/integrations', async (_, storeResponse) => {
    mockSignedInApi([on(currentStore, storeResponse)]);
    const { router } = renderRoute('/app/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Intégrations' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/integrations');
  });

  it.each(['inactive', 'pending', 'cancelled'] as const)('sends a merchant whose subscription_status is %j to /subscription', async (status) => {
    mockSignedInApi([], { store: { ...activeStore, subscription_status: status } });
    const { router } = renderRoute('/app/flow');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choisissez votre plan' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('shows the page to a merchant with an active subscription', async () => {
    mockSignedInApi();
    const { router } = renderRoute('/app/conditional');
    expect(await screen.findByRole('heading', { level: 1, name: 'Actions conditionnelles' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/conditional');
  });

  it.each([
    ['/app/integrations', 'Intégrations'],
    ['/app/account-settings', 'Paramètres du compte'],
  ])('opens %s with a session only (no store)', async (path, title) => {
    mockSignedInApi([], { store: null });
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/app/integrations', '/app/account-settings?tab=password', '/subscription'])('sends a signed-out visitor of %s to /login', async (path) => {
    mockApi();
    const { router } = renderRoute(path);
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
  });

  it('writes the redirect readably: /login?redirect=/subscription', async () => {
    mockApi();
    const { router } = renderRoute('/subscription');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?redirect=/subscription');
  });

  it('offers a retry when the session cannot be checked (network or 5xx)', async () => {
    let up = false;
    mockApi([on(getSession, () => (up ? testSession : apiError(503, 'Indisponible'))), on(currentStore, () => ({ away: null, store: activeStore }))]);
    renderRoute('/app/dashboard');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('Impossible de vérifier votre session');
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
  });
});

describe('session lifetime', () => {
  it('re-reads the session when the window regains focus and leaves when it has ended', async () => {
    let signedIn = true;
    mockSignedInApi([on(getSession, () => (signedIn ? testSession : null))]);
    const { router } = renderRoute('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });

    signedIn = false;
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/app/dashboard');
    expect(screen.getByRole('status').textContent).toBe('Votre session a expiré. Veuillez vous reconnecter.');
  });

  it('re-reads the session every 30 s while the tab is open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = mockSignedInApi();
    renderRoute('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    const sessionCalls = () => callsTo(fetchMock, getSession).length;
    const before = sessionCalls();

    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(sessionCalls()).toBe(before);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(sessionCalls()).toBe(before + 1));
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    await waitFor(() => expect(sessionCalls()).toBe(before + 2));
  });

  it('drops to /login and clears the cache when another tab signs out', async () => {
    mockSignedInApi();
    const { router, queryClient } = renderRoute('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    await waitFor(() => expect(queryClient.getQueryData(currentStoreQueryKey)).toBeTruthy());

    const otherTab = new BroadcastChannel('auth');
    otherTab.postMessage({ type: 'signed-out' });
    otherTab.close();

    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(queryClient.getQueryData(currentStoreQueryKey)).toBeUndefined();
  });

  it('tells the other tabs and clears the cache when signing out here', async () => {
    mockSignedInApi([on(signOut, { success: true })]);
    const { router, queryClient } = renderRoute('/app/dashboard');
    const menuButton = await screen.findByRole('button', { name: 'Menu du compte' });
    await waitFor(() => expect(menuButton.textContent).toContain('Z'));

    const otherTab = new BroadcastChannel('auth');
    const heard = new Promise<unknown>((resolve) => otherTab.addEventListener('message', (event) => resolve(event.data)));
    fireEvent.click(menuButton);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));

    expect(await heard).toEqual({ type: 'signed-out' });
    otherTab.close();
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login');
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(queryClient.getQueryData(currentStoreQueryKey)).toBeUndefined();
  });

  it('stays on a public page when another tab signs out', async () => {
    mockSignedInApi();
    const { router } = renderRoute('/privacy-policy');
    await screen.findByRole('heading', { level: 1 });
    const otherTab = new BroadcastChannel('auth');
    otherTab.postMessage({ type: 'signed-out' });
    otherTab.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/privacy-policy');
  });
});
