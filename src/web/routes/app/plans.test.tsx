import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_STORE_REDIRECT_MS } from '#web/components/plans/plan-change';
import { currentPlanFixture, spaced } from '#web/components/quota/fixtures';
import { malformedResponse } from '#web/test/contract-check';
import { changePlan, currentPlan, listPlans, syncPlan } from '#core/api/plans';
import type { ResponseOf } from '#core/api/endpoint';
import { servedInsideShopifyAdmin } from '#web/test/admin-door';
import { apiError, renderRoute, stubLocation } from '#web/test/render';
import { callsTo, mockSignedInApi, on, type Route, sentBodyTo } from '#web/test/endpoints';
import { plansFixture } from '#web/test/shopify-fixtures';

// Prices nobody would hard-code: what the screen shows must come from GET /api/plans.
const plans = plansFixture.map((plan, i) => ({ ...plan, price_amount: ['11.50', '23.00', '88.00'][i]! }));
const enterprise = plans[2]!;

let restoreLocation: (() => void) | undefined;
afterEach(() => {
  restoreLocation?.();
  restoreLocation = undefined;
  vi.useRealTimers();
});

function mockPlansApi(routes: Route[] = [], used = 2550, quota: number | null = 3000) {
  return mockSignedInApi([on(listPlans, () => ({ plans })), on(currentPlan, () => currentPlanFixture(used, quota)), ...routes]);
}

async function openPlans() {
  const result = renderRoute('/app/plans');
  await screen.findByRole('heading', { level: 1, name: 'Plans d’abonnement' });
  await screen.findByRole('list', { name: 'Plans disponibles' });
  return result;
}

const card = (name: RegExp) => within(screen.getByRole('list', { name: 'Plans disponibles' })).getByRole('listitem', { name });

describe('/app/plans', () => {
  it('shows the three plans from the database with their prices, the current one marked', async () => {
    mockPlansApi();
    await openPlans();
    const items = within(screen.getByRole('list', { name: 'Plans disponibles' })).getAllByRole('listitem', { name: /^(Starter|Pro|Entreprise)/ });
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Starter', 'Pro', 'Entreprise']);
    expect(within(card(/^Starter/)).getByText(spaced('11,50 $ US'))).toBeTruthy();
    expect(within(card(/^Pro/)).getByText(spaced('23 $ US'))).toBeTruthy();
    expect(within(card(/^Entreprise/)).getByText(spaced('88 $ US'))).toBeTruthy();

    // The current plan (Pro) is marked and offers no change; the others do.
    const pro = card(/^Pro Plan actuel$/);
    expect(within(pro).getByText('Votre plan actuel')).toBeTruthy();
    expect(within(pro).queryByRole('button')).toBeNull();
    expect(within(card(/^Starter$/)).getByRole('button', { name: 'Changer de plan pour Starter' })).toBeTruthy();
    expect(within(card(/^Entreprise$/)).getByRole('button', { name: 'Changer de plan pour Entreprise' })).toBeTruthy();
  });

  it("shows this period's usage: the quota bar, the sending period and Shopify's billing cycle in French, and today's sends", async () => {
    mockPlansApi();
    await openPlans();
    const usage = screen.getByRole('region', { name: 'Votre plan' });
    expect(within(usage).getByText('Plan Pro')).toBeTruthy();
    const meter = within(usage).getByRole('meter', { name: 'E-mails envoyés sur la période d’envoi' });
    expect(meter.getAttribute('data-level')).toBe('yellow');
    expect(within(usage).getByText(spaced('2 550 / 3 000 e-mails'))).toBeTruthy();
    // The quota's period is not Shopify's billing cycle (which restarts at a plan change): each is named (decision 045).
    expect(within(usage).getByText('Période d’envoi du 1er octobre 2025 au 31 octobre 2025')).toBeTruthy();
    expect(within(usage).getByText(spaced('Facturation Shopify : cycle en cours jusqu’au 24 octobre 2025'))).toBeTruthy();
    expect(within(usage).queryByText(/Renouvellement/)).toBeNull();
    expect(within(usage).getByText(spaced('Aujourd’hui\u202f: 12 / 1 000 e-mails (limite quotidienne)'))).toBeTruthy();
  });

  it('turns the bar red from 90 %', async () => {
    mockPlansApi([], 2700);
    await openPlans();
    expect(screen.getByRole('meter').getAttribute('data-level')).toBe('red');
  });

  it("says 'E-mails illimités' on an unlimited plan", async () => {
    mockPlansApi([], 4210, null);
    await openPlans();
    const usage = screen.getByRole('region', { name: 'Votre plan' });
    expect(within(usage).getByText('E-mails illimités')).toBeTruthy();
    expect(within(usage).queryByRole('meter')).toBeNull();
    expect(card(/^Entreprise Plan actuel$/)).toBeTruthy();
  });

  it('warns, under a smaller plan, that this period already sent more than its quota', async () => {
    mockPlansApi([], 450);
    await openPlans();
    expect(within(card(/^Starter$/)).getByText(/Vous avez déjà envoyé 450 e-mails sur cette période d’envoi/)).toBeTruthy();
    expect(within(card(/^Entreprise$/)).queryByText(/Vous avez déjà envoyé/)).toBeNull();
  });

  it("inside the Shopify admin, opens Shopify's confirmation page in the admin's whole window (Shopify's pages refuse a frame)", async () => {
    const { leave } = servedInsideShopifyAdmin();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const location = stubLocation();
    restoreLocation = location.restore;
    try {
      const confirmation = 'https://maison-lumiere.myshopify.com/admin/charges/43/confirm';
      mockPlansApi([on(changePlan, { success: true, confirmation_url: confirmation })]);
      await openPlans();
      fireEvent.click(screen.getByRole('button', { name: 'Changer de plan pour Entreprise' }));
      await waitFor(() => expect(open).toHaveBeenCalledWith(confirmation, '_top'));
      expect(location.assign).not.toHaveBeenCalled();
    } finally {
      open.mockRestore();
      leave();
    }
  });

  it("'Changer de plan' calls plans-change and sends the browser to Shopify's confirmation page", async () => {
    const location = stubLocation();
    restoreLocation = location.restore;
    const confirmation = 'https://maison-lumiere.myshopify.com/admin/charges/42/confirm';
    const fetchMock = mockPlansApi([on(changePlan, { success: true, confirmation_url: confirmation })]);
    await openPlans();
    fireEvent.click(screen.getByRole('button', { name: 'Changer de plan pour Entreprise' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(confirmation));
    expect(sentBodyTo(fetchMock, changePlan)).toEqual({ plan_id: enterprise.id });
    // Until the browser has left: the chosen button says so, and no second subscription can start.
    expect(within(card(/^Entreprise$/)).getByRole('button', { name: 'Redirection vers Shopify…' })).toBeTruthy();
    expect((within(card(/^Starter$/)).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it("says 'URL de confirmation manquante' when plans-change answers without one", async () => {
    const location = stubLocation();
    restoreLocation = location.restore;
    mockPlansApi([on(changePlan, { success: true, confirmation_url: '' })]);
    await openPlans();
    fireEvent.click(screen.getByRole('button', { name: 'Changer de plan pour Starter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('URL de confirmation manquante');
    expect(location.assign).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Changer de plan pour Starter' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Erreur lors du changement de plan' with the server's reason when it gives one", async () => {
    mockPlansApi([on(changePlan, () => apiError(502, 'Shopify n’a pas pu créer l’abonnement. Réessayez dans un instant.', 'plan_change_failed'))]);
    await openPlans();
    fireEvent.click(screen.getByRole('button', { name: 'Changer de plan pour Starter' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Erreur lors du changement de planShopify n’a pas pu créer l’abonnement. Réessayez dans un instant.');
  });

  it("says only 'Erreur lors du changement de plan' when the server gives no reason", async () => {
    mockPlansApi([on(changePlan, () => malformedResponse({}, 502))]);
    await openPlans();
    fireEvent.click(screen.getByRole('button', { name: 'Changer de plan pour Starter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur lors du changement de plan');
  });

  it("'Synchroniser' re-reads the subscription, says so, and shows the plan afresh", async () => {
    let plan = currentPlanFixture(2550, 3000);
    const fetchMock = mockPlansApi([
      on(currentPlan, () => plan),
      on(syncPlan, (): ResponseOf<typeof syncPlan> => {
        if (callsTo(fetchMock, syncPlan).length > 1) plan = currentPlanFixture(2550, null);
        return { success: true, plan: plan.plan, subscription_status: 'active', notice: null };
      }),
    ]);
    await openPlans();
    // Opening the app re-read it once already.
    await waitFor(() => expect(callsTo(fetchMock, syncPlan)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Synchroniser' }));
    expect((await screen.findByText('Plan synchronisé avec succès')).closest('[role="status"]')).not.toBeNull();
    expect(callsTo(fetchMock, syncPlan)).toHaveLength(2);
    await screen.findByText('Plan Entreprise');
    expect(card(/^Entreprise Plan actuel$/)).toBeTruthy();
  });

  it("says 'Erreur lors de la synchronisation' when Shopify cannot be read", async () => {
    mockPlansApi([on(syncPlan, () => apiError(502, 'Erreur lors de la synchronisation', 'plan_sync_failed'))]);
    await openPlans();
    fireEvent.click(screen.getByRole('button', { name: 'Synchroniser' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur lors de la synchronisation');
    expect(screen.getByText('Plan Pro')).toBeTruthy();
  });

  it('shows a spinner, then an error with a retry when the plans cannot be loaded', async () => {
    let fail = true;
    const fetchMock = mockPlansApi([on(listPlans, () => (fail ? apiError(500, 'Erreur interne.', 'internal') : { plans }))]);
    renderRoute('/app/plans');
    expect(await screen.findByText('Chargement des plans…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement des plans')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await screen.findByRole('list', { name: 'Plans disponibles' });
    expect(callsTo(fetchMock, listPlans)).toHaveLength(2);
  });

  it("says 'Votre session a expiré. Veuillez vous reconnecter.' on a 401", async () => {
    mockPlansApi([on(currentPlan, () => apiError(401, 'Vous devez être connecté.', 'not_signed_in'))]);
    renderRoute('/app/plans');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Se reconnecter' }).getAttribute('href')).toBe('/login?redirect=/app/plans');
  });

  it('without a store: says so, then goes to /app/integrations after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockPlansApi([on(currentPlan, () => apiError(404, 'Aucune boutique Shopify active trouvée.', 'no_store'))]);
    const { router } = renderRoute('/app/plans');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Aucune boutique Shopify trouvée. Veuillez d’abord connecter votre boutique.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/plans');
    await act(() => vi.advanceTimersByTimeAsync(NO_STORE_REDIRECT_MS + 100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/integrations'));
  });
});
