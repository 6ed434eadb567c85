import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listFlows } from '#core/api/flows';
import { changePlan, listPlans } from '#core/api/plans';
import type { StoreSummary } from '#core/api/stores';
import { servedInsideShopifyAdmin } from '#web/test/admin-door';
import { activeStore, apiError, renderRoute, stubLocation } from '#web/test/render';
import { mockSignedInApi, on, sentBodyTo } from '#web/test/endpoints';
import { spaced } from '../components/quota/fixtures';
import { plansFixture as basePlans } from '../test/shopify-fixtures';

// Prices nobody would hard-code: the cards must show what GET /api/plans answers.
const plansFixture = basePlans.map((plan, i) => ({ ...plan, price_amount: ['12.00', '34.00', '56.00'][i]! }));
const [starterPlan, proPlan] = plansFixture as [(typeof plansFixture)[number], (typeof plansFixture)[number]];

let location: ReturnType<typeof stubLocation> | undefined;
afterEach(() => {
  location?.restore();
  location = undefined;
  vi.useRealTimers();
});

const CONFIRMATION = 'http://localhost:3000/_shopify/store/maison-lumiere.myshopify.com/admin/charges/42/confirm';

function api(status: StoreSummary['subscription_status'], extra: Parameters<typeof mockSignedInApi>[0] = []) {
  return mockSignedInApi([on(listPlans, () => ({ plans: plansFixture })), on(changePlan, { success: true, confirmation_url: CONFIRMATION }), ...extra], {
    store: { ...activeStore, subscription_status: status },
  });
}

async function open(path = '/subscription') {
  const result = renderRoute(path);
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Choisissez votre plan' }, { timeout: 5_000 });
  return result;
}

describe('/subscription', () => {
  it.each<[StoreSummary['subscription_status'], string]>([
    ['pending', 'Votre abonnement attend votre approbation sur Shopify'],
    ['declined', 'Vous avez refusé l’abonnement sur Shopify'],
    ['expired', 'La demande d’abonnement a expiré'],
    ['cancelled', 'Votre abonnement a été annulé'],
    ['frozen', 'Shopify a suspendu votre abonnement'],
    ['inactive', 'Aucun abonnement actif'],
  ])('explains a %s subscription and offers the plans from the database', async (status, explanation) => {
    api(status);
    await open();
    expect((await screen.findByText(new RegExp(explanation))).textContent).toContain(explanation);
    const plans = within(await screen.findByRole('list', { name: 'Plans disponibles' }));
    expect(plans.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(plansFixture.map((p) => p.name));
    expect(plans.getByText(spaced('34 $ US'))).toBeTruthy();
  });

  it('chooses a plan: plans-change, then Shopify’s confirmation page; one click only', async () => {
    const stub = (location = stubLocation());
    const fetchMock = api('declined');
    await open();
    const choose = await screen.findByRole('button', { name: `Choisir ${proPlan.name}` });
    fireEvent.click(choose);
    await waitFor(() => expect(stub.assign).toHaveBeenCalledWith(CONFIRMATION));
    expect(sentBodyTo(fetchMock, changePlan)).toEqual({ plan_id: proPlan.id });
    // Leaving for Shopify: every card stays disabled, the chosen one busy.
    expect(screen.getByRole('button', { name: 'Redirection vers Shopify…' }).getAttribute('aria-busy')).toBe('true');
    for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s French refusal and lets the merchant choose again', async () => {
    const stub = (location = stubLocation());
    api('pending', [on(changePlan, () => apiError(502, 'Shopify n’a pas pu créer l’abonnement. Réessayez dans un instant.', 'plan_change_failed'))]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: `Choisir ${proPlan.name}` }));
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur lors du changement de planShopify n’a pas pu créer l’abonnement. Réessayez dans un instant.');
    expect(stub.assign).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: `Choisir ${proPlan.name}` }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('words the billing callback’s refusal by its code, never a message from the URL', async () => {
    api('pending');
    await open('/subscription?status=error&error=subscription_not_approved&message=Appelez%20le%2008%2099');
    expect((await screen.findByRole('alert')).textContent).toBe('L’abonnement n’a pas été approuvé sur Shopify. Choisissez un plan pour réessayer.');
    expect(screen.queryByText(/08 99/)).toBeNull();
  });

  it.each([
    ['?status=error&message=subscription_start_failed', 'Shopify n’a pas pu créer l’abonnement. Réessayez dans un instant.'],
    ['?status=error&message=Appelez%20le%2008%2099', 'Une erreur est survenue avec l’abonnement. Veuillez réessayer.'],
    ['?status=error', 'Une erreur est survenue avec l’abonnement. Veuillez réessayer.'],
  ])('reads the spec’s message parameter as a code: %s', async (search, text) => {
    api('pending');
    await open(`/subscription${search}`);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    await screen.findByRole('list', { name: 'Plans disponibles' });
  });

  it("says 'URL de confirmation manquante' when plans-change answers without one", async () => {
    const stub = (location = stubLocation());
    api('pending', [on(changePlan, { success: true, confirmation_url: '' })]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: `Choisir ${starterPlan.name}` }));
    expect((await screen.findByRole('alert')).textContent).toBe('URL de confirmation manquante');
    expect(stub.assign).not.toHaveBeenCalled();
  });

  it("says 'Impossible de charger les plans' with a retry when the plans cannot be read", async () => {
    api('pending', [on(listPlans, () => apiError(500, 'Erreur interne.', 'internal'))]);
    await open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Impossible de charger les plans. Veuillez réessayer.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('confirms an activation, then goes to the dashboard after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api('active', [on(listFlows, { stores: [], store_id: activeStore.id, flows: [] })]);
    const { router } = await open('/subscription?status=success');
    expect(screen.getByRole('status').textContent).toContain('Abonnement activé avec succès\u202f!');
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/subscription');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it('without a connected store, links to the integrations', async () => {
    mockSignedInApi([on(listPlans, () => ({ plans: plansFixture }))], { store: null });
    await open();
    expect(await screen.findByText('Aucune boutique Shopify connectée')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller aux intégrations' }).getAttribute('href')).toBe('/app/integrations');
  });
});

describe('/subscription inside the Shopify admin', () => {
  it('names the page in the admin’s title bar, without the brand’s link out to the public site', async () => {
    const { leave } = servedInsideShopifyAdmin();
    try {
      api('pending');
      const { container } = await open();
      expect(container.querySelector('ui-title-bar')?.getAttribute('title')).toBe('Choisissez votre plan');
      expect(screen.queryByRole('link', { name: 'Avis Clients — accueil' })).toBeNull();
    } finally {
      leave();
    }
  });

  it('keeps the brand’s header on the standalone site', async () => {
    api('pending');
    const { container } = await open();
    expect(container.querySelector('ui-title-bar')).toBeNull();
    expect(screen.getByRole('link', { name: 'Avis Clients — accueil' })).toBeTruthy();
  });
});
