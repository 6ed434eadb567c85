/**
 * The server's rendering of an /app page (decision 037), with React as the web tests render: its
 * passes until every read is answered, what it hands the browser, and when it leaves the page to
 * the browser. The built renderer, on Preact, is checked in a browser by
 * tests/e2e/drawn-pages.e2e.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getDashboard } from '#core/api/dashboard';
import { getSession } from '#core/api/auth';
import { currentPlan, syncPlan } from '#core/api/plans';
import { listRequests, sendForecast } from '#core/api/review-requests';
import { diagnostic } from '#core/api/shopify';
import { sendForecast as forecastFixture } from '#web/test/schedule-fixtures';
import { listResponse, marie } from '#web/test/schedule-page';
import { currentPlanFixture } from '#web/components/quota/fixtures';
import { dashboardSummary } from '#web/test/dashboard-fixtures';
import { callsTo, mockSignedInApi, on } from '#web/test/endpoints';
import { activeStore, jsonResponse } from '#web/test/render';
import { renderPage, setApiTransport } from './server-render';

const ORIGIN = 'https://avis.test';

/** The render's reads go to the mocked server (the global fetch `mockApi` stubs), as the page's own server would answer them. */
beforeAll(() => setApiTransport((input, init) => fetch(input, init)));

describe('the server’s rendering of an /app page', () => {
  it('renders the gates, the layout and the screen with its data, and hands over the answers and the header', async () => {
    const api = mockSignedInApi([on(getDashboard, () => jsonResponse(dashboardSummary())), on(currentPlan, () => jsonResponse(currentPlanFixture(120, 3000)))]);
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
    // Read once each, in passes: the session, then the store, then the screen's own.
    expect(callsTo(api, getSession)).toHaveLength(1);
    expect(callsTo(api, getDashboard)).toHaveLength(1);
    // The billing re-read is an action the browser makes once the page is open.
    expect(callsTo(api, syncPlan)).toHaveLength(0);
  });

  it('leaves to the browser a read it makes afresh whenever it shows it (the calendar’s Shopify diagnostic)', async () => {
    const api = mockSignedInApi([
      on(listRequests, () => listResponse([marie])),
      on(sendForecast, () => jsonResponse(forecastFixture())),
      on(currentPlan, () => jsonResponse(currentPlanFixture(120, 3000))),
    ]);
    const page = await renderPage(new URL(`${ORIGIN}/app/schedule`));
    expect(page?.html).toContain('Marie Dupont');
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
    mockSignedInApi([on(getSession, () => jsonResponse(null))]);
    expect(await renderPage(new URL(`${ORIGIN}/app/dashboard`))).toBeNull();
  });

  it('leaves it to the browser when the subscription gate sends the merchant elsewhere', async () => {
    const withoutPlan = { ...activeStore, subscription_status: 'pending' };
    for (const store of [null, withoutPlan]) {
      const api = mockSignedInApi([], { store });
      expect(await renderPage(new URL(`${ORIGIN}/app/dashboard`)), JSON.stringify(store)).toBeNull();
      expect(callsTo(api, getDashboard)).toHaveLength(0);
    }
  });

  it('leaves it to the browser when a read fails', async () => {
    mockSignedInApi([on(getDashboard, () => jsonResponse({ error: 'Erreur interne.', code: 'internal' }, 500))]);
    expect(await renderPage(new URL(`${ORIGIN}/app/dashboard`))).toBeNull();
  });
});
