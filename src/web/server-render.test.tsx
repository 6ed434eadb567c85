/**
 * The server's rendering of an /app page (decision 039), with React's server renderer as the server
 * runs it: the reads in one pass before the one render, what it hands the browser, and when it leaves
 * the page to the browser. The built renderer is checked in a browser by
 * tests/e2e/drawn-pages.e2e.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getDashboard } from '#core/api/dashboard';
import { getSession } from '#core/api/auth';
import { currentPlan, syncPlan } from '#core/api/plans';
import { listRequests, sendForecast } from '#core/api/review-requests';
import { listReviews } from '#core/api/reviews';
import { drawnRoutes } from '#core/routes';
import { diagnostic } from '#core/api/shopify';
import { currentStoreAbsence, type StoreSummary } from '#core/api/stores';
import { sendForecast as forecastFixture } from '#web/test/schedule-fixtures';
import { listResponse, marie } from '#web/test/schedule-page';
import { currentPlanFixture } from '#web/components/quota/fixtures';
import { dashboardSummary } from '#web/test/dashboard-fixtures';
import { callsTo, mockSignedInApi, on } from '#web/test/endpoints';
import { activeStore, apiError } from '#web/test/render';
import { renderPage, setApiTransport } from './server-render';

const ORIGIN = 'https://avis.test';

/** The render's reads go to the mocked server (the global fetch `mockApi` stubs), as the page's own server would answer them. */
beforeAll(() => setApiTransport((input, init) => fetch(input, init)));

describe('the server’s rendering of an /app page', () => {
  it('renders the gates, the layout and the screen with its data, and hands over the answers and the header', async () => {
    const api = mockSignedInApi([on(getDashboard, () => dashboardSummary()), on(currentPlan, () => currentPlanFixture(120, 3000)), on(currentStoreAbsence, { absence: null })]);
    const page = await renderPage(new URL(`${ORIGIN}/app/dashboard?period=30days`));
    expect(page).not.toBeNull();
    expect(page!.html).toContain('Répartition des notes');
    expect(page!.html).toContain('Parfait, merci');
    expect(page!.html).toMatch(/<h1[^>]*>Tableau de bord<\/h1>/);
    expect(page!.state.header).toMatchObject({ title: 'Tableau de bord' });
    const keys = page!.state.queries.queries.map((query) => query.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['auth', 'session'],
        ['stores', 'current'],
      ]),
    );
    expect(keys.some((key) => key[0] === 'dashboard')).toBe(true);
    // Read once each, before the one render: the session, the store, then the screen's own.
    expect(callsTo(api, getSession)).toHaveLength(1);
    expect(callsTo(api, getDashboard)).toHaveLength(1);
    expect(String(callsTo(api, getDashboard)[0]![0])).toContain('period=30days');
    // Every query its first render shows was read before it.
    expect(page!.unread).toEqual([]);
    expect(page!.state.drawnAt).toBeGreaterThan(Date.now() - 60_000);
    // The billing re-read is an action the browser makes once the page is open.
    expect(callsTo(api, syncPlan)).toHaveLength(0);
  });

  it.each(drawnRoutes)('reads everything %s first shows before its one render, and draws its header', async (path) => {
    const api = mockSignedInApi([
      on(getDashboard, () => dashboardSummary()),
      on(currentPlan, () => currentPlanFixture(120, 3000)),
      on(listReviews, () => ({ items: [], next_cursor: null })),
      on(listRequests, () => listResponse([marie])),
      on(sendForecast, () => forecastFixture()),
      on(currentStoreAbsence, { absence: null }),
    ]);
    const page = await renderPage(new URL(`${ORIGIN}${path}?page=1&period=7days&filtre=5&q=marie`));
    expect(page, path).not.toBeNull();
    expect(page!.unread, path).toEqual([]);
    expect(page!.html).toContain(`>${page!.state.header!.title}</h1>`);
    // Every boundary in place: no inline script, which the page's policy would refuse.
    expect(page!.html).not.toContain('<script');
    expect(page!.html).not.toContain('<template');
    // One render: no endpoint is read twice.
    const urls = api.mock.calls.map(([input]) => String(input));
    expect(new Set(urls).size, urls.join(', ')).toBe(urls.length);
  });

  it('draws the admin door’s layout for a page the Shopify admin loads: its menu and title bar for the admin, no sidebar of ours', async () => {
    mockSignedInApi([on(getDashboard, () => dashboardSummary()), on(currentPlan, () => currentPlanFixture(120, 3000)), on(currentStoreAbsence, { absence: null })]);
    const admin = await renderPage(new URL(`${ORIGIN}/app/dashboard`), { adminDoor: true });
    expect(admin!.html).toContain('<ui-nav-menu>');
    expect(admin!.html).toContain('<ui-title-bar title="Tableau de bord">');
    expect(admin!.html).toContain('Répartition des notes');
    const standalone = await renderPage(new URL(`${ORIGIN}/app/dashboard`));
    expect(standalone!.html).not.toContain('ui-nav-menu');
    // The standalone layout's own navigation, which the admin's menu replaces.
    expect(standalone!.html).toContain('href="/app/schedule"');
    expect(admin!.html.match(/href="\/app\/schedule"/g)).toHaveLength(1);
  });

  it('leaves to the browser a read it makes afresh whenever it shows it (the calendar’s Shopify diagnostic)', async () => {
    const api = mockSignedInApi([on(listRequests, () => listResponse([marie])), on(sendForecast, () => forecastFixture()), on(currentPlan, () => currentPlanFixture(120, 3000))]);
    const page = await renderPage(new URL(`${ORIGIN}/app/schedule`));
    expect(page?.html).toContain('Marie Dupont');
    expect(page!.unread).toEqual([]);
    expect(callsTo(api, listRequests)).toHaveLength(1);
    expect(callsTo(api, diagnostic)).toHaveLength(0);
  });

  it('draws only the screens drawnRoutes names: a screen whose fields take their values in the browser is left to it', async () => {
    const api = mockSignedInApi();
    for (const path of ['/app/email-templates', '/app/conditional', '/app/account-settings', '/app/shopify-diagnostic']) {
      expect(await renderPage(new URL(`${ORIGIN}${path}`)), path).toBeNull();
    }
    expect(api).not.toHaveBeenCalled();
  });

  it('leaves the page to the browser without a session', async () => {
    mockSignedInApi([on(getSession, () => null)]);
    expect(await renderPage(new URL(`${ORIGIN}/app/dashboard`))).toBeNull();
  });

  it('leaves it to the browser when the subscription gate sends the merchant elsewhere', async () => {
    const withoutPlan: StoreSummary = { ...activeStore, subscription_status: 'pending' };
    for (const store of [null, withoutPlan]) {
      const api = mockSignedInApi([], { store });
      expect(await renderPage(new URL(`${ORIGIN}/app/dashboard`)), JSON.stringify(store)).toBeNull();
      expect(callsTo(api, getDashboard)).toHaveLength(0);
    }
  });

  it('leaves it to the browser when a read fails', async () => {
    mockSignedInApi([on(getDashboard, () => apiError(500, 'Erreur interne.', 'internal'))]);
    expect(await renderPage(new URL(`${ORIGIN}/app/dashboard`))).toBeNull();
  });
});
