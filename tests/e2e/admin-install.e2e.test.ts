/**
 * Installing from the Shopify admin, Shopify-managed (issue 47, decision 053), in Chromium: a new shop
 * on the local Shopify installs the app from its admin's App Store button. Shopify installs it with the
 * app's declared scopes, with no redirect to the app, and opens it in the admin: the app's first load
 * exchanges its session token for the shop's offline token, connects the store to a new account named
 * by the shop owner's e-mail, and, the store having no subscription yet, asks for a plan. No sign-in
 * anywhere, no cookie; the CSP is enforced (no bypass). The plan's confirmation page is Shopify's and
 * refuses every frame: the admin's own window goes there, and Shopify brings the merchant back to the
 * app in the admin, on the dashboard. The account is then the merchant's on the standalone site once
 * they set a password with « Mot de passe oublié ».
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP } from './support/browser';
import { requestPasswordReset, setNewPassword, signIn } from './support/flows';
import { createShop, shopAdminPath } from './support/shop';
import { browserSuite } from './support/suite';

const suite = browserSuite();
/** The local Shopify's app (src/server/config.ts EMULATOR_API_KEY). */
const API_KEY = 'emulator-client-id';
const MANAGED_INSTALL = "Installer depuis l'App Store (installation gérée par Shopify)";

describe('installing the app from the Shopify admin (Shopify-managed installation)', () => {
  it('opens the app in the admin with no sign-in, which asks the new merchant for a plan and comes back to the dashboard in the admin once Shopify’s confirmation page approves it', async () => {
    const shop = await createShop(suite.app.url, 'installation-geree');
    // The merchant's browser: never signed in to the app, with the CSP enforced.
    const context = await suite.browser.newContext({ viewport: DESKTOP, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      await page.goto(shopAdminPath(suite.app.url, shop));
      await page.getByRole('button', { name: MANAGED_INSTALL }).click();
      // No consent page and no stop at the app's install entry: straight into the admin, on the app.
      await page.waitForURL(`${suite.app.url}/_shopify/admin/${shop}/apps/${API_KEY}**`);
      const frame = page.frameLocator('iframe[title^="Application"]');
      const iframeSrc = new URL((await page.locator('iframe[title^="Application"]').getAttribute('src'))!);
      expect(iframeSrc.pathname).toBe('/app/dashboard');

      // A new merchant without a subscription: the dashboard's gate asks for a plan, inside the admin.
      await frame.getByRole('heading', { level: 1, name: 'Choisissez votre plan' }).waitFor();
      await frame.getByText('Aucun abonnement actif : choisissez un plan pour commencer à envoyer des demandes d’avis.').waitFor();
      for (const plan of ['Starter', 'Pro', 'Entreprise']) await frame.getByRole('button', { name: `Choisir ${plan}` }).waitFor();
      expect(await frame.getByRole('heading', { level: 1, name: 'Tableau de bord' }).count()).toBe(0);
      // The admin follows the app: its address and its title bar.
      await page.waitForURL(`${suite.app.url}/_shopify/admin/${shop}/apps/${API_KEY}/subscription`);
      await page.locator('#app-title').getByText('Choisissez votre plan').waitFor();

      // Shopify installed the app with its declared scopes; the app's token came by token exchange.
      const state = (await (await fetch(`${suite.app.url}/_shopify/control/shops/${shop}`)).json()) as {
        shop: { installed: boolean; installation: { scopes: string[] } };
      };
      expect(state.shop.installed).toBe(true);
      expect(state.shop.installation.scopes).toEqual(expect.arrayContaining(['read_orders']));
      // Nothing was kept in the browser for the app: the session token did it all.
      expect((await context.cookies(suite.app.url)).filter((cookie) => cookie.name.includes('session'))).toEqual([]);

      // The plan: Shopify's confirmation page, in the admin's own window (Shopify's pages refuse frames).
      await frame.getByRole('button', { name: 'Choisir Pro' }).click();
      await page.waitForURL(new RegExp(`/_shopify/store/${shop.replace(/\./g, '\\.')}/admin/charges/\\d+/confirm$`));
      await page.getByRole('heading', { level: 1, name: "Approuver l'abonnement" }).waitFor();
      await page.getByText('Pro', { exact: true }).waitFor();
      // Approved: Shopify brings the merchant back to the app in the admin (no cookie needed), whose
      // load reads the billing again: the gate lets the dashboard show.
      await page.getByRole('button', { name: 'Approuver' }).click();
      await page.waitForURL(`${suite.app.url}/_shopify/admin/${shop}/apps/${API_KEY}/app/dashboard**`);
      await frame.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
      await page.locator('#app-title').getByText('Tableau de bord').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The account is the shop owner's e-mail's, without a password: « Mot de passe oublié » sets one.
    const email = `owner@${shop.replace('.myshopify.com', '')}.example`;
    const { page } = await suite.page();
    await page.goto(await requestPasswordReset(page, suite.app.url, email));
    const password = 'Boutique-Geree-2026';
    await setNewPassword(page, password);
    // Signed in on the standalone site: the same store, with its plan.
    await signIn(page, suite.app.url, email, password, '/app/dashboard');
    await page.waitForURL(`${suite.app.url}/app/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  });
});
