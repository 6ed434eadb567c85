/**
 * The admin door (issue 47, decision 053) in Chromium, through the local Shopify's admin: a shop
 * installed as a new merchant does, then opened from its Shopify admin in a browser that has never
 * signed in to the app. The admin frames the app with its signed load; the app loads App Bridge (the
 * local stand-in), gets its session token from the admin, and shows the dashboard with no sign-in and
 * no cookie; the admin's menu and title bar are the app's. The browser enforces the documents' CSP
 * here (no bypass): a page framed outside its shop's admin would not show.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMULATOR_API_SECRET } from '#server/config';
import { DESKTOP } from './support/browser';
import { createShop, installNewShop } from './support/shop';
import { emulatorControl } from './support/flows';
import { browserSuite } from './support/suite';

const suite = browserSuite();
/** The local Shopify's app (src/server/config.ts EMULATOR_API_KEY). */
const API_KEY = 'emulator-client-id';

describe('the app inside the Shopify admin', () => {
  it('opens on the dashboard without any sign-in; the admin’s menu, title bar, save bar and toasts are the app’s', async () => {
    const { page: installer } = await suite.page();
    const shop = await installNewShop(installer, suite.app.url, 'porte-admin');

    // A browser that never signed in to the app, with the CSP enforced.
    const context = await suite.browser.newContext({ viewport: DESKTOP, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.goto(`${suite.app.url}/_shopify/admin/${shop}/apps/${API_KEY}`);
      const frame = page.frameLocator('iframe[title^="Application"]');
      await frame.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
      // Drawn by the server with the load's session token (decision 039), then taken over by the app as
      // drawn: a mismatch would be logged as an error.
      expect(await frame.locator('script#app-state').count()).toBe(1);
      await frame.locator('#root:not([inert])').waitFor();
      // The dashboard's own data, read with the session token: the store's name is not needed, its screen is.
      await frame.getByRole('main').waitFor();
      expect(await frame.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(0);

      // The admin draws the app's menu and title.
      const menu = page.getByRole('navigation', { name: "Navigation de l'application" });
      await menu.getByRole('link', { name: 'Configuration du flux' }).waitFor();
      await page.locator('#app-title').getByText('Tableau de bord').waitFor();

      // A click in the admin's menu moves the app, which tells the admin its new title.
      await menu.getByRole('link', { name: 'Configuration du flux' }).click();
      await frame.getByRole('heading', { level: 1, name: 'Configuration du flux' }).waitFor();
      await page.locator('#app-title').getByText('Configuration du flux').waitFor();

      // A new flow: the admin's save bar shows the unsaved form; saving from it confirms with the admin's toast.
      await frame.getByRole('button', { name: 'Ajouter un flux' }).click();
      await frame.getByLabel('Nom du flux').fill('Flux de l’administration');
      const saveBar = page.getByRole('region', { name: 'Modifications non enregistrées' });
      await saveBar.waitFor();
      await saveBar.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByRole('status').getByText('Flux enregistré avec succès !').waitFor();
      await frame.getByText('Flux de l’administration').first().waitFor();
      await saveBar.waitFor({ state: 'hidden' });

      // Nothing was kept in the browser for the app: the session token did it all.
      expect((await context.cookies(suite.app.url)).filter((cookie) => cookie.name.includes('session'))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses an expired session token from the admin, then works again with a fresh one', async () => {
    const { page: installer } = await suite.page();
    const shop = await installNewShop(installer, suite.app.url, 'jeton-perime');
    const context = await suite.browser.newContext({ viewport: DESKTOP, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      // Every token the admin mints is expired: the app's load goes to the bounce page, whose reload is
      // refused in French, in the admin's frame.
      await page.goto(`${suite.app.url}/_shopify/admin/${shop}/apps/${API_KEY}?token=expired`);
      const frame = page.frameLocator('iframe[title^="Application"]');
      await frame.getByText('Ce lien d’ouverture depuis Shopify n’est pas valable ou a expiré.', { exact: false }).waitFor();
      expect(await frame.getByRole('heading', { level: 1, name: 'Tableau de bord' }).count()).toBe(0);
      // Valid tokens again: the dashboard opens.
      await page.goto(`${suite.app.url}/_shopify/admin/${shop}/apps/${API_KEY}`);
      await page.frameLocator('iframe[title^="Application"]').getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('refuses a load of one shop carrying another shop’s session token, in French', async () => {
    const [mine, theirs] = [await createShop(suite.app.url, 'porte-a'), await createShop(suite.app.url, 'porte-b')];
    await emulatorControl(suite.app.url, `shops/${theirs}/install-managed`);
    const { token } = await emulatorControl<{ token: string }>(suite.app.url, `shops/${theirs}/session-token`);
    // A load as Shopify's admin signs it, for one shop, with the other shop's token.
    const query: Record<string, string> = {
      embedded: '1',
      shop: mine,
      host: Buffer.from(`${mine}/admin`).toString('base64url'),
      id_token: token,
      locale: 'fr',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const message = Object.keys(query)
      .sort()
      .map((key) => `${key}=${encodeURIComponent(query[key]!)}`)
      .join('&');
    const hmac = createHmac('sha256', EMULATOR_API_SECRET).update(message).digest('hex');
    const context = await suite.browser.newContext({ viewport: DESKTOP, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const res = await page.goto(`${suite.app.url}/app/dashboard?${new URLSearchParams({ ...query, hmac }).toString()}`);
      expect(res?.status()).toBe(400);
      await page.getByRole('heading', { level: 1, name: 'Ouverture refusée' }).waitFor();
      await page.getByText('Ce lien d’ouverture depuis Shopify n’est pas valable ou a expiré.', { exact: false }).waitFor();
    } finally {
      await context.close();
    }
  });
});
