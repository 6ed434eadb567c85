import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listPlans } from '#core/api/plans';
import { createTestInstallation } from '#core/api/shopify';
import { renderRoute } from '#web/test/render';
import { callsTo, mockApi, on, sentBodyTo } from '#web/test/endpoints';
import { plansFixture } from '#web/test/shopify-fixtures';

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const planSelectionUrl = 'http://localhost:3000/shopify/plan-selection?token=tok_9&shop=maison-lumiere.myshopify.com';

function testApi(emulatorShop: 'created' | 'existing' | null = 'created') {
  return mockApi([
    on(listPlans, () => ({ plans: plansFixture })),
    on(createTestInstallation, () => ({ token: 'tok_9', shop: 'maison-lumiere.myshopify.com', plan_selection_url: planSelectionUrl, emulator_shop: emulatorShop })),
  ]);
}

async function createLink() {
  fireEvent.click(screen.getByRole('button', { name: 'Créer le lien d’installation' }));
  await screen.findByLabelText('Lien de sélection du plan');
}

async function open() {
  const result = renderRoute('/shopify/test-onboarding');
  await screen.findByRole('heading', { level: 1, name: 'Test de l’installation Shopify' });
  return result;
}

describe('/shopify/test-onboarding', () => {
  it('lists the plans as a configuration check and links to the local Shopify', async () => {
    testApi();
    await open();
    expect(await screen.findByText('3 plans actifs trouvés')).toBeTruthy();
    expect(screen.getByText('Starter')).toBeTruthy();
    expect(screen.getByText('Entreprise')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ouvrir le Shopify local' }).getAttribute('href')).toBe('/_shopify');
    expect(screen.getByRole('heading', { level: 2, name: 'Mode d’emploi' })).toBeTruthy();
    expect((screen.getByLabelText('Domaine de la boutique de test') as HTMLInputElement).value).toBe('maison-lumiere.myshopify.com');
  });

  it('creates a test installation, shows the URL, copies it (Copié for 2 s) and links to it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const fetchMock = testApi();
    await open();
    fireEvent.change(screen.getByLabelText('Domaine de la boutique de test'), {
      target: { value: ' https://Maison-Lumiere.myshopify.com/ ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Créer le lien d’installation' }));

    const field = (await screen.findByLabelText('Lien de sélection du plan')) as HTMLInputElement;
    expect(field.value).toBe(planSelectionUrl);
    expect(field.readOnly).toBe(true);
    expect(sentBodyTo(fetchMock, createTestInstallation)).toEqual({ shop: 'maison-lumiere.myshopify.com' });
    const openLink = screen.getByRole('link', { name: 'Ouvrir (nouvel onglet)' });
    expect(openLink.getAttribute('href')).toBe(planSelectionUrl);
    expect(openLink.getAttribute('target')).toBe('_blank');

    fireEvent.click(screen.getByRole('button', { name: 'Copier' }));
    expect(await screen.findByRole('button', { name: 'Copié' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(planSelectionUrl);
    act(() => {
      vi.advanceTimersByTime(2_100);
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copier' })).toBeTruthy());
  });

  it('says the test shop was created on the local Shopify', async () => {
    testApi('created');
    await open();
    await createLink();
    expect(screen.getByText('Boutique maison-lumiere.myshopify.com créée sur le Shopify local.')).toBeTruthy();
  });

  it('says the test shop already exists on the local Shopify', async () => {
    testApi('existing');
    await open();
    await createLink();
    expect(screen.getByText('La boutique maison-lumiere.myshopify.com existe déjà sur le Shopify local.')).toBeTruthy();
    expect(screen.queryByText(/créée sur le Shopify local/)).toBeNull();
  });

  it('without the local Shopify, says the shop must exist on Shopify with the app available', async () => {
    testApi(null);
    await open();
    await createLink();
    expect(screen.getByText(/La boutique maison-lumiere\.myshopify\.com doit exister/).textContent).toContain('l’application doit y être disponible');
    expect(screen.queryByText(/sur le Shopify local\./)).toBeNull();
  });

  it('refuses a domain that is not .myshopify.com', async () => {
    const fetchMock = testApi();
    await open();
    fireEvent.change(screen.getByLabelText('Domaine de la boutique de test'), { target: { value: 'boutique.fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer le lien d’installation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Domaine Shopify invalide. Veuillez utiliser votre domaine .myshopify.com');
    expect(callsTo(fetchMock, createTestInstallation)).toHaveLength(0);
  });
});
