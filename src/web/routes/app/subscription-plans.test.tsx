import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVATED_REDIRECT_MS } from '#web/components/plans/PlanChoice';
import { currentPlanFixture } from '#web/components/quota/fixtures';
import { currentPlan, listPlans } from '#core/api/plans';
import { renderRoute } from '#web/test/render';
import { mockSignedInApi, on } from '#web/test/endpoints';
import { plansFixture } from '#web/test/shopify-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

function mockApi() {
  return mockSignedInApi([on(listPlans, () => ({ plans: plansFixture })), on(currentPlan, () => currentPlanFixture(120, 3000))]);
}

async function open(search = '') {
  const result = renderRoute(`/app/subscription-plans${search}`);
  await screen.findByRole('heading', { level: 1, name: 'Plans d’abonnement' });
  return result;
}

describe('/app/subscription-plans', () => {
  it("says 'Choisissez votre plan' over the plans from the database, the current one marked", async () => {
    mockApi();
    await open();
    const section = screen.getByRole('region', { name: 'Choisissez votre plan' });
    const list = await within(section).findByRole('list', { name: 'Plans disponibles' });
    const pro = await within(list).findByRole('listitem', { name: 'Pro Plan actuel' });
    expect(within(pro).getByRole('heading', { level: 3, name: 'Pro' })).toBeTruthy();
    expect(within(pro).queryByRole('button')).toBeNull();
    expect(within(list).getByRole('button', { name: 'Choisir Starter' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Choisir Entreprise' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it("'Abonnement activé avec succès!' on ?status=success, then the dashboard after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi();
    const { router } = await open('?status=success');
    expect(await screen.findByText('Abonnement activé avec succès !')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(ACTIVATED_REDIRECT_MS + 100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it('words the code of ?status=error&message=', async () => {
    mockApi();
    await open('?status=error&message=billing_sync_failed');
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de vérifier votre abonnement auprès de Shopify. Réessayez dans un instant.');
  });

  it('lets a merchant whose current plan cannot be read choose any plan', async () => {
    mockSignedInApi([on(listPlans, () => ({ plans: plansFixture }))]);
    await open();
    expect(await screen.findByText(/Votre abonnement est actif/)).toBeTruthy();
    for (const name of ['Starter', 'Pro', 'Entreprise']) expect(await screen.findByRole('button', { name: `Choisir ${name}` })).toBeTruthy();
  });
});
