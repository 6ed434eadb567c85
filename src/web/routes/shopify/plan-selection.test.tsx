import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPlans } from '#core/api/plans';
import { getInstallation, selectInstallationPlan } from '#core/api/shopify';
import { apiError, renderRoute } from '#web/test/render';
import { mockApi, on, sentBodyTo } from '#web/test/endpoints';
import { installationFixture, installation, installShop, installToken, plansFixture, proPlan, tokenMessages } from '#web/test/shopify-fixtures';

const url = `/shopify/plan-selection?token=${installToken}&shop=${installShop}`;

function planApi(overrides: Parameters<typeof mockApi>[0] = []) {
  return mockApi([
    on(listPlans, () => ({ plans: plansFixture })),
    on(getInstallation, () => installationFixture(), installation),
    on(selectInstallationPlan, () => ({ ok: true }), installation),
    ...overrides,
  ]);
}

async function openCards() {
  const result = renderRoute(url);
  const list = await screen.findByRole('list', { name: 'Plans disponibles' });
  return {
    ...result,
    cards: within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list),
  };
}

describe('/shopify/plan-selection', () => {
  it('shows the loading state, then three cards with API prices, the second POPULAIRE', async () => {
    planApi();
    renderRoute(url);
    expect((await screen.findByText('Chargement des plans...')).closest('[role="status"]')).not.toBeNull();
    const list = await screen.findByRole('list', { name: 'Plans disponibles' });
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(cards).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Choisissez votre plan' })).toBeTruthy();
    expect(screen.getByText(`Pour la boutique ${installShop}`)).toBeTruthy();
    expect(within(cards[0]!).queryByText('POPULAIRE')).toBeNull();
    expect(within(cards[1]!).getByText('POPULAIRE')).toBeTruthy();
    expect(within(cards[2]!).queryByText('POPULAIRE')).toBeNull();
    expect(within(cards[0]!).getByRole('heading', { level: 2, name: 'Starter' })).toBeTruthy();
    expect(within(cards[0]!).getByText(/^47\s\$\sUS$/)).toBeTruthy();
    expect(within(cards[1]!).getByText(/^77\s\$\sUS$/)).toBeTruthy();
    expect(within(cards[2]!).getByText(/^107\s\$\sUS$/)).toBeTruthy();
    expect(screen.getByText(/Facturation mensuelle via Shopify, sans engagement/)).toBeTruthy();
  });

  it('stores the choice, then goes to the onboarding with plan_id; the button says Redirection...', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = planApi([
      on(
        selectInstallationPlan,
        async () => {
          await held;
          return { ok: true };
        },
        installation,
      ),
    ]);
    const { router, cards } = await openCards();
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Choisir Pro' }));

    const busy = await within(cards[1]!).findByRole('button', { name: 'Redirection...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((within(cards[0]!).getByRole('button', { name: 'Choisir Starter' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(cards[2]!).getByRole('button', { name: 'Choisir Entreprise' }) as HTMLButtonElement).disabled).toBe(true);
    release();

    await waitFor(() => expect(router.state.location.pathname).toBe('/shopify/onboarding'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      token: installToken,
      shop: installShop,
      plan_id: proPlan.id,
    });
    expect(sentBodyTo(fetchMock, selectInstallationPlan, installation)).toEqual({ plan_id: proPlan.id });
  });

  it('says when the plan cannot be selected and lets the merchant try again', async () => {
    planApi([on(selectInstallationPlan, () => apiError(500, 'Erreur interne'), installation)]);
    const { router, cards } = await openCards();
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Choisir Starter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de sélectionner le plan. Veuillez réessayer.');
    expect((within(cards[0]!).getByRole('button', { name: 'Choisir Starter' }) as HTMLButtonElement).disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/shopify/plan-selection');
  });

  it('says when the plans cannot be loaded', async () => {
    planApi([on(listPlans, () => apiError(500, 'Erreur'))]);
    renderRoute(url);
    expect(await screen.findByText('Impossible de charger les plans. Veuillez réessayer.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('shows the error of an expired link', async () => {
    planApi([on(getInstallation, () => apiError(410, tokenMessages.expired, 'installation_expired'), installation)]);
    renderRoute(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Erreur d’installation' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(tokenMessages.expired);
    expect(screen.getByText(tokenMessages.expired).closest('[lang="en"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });
});
