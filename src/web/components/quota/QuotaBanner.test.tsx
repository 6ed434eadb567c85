import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '#web/api/keys';
import type { CurrentPlan } from '#web/api/plans';
import { currentPlanFixture, spaced } from './fixtures';
import { currentPlan as plansCurrent } from '#core/api/plans';
import { apiError, renderRoute, renderWithProviders } from '#web/test/render';
import { mockSignedInApi, on } from '#web/test/endpoints';
import { QuotaBannerView } from './QuotaBanner';

const currentPlan = currentPlanFixture;

function renderBanner(plan: CurrentPlan) {
  return renderWithProviders(<QuotaBannerView plan={plan} />);
}

describe('the quota banner', () => {
  it('is hidden under 80 % (79 %)', () => {
    const { container } = renderBanner(currentPlan(2370, 3000));
    expect(container.textContent).toBe('');
  });

  it.each([
    [80, 2400],
    [94, 2820],
  ])('is an amber warning at %i %, a named region that is not an alert', (percent, used) => {
    renderBanner(currentPlan(used, 3000));
    const banner = screen.getByRole('region', { name: 'Quota bientôt atteint' });
    expect(banner.getAttribute('data-level')).toBe('warning');
    expect(banner.className).toContain('amber');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(banner).getByText(spaced(`Vous avez utilisé ${used.toLocaleString('fr-FR')} e-mails sur 3 000 (${percent} %)`))).toBeTruthy();
    // More than 50 left: no count.
    expect(within(banner).queryByText(/restants?$/)).toBeNull();
    expect(within(banner).getByRole('link', { name: 'Changer de plan' }).getAttribute('href')).toBe('/app/plans');
  });

  it.each([
    ['almost reached', 95, 2850, 'Quota presque atteint'],
    ['almost reached', 99, 2990, 'Quota presque atteint'],
    ['reached', 100, 3000, 'Quota atteint'],
    ['reached', 101, 3030, 'Quota atteint'],
  ])("is a red '%s' alert at %i %", (_state, _percent, used, heading) => {
    renderBanner(currentPlan(used, 3000));
    const banner = screen.getByRole('alert', { name: heading });
    expect(banner.getAttribute('data-level')).toBe('critical');
    expect(banner.className).toContain('red');
    expect(screen.queryByRole('region')).toBeNull();
    // What happens to the requests beyond the quota, and until when.
    expect(within(banner).getByText(/attendent la prochaine période d’envoi, le 31 octobre 2025, ou un plan supérieur/)).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Changer de plan' }).getAttribute('href')).toBe('/app/plans');
  });

  it("says 'Quota atteint' from the last e-mail of the quota, 'presque' one e-mail before", () => {
    const { unmount } = renderBanner(currentPlan(299, 300));
    expect(screen.getByRole('heading').textContent).toBe('Quota presque atteint');
    expect(screen.getByText('1 email restant')).toBeTruthy();
    unmount();
    renderBanner(currentPlan(300, 300));
    expect(screen.getByRole('heading').textContent).toBe('Quota atteint');
    expect(screen.getByText('0 email restant')).toBeTruthy();
  });

  it("says '50 emails restants' at 50 left, and nothing at 51", () => {
    const { unmount } = renderBanner(currentPlan(250, 300));
    expect(screen.getByRole('region', { name: 'Quota bientôt atteint' })).toBeTruthy();
    expect(screen.getByText('50 emails restants')).toBeTruthy();
    unmount();

    renderBanner(currentPlan(249, 300));
    expect(screen.getByRole('region', { name: 'Quota bientôt atteint' })).toBeTruthy();
    expect(screen.queryByText(/emails? restants?/)).toBeNull();
  });

  it('counts the remaining e-mails in the critical state too, down to none', () => {
    const { unmount } = renderBanner(currentPlan(2970, 3000));
    expect(screen.getByRole('alert', { name: 'Quota presque atteint' })).toBeTruthy();
    expect(screen.getByText('30 emails restants')).toBeTruthy();
    unmount();
    renderBanner(currentPlan(3000, 3000));
    expect(screen.getByRole('alert', { name: 'Quota atteint' })).toBeTruthy();
    expect(screen.getByText('0 email restant')).toBeTruthy();
  });

  it("shows 'Plan Entreprise – e-mails illimités' with this month's sends on an unlimited plan", () => {
    renderBanner(currentPlan(4210, null));
    const banner = screen.getByRole('region', { name: 'Plan Entreprise – e-mails illimités' });
    expect(within(banner).getByText(spaced('4 210 e-mails envoyés ce mois-ci'))).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Changer de plan' }).getAttribute('href')).toBe('/app/plans');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the quota banner on the dashboard and the send calendar', () => {
  it.each(['/app/dashboard', '/app/schedule'])('shows at the top of %s from plans-current', async (path) => {
    mockSignedInApi([on(plansCurrent, () => currentPlan(2550, 3000))]);
    renderRoute(path);
    const banner = await screen.findByRole('region', { name: 'Quota bientôt atteint' });
    expect(within(banner).getByText(spaced('Vous avez utilisé 2 550 e-mails sur 3 000 (85 %)'))).toBeTruthy();
  });

  it('stays out of the way when plans-current fails', async () => {
    mockSignedInApi([on(plansCurrent, () => apiError(500, 'Erreur interne.', 'internal'))]);
    const { queryClient } = renderRoute('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.currentPlan)?.status).toBe('error'));
    expect(screen.queryByRole('region', { name: /Quota/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Changer de plan' })).toBeNull();
  });
});
