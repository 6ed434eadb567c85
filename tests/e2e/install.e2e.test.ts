import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/browser';
import { emulatorControl, signUp, uniqueEmail } from './support/flows';
import {
  choosePro,
  createAccountOnOnboarding,
  createShop as createShopOn,
  installFromShopify as installFromShopifyOn,
  installNewShop as installNewShopOn,
  MERCHANT_PASSWORD as PASSWORD,
} from './support/shop';
import { browserSuite } from './support/suite';

const suite = browserSuite();

const createShop = (name: string) => createShopOn(suite.app.url, name);
const installFromShopify = (page: Page, shop: string) => installFromShopifyOn(page, suite.app.url, shop);
const control = <T = unknown>(path: string, body: unknown = {}) => emulatorControl<T>(suite.app.url, path, body);
const installNewShop = (page: Page, name: string) => installNewShopOn(page, suite.app.url, name);

describe('installing from Shopify', () => {
  it('goes from the Shopify admin through consent, plan, new account and billing to the dashboard', async () => {
    const { page } = await suite.page();
    const shop = await createShop('nouvelle');
    await installFromShopify(page, shop);
    await choosePro(page);
    await page.getByText(`Finalisons l’installation pour ${shop}`).waitFor();
    await expectAccessible(page);
    await createAccountOnOnboarding(page, 'nouvelle');

    // Shopify's (the emulator's) charge confirmation page, then back to the app.
    await page.getByRole('button', { name: 'Approuver' }).click();
    await page.waitForURL(/\/app\/dashboard/);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();

    await page.goto(`${suite.app.url}/app/integrations`);
    await page.getByText(shop).first().waitFor();
    await expectAccessible(page);
  });

  it('declining the charge leaves the merchant in the Shopify admin; reopening the app explains it and lets them choose again', async () => {
    const { page } = await suite.page();
    const shop = await createShop('refus');
    await installFromShopify(page, shop);
    await choosePro(page);
    await createAccountOnOnboarding(page, 'refus');

    // Like Shopify: a declined charge goes back to the shop's admin, not to the app.
    await page.getByRole('button', { name: 'Refuser' }).click();
    await page.waitForURL(new RegExp(`/_shopify/store/${shop}/admin`));
    await page.getByText('Vous avez refusé le paiement').waitFor();

    // Opening the app from the admin: no OAuth (the token works), the gate sends it to the plan choice.
    await page.getByRole('link', { name: "Ouvrir l'application" }).click();
    await page.waitForURL(/\/subscription$/);
    await page.getByRole('heading', { level: 1, name: 'Choisissez votre plan' }).waitFor();
    await page.getByText(/refusé l’abonnement sur Shopify|attend votre approbation sur Shopify/).waitFor();
    await expectAccessible(page);
    await page
      .getByRole('button', { name: /^Choisir / })
      .nth(1)
      .click();
    await page.getByRole('button', { name: 'Approuver' }).click();
    await page.waitForURL(/\/app\/dashboard/);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  });

  it('lets an existing merchant sign in instead', async () => {
    const { page, context } = await suite.page();
    const email = uniqueEmail('existant');
    await signUp(page, suite.app.url, { name: 'Jules Leroy', email, password: PASSWORD });
    await page.waitForURL(/\/app\/integrations/);
    await context.clearCookies();

    const shop = await createShop('existante');
    await installFromShopify(page, shop);
    await choosePro(page);
    await page.getByRole('button', { name: 'Se connecter' }).first().click();
    await page.getByLabel(/e-?mail/i).fill(email);
    await page.getByLabel(/^mot de passe/i).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter et activer l’abonnement' }).click();
    await page.getByRole('button', { name: 'Approuver' }).click();
    await page.waitForURL(/\/app\/dashboard/);
  });
  it('schedules a review request for the first fulfilled order with the default flow, without visiting the flow page', async () => {
    const { page } = await suite.page();
    const shop = await installNewShop(page, 'premiere-commande');

    // The default flow made at install is announced on the dashboard.
    const next = page.getByRole('region', { name: 'Et maintenant ?' });
    await next.getByText('« Nouveau flux » : 3 jours après l’expédition.').waitFor();

    // A paid order on the local Shopify, then its fulfilment: Shopify sends orders/fulfilled.
    const order = await control<{ id: number; name: string }>(`shops/${shop}/orders`, {
      total: '59.90',
      financialStatus: 'paid',
      customer: { firstName: 'Camille', lastName: 'Moreau', email: uniqueEmail('camille') },
    });
    await control(`orders/${order.id}/fulfil`);

    // Delivery and the worker's processing are asynchronous: reload the calendar until the request shows.
    await page.goto(`${suite.app.url}/app/schedule`);
    await page.getByRole('heading', { level: 1, name: 'Calendrier d’envoi' }).waitFor();
    const requests = page.getByRole('listitem').filter({ hasText: 'Camille Moreau' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: 'Calendrier d’envoi' }).waitFor();
          await page.getByText('Chargement des demandes d’avis…').waitFor({ state: 'hidden' });
          return requests.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    const request = requests.first();
    // The badges carry a visually hidden prefix for screen readers ('Statut :', 'Échéance :').
    await request.getByText(/^Statut\s: Programmé$/).waitFor();
    await request.getByText(/^Échéance\s: Dans 3 jours$/).waitFor();
    await request.getByText(`Commande ${order.name}`).waitFor();
    expect(page.url()).not.toMatch(/\/app\/flow/);
    await expectAccessible(page);
  });
});

describe('install errors', () => {
  it('shows the entry errors with a Close button', async () => {
    const { page } = await suite.page();
    await page.goto(`${suite.app.url}/shopify/entry`);
    await page.getByText('Paramètre shop manquant. Veuillez réinstaller l’application depuis Shopify.').waitFor();
    expect(await page.getByRole('button', { name: /fermer/i }).count()).toBe(1);
    await expectAccessible(page);
    await page.goto(`${suite.app.url}/shopify/entry?shop=example.com`);
    await page.getByText('Domaine Shopify invalide. Veuillez utiliser votre domaine .myshopify.com').waitFor();
  });

  it('shows the install screen for a forged install link', async () => {
    const { page } = await suite.page();
    const shop = await createShop('falsifiee');
    await page.goto(`${suite.app.url}/shopify/entry?shop=${shop}&timestamp=${Math.floor(Date.now() / 1000)}&hmac=deadbeef`);
    await page.waitForURL(/\/shopify\/install\?error=invalid_hmac/);
    await page.getByText('La requête Shopify n’est pas valide. Veuillez réessayer.').waitFor();
    await expectAccessible(page);
  });

  it('shows the installation error screen for an unknown link', async () => {
    const { page } = await suite.page();
    await page.goto(`${suite.app.url}/shopify/onboarding?token=inconnu&shop=x.myshopify.com&plan_id=x`);
    await page.getByRole('heading', { name: 'Erreur d’installation' }).waitFor();
    await page.getByText('Lien d’installation introuvable').waitFor();
    await expectAccessible(page);
  });
});
