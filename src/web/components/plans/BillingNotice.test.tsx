import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingNotice } from '#web/api/plans';
import { currentPlanFixture } from '../quota/fixtures';
import { getDashboard } from '#core/api/dashboard';
import { currentPlan, listPlans, syncPlan } from '#core/api/plans';
import type { ResponseOf } from '#core/api/endpoint';
import { apiError, renderRoute } from '#web/test/render';
import { callsTo, mockSignedInApi, on, type Route } from '#web/test/endpoints';
import { plansFixture } from '#web/test/shopify-fixtures';

const declined: BillingNotice = { kind: 'declined', requested_plan: 'Pro', kept_plan: 'Starter' };
const DECLINED_TEXT = [
  'Changement de plan refusé',
  'Le changement de plan vers Pro a été refusé sur Shopify\u202f: votre boutique reste sur le plan Starter.',
  'Pour changer de plan, choisissez-le à nouveau et approuvez le paiement sur Shopify.',
];

/**
 * A signed-in merchant whose Shopify billing tells `notice` once, as the server does (it marks it
 * seen): every later re-read answers none. `routes` add or override paths.
 */
function mockBillingApi(notice: BillingNotice | null, routes: Route[] = []) {
  let untold = notice;
  const fetchMock = mockSignedInApi([
    on(listPlans, () => ({ plans: plansFixture })),
    on(currentPlan, () => currentPlanFixture(12, 300, { plan: 'starter', plan_name: 'Starter' })),
    on(getDashboard, () => apiError(500, 'Erreur interne.', 'internal')),
    on(syncPlan, (): ResponseOf<typeof syncPlan> => {
      const told = untold;
      untold = null;
      return { success: true, plan: 'starter', subscription_status: 'active', notice: told };
    }),
    ...routes,
  ]);
  return { fetchMock, syncCalls: () => callsTo(fetchMock, syncPlan) };
}

/** The notice's box, found by its first line. */
const noticeBox = (heading = 'Changement de plan refusé') => screen.findByText(heading).then((element) => element.parentElement!.parentElement!);

describe('a plan change Shopify refused, told when the merchant opens the app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is explained on the dashboard, in a live region, with what to do and a link to the plans', async () => {
    const { syncCalls } = mockBillingApi(declined);
    renderRoute('/app/dashboard');
    const box = await noticeBox();
    expect(box.closest('[role="status"]')).not.toBeNull();
    expect(Array.from(box.querySelectorAll('p')).map((p) => p.textContent)).toEqual(DECLINED_TEXT);
    expect(within(box).getByRole('link', { name: 'Voir les plans' }).getAttribute('href')).toBe('/app/plans');
    expect(syncCalls()).toHaveLength(1);
    expect(syncCalls()[0]![1]?.method).toBe('POST');
  });

  it('stays while the merchant moves around the app (one re-read per page load), until dismissed', async () => {
    const { syncCalls } = mockBillingApi(declined);
    renderRoute('/app/dashboard');
    fireEvent.click(within(await noticeBox()).getByRole('link', { name: 'Voir les plans' }));
    await screen.findByRole('heading', { level: 1, name: 'Plans d’abonnement' });
    const box = await noticeBox();
    // On the plans page itself, no link to it.
    expect(within(box).queryByRole('link')).toBeNull();
    expect(syncCalls()).toHaveLength(1);

    fireEvent.click(within(box).getByRole('button', { name: 'Masquer ce message' }));
    await waitFor(() => expect(screen.queryByText('Changement de plan refusé')).toBeNull());
    expect(document.activeElement?.id).toBe('main-content');

    // Dismissed for the rest of the page's life: the dashboard does not show it again.
    fireEvent.click(screen.getAllByRole('link', { name: /Tableau de bord/ })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    expect(screen.queryByText('Changement de plan refusé')).toBeNull();
    expect(syncCalls()).toHaveLength(1);
  });

  it('starts once the browser is idle, not while React takes the page over', async () => {
    // A query started in the commit that ends a hydration makes React render every screen reading
    // the store again, synchronously: the re-read waits for the browser's idle time.
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { syncCalls } = mockBillingApi(declined);
    renderRoute('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    await waitFor(() => expect(idle).toHaveLength(1));
    expect(syncCalls()).toHaveLength(0);
    idle[0]!({ didTimeout: false, timeRemaining: () => 50 });
    await noticeBox();
    expect(syncCalls()).toHaveLength(1);
  });

  it('is told once: the next page load re-reads the billing and shows nothing', async () => {
    const { syncCalls } = mockBillingApi(declined);
    renderRoute('/app/dashboard');
    await noticeBox();
    cleanup();

    // A reload: a new page, a new re-read; the server told it already.
    renderRoute('/app/dashboard');
    await waitFor(() => expect(syncCalls()).toHaveLength(2));
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    expect(screen.queryByText('Changement de plan refusé')).toBeNull();
  });

  it.each([
    [
      'an expired change',
      { kind: 'expired', requested_plan: 'Enterprise', kept_plan: 'Pro' },
      'Changement de plan expiré',
      'Le changement de plan vers Enterprise n’a pas été approuvé à temps sur Shopify (la demande a expiré)\u202f: votre boutique reste sur le plan Pro.',
      'Pour changer de plan, choisissez-le à nouveau et approuvez le paiement sur Shopify.',
    ],
    [
      'a refused change without a plan kept',
      { kind: 'declined', requested_plan: 'Pro', kept_plan: null },
      'Changement de plan refusé',
      'Le changement de plan vers Pro a été refusé sur Shopify\u202f: votre boutique n’a pas de plan actif.',
      'Choisissez un plan et approuvez le paiement sur Shopify pour envoyer vos demandes d’avis.',
    ],
  ] as const)('words %s', async (_case, notice, heading, body, next) => {
    mockBillingApi(notice);
    renderRoute('/app/plans');
    const box = await noticeBox(heading);
    expect(Array.from(box.querySelectorAll('p')).map((p) => p.textContent)).toEqual([heading, body, next]);
  });

  it('says nothing when the re-read fails', async () => {
    const { syncCalls } = mockBillingApi(null, [on(syncPlan, () => apiError(502, 'Erreur lors de la synchronisation', 'plan_sync_failed'))]);
    renderRoute('/app/plans');
    await screen.findByRole('list', { name: 'Plans disponibles' });
    await waitFor(() => expect(syncCalls()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Changement de plan/)).toBeNull();
  });

  it("shows a notice that 'Synchroniser' brings", async () => {
    let answer: BillingNotice | null = null;
    mockBillingApi(null, [on(syncPlan, (): ResponseOf<typeof syncPlan> => ({ success: true, plan: 'starter', subscription_status: 'active', notice: answer }))]);
    renderRoute('/app/plans');
    await screen.findByRole('list', { name: 'Plans disponibles' });
    answer = declined;
    fireEvent.click(screen.getByRole('button', { name: 'Synchroniser' }));
    const box = await noticeBox();
    expect(box.textContent).toContain(DECLINED_TEXT[1]);
  });

  it('re-reads nothing without a connected store', async () => {
    const fetchMock = mockSignedInApi([], { store: null });
    renderRoute('/app/integrations');
    await screen.findByText('Aucune boutique connectée');
    expect(callsTo(fetchMock, syncPlan)).toHaveLength(0);
  });
});
