import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '#core/api/auth';
import { claimInstallation, shopifyAuth } from '#core/api/shopify';
import { apiError, renderRoute, stubLocation, testSession } from '#web/test/render';
import { callsTo, mockApi, on, sentBodyTo } from '#web/test/endpoints';
import { installation, installShop, installToken, proPlan, tokenMessages } from '#web/test/shopify-fixtures';

let location: ReturnType<typeof stubLocation> | undefined;

afterEach(() => {
  location?.restore();
  location = undefined;
  vi.restoreAllMocks();
});

describe('/shopify/install', () => {
  it.each([
    ['invalid_hmac', 'La requête Shopify n’est pas valide. Veuillez réessayer.'],
    ['server_error', 'Une erreur serveur s’est produite. Veuillez réessayer.'],
    ['invalid_token', 'Le lien d’installation a expiré. Veuillez réinstaller l’application.'],
    ['something_else', 'Une erreur s’est produite.'],
    ['constructor', 'Une erreur s’est produite.'],
  ])('shows the text of error=%s with a Close button', async (code, text) => {
    mockApi();
    renderRoute(`/shopify/install?error=${code}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Erreur d’installation' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it.each(['', `?token=${installToken}`, `?shop=${installShop}`])('reports missing parameters (%s)', async (search) => {
    mockApi();
    renderRoute(`/shopify/install${search}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Paramètres d’installation manquants. Veuillez réinstaller l’application depuis Shopify.');
  });

  it('sends a signed-out visitor to the onboarding with token, shop and plan_id', async () => {
    mockApi();
    const { router } = renderRoute(`/shopify/install?token=${installToken}&shop=${installShop}&plan_id=${proPlan.id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/shopify/onboarding'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ token: installToken, shop: installShop, plan_id: proPlan.id });
  });

  it("claims a signed-in merchant's link and goes on to Shopify", async () => {
    location = stubLocation();
    const fetchMock = mockApi([
      on(getSession, () => testSession),
      on(claimInstallation, () => ({ redirect_url: `${shopifyAuth.path}?shop=x.myshopify.com&state=s1` }), installation),
    ]);
    renderRoute(`/shopify/install?token=${installToken}&shop=${installShop}&plan_id=${proPlan.id}`);
    await waitFor(() => expect(location!.assign).toHaveBeenCalledWith(`${shopifyAuth.path}?shop=x.myshopify.com&state=s1`));
    expect(sentBodyTo(fetchMock, claimInstallation, installation)).toEqual({ plan_id: proPlan.id });
    expect(callsTo(fetchMock, claimInstallation, installation)).toHaveLength(1);
  });

  it('says the link is invalid when the claim refuses it', async () => {
    location = stubLocation();
    mockApi([on(getSession, () => testSession), on(claimInstallation, () => apiError(409, tokenMessages.used, 'installation_claim_refused'), installation)]);
    renderRoute(`/shopify/install?token=${installToken}&shop=${installShop}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Le lien d’installation a expiré ou n’est pas valide...');
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('offers to choose a plan when none was selected', async () => {
    mockApi([on(getSession, () => testSession), on(claimInstallation, () => apiError(400, 'Aucun plan sélectionné. Veuillez choisir un plan.', 'no_plan_selected'), installation)]);
    renderRoute(`/shopify/install?token=${installToken}&shop=${installShop}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Aucun plan sélectionné. Veuillez choisir un plan.');
    expect(screen.getByRole('link', { name: 'Choisir un plan' }).getAttribute('href')).toBe(`/shopify/plan-selection?token=${installToken}&shop=${installShop}`);
  });
});
