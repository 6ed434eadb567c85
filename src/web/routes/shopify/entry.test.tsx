import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkShopParam, normalizeShopDomain } from '#web/lib/shopify';
import { shopifyAuth } from '#core/api/shopify';
import { renderRoute, stubLocation } from '#web/test/render';
import { mockApi } from '#web/test/endpoints';

let location: ReturnType<typeof stubLocation> | undefined;

afterEach(() => {
  location?.restore();
  location = undefined;
  vi.restoreAllMocks();
});

describe('shop normalisation', () => {
  it.each([
    ['maison-lumiere.myshopify.com', 'maison-lumiere.myshopify.com'],
    ['  Maison-Lumiere.MyShopify.com  ', 'maison-lumiere.myshopify.com'],
    ['https://maison-lumiere.myshopify.com/', 'maison-lumiere.myshopify.com'],
    ['HTTP://maison-lumiere.myshopify.com//', 'maison-lumiere.myshopify.com'],
  ])('%j becomes %j', (raw, shop) => {
    expect(normalizeShopDomain(raw)).toBe(shop);
    expect(checkShopParam(raw)).toEqual({ ok: true, shop });
  });

  it('tells a missing shop from an invalid one', () => {
    expect(checkShopParam(null)).toEqual({ ok: false, error: 'missing' });
    expect(checkShopParam('   ')).toEqual({ ok: false, error: 'missing' });
    expect(checkShopParam('maison-lumiere.com')).toEqual({ ok: false, error: 'invalid' });
    expect(checkShopParam('https://')).toEqual({ ok: false, error: 'missing' });
  });
});

describe('/shopify/entry', () => {
  it('sends the browser to shopify-auth with the original query, untouched', async () => {
    mockApi();
    const stub = (location = stubLocation());
    const search = '?shop=%20HTTPS%3A%2F%2FMaison-Lumiere.myshopify.com%2F&hmac=ab12cd&host=YWRtaW4&timestamp=1700000000';
    renderRoute(`/shopify/entry${search}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion à Shopify' })).toBeTruthy();
    expect((await screen.findByText('Redirection vers Shopify...')).closest('[role="status"]')).not.toBeNull();
    // The redirect runs in an effect, after the text is painted.
    await waitFor(() => expect(stub.replace).toHaveBeenCalledTimes(1));
    expect(stub.replace).toHaveBeenCalledWith(`${shopifyAuth.path}${search}`);
    expect(screen.getByRole('link', { name: 'Continuer vers Shopify' }).getAttribute('href')).toBe(`${shopifyAuth.path}${search}`);
  });

  it('passes a plain install link as it came', async () => {
    mockApi();
    const stub = (location = stubLocation());
    renderRoute('/shopify/entry?hmac=ff&host=aG9zdA&shop=boutique.myshopify.com&timestamp=1');
    await screen.findByText('Redirection vers Shopify...');
    await waitFor(() => expect(stub.replace).toHaveBeenCalledWith(`${shopifyAuth.path}?hmac=ff&host=aG9zdA&shop=boutique.myshopify.com&timestamp=1`));
  });

  it('explains a missing shop and offers to close the window', async () => {
    mockApi();
    location = stubLocation();
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderRoute('/shopify/entry?hmac=ff');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Paramètre shop manquant. Veuillez réinstaller l’application depuis Shopify.');
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(close).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('refuses a domain that is not .myshopify.com', async () => {
    mockApi();
    location = stubLocation();
    renderRoute('/shopify/entry?shop=maison-lumiere.com&hmac=ff');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Domaine Shopify invalide. Veuillez utiliser votre domaine .myshopify.com')).toBeTruthy();
    expect(location.replace).not.toHaveBeenCalled();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
