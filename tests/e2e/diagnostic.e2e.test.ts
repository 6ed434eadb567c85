import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser';
import { DEMO, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: the demo store is installed on the local Shopify with real tokens, but its webhooks are
// not subscribed yet: the diagnostic finds it and fixes it.
const suite = browserSuite({ DEMO_MODE: 'true' });

describe('connection diagnostic in a browser', () => {
  it('runs the steps, reports missing webhooks, and fixes them from the page', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/shopify-diagnostic');
    await page.waitForURL(/\/app\/shopify-diagnostic/);
    await page.getByRole('heading', { level: 1, name: 'Diagnostic Shopify' }).waitFor();
    const register = page.getByRole('button', { name: 'Enregistrer les webhooks' }).first();
    await register.waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: "Jeton d'accès" }).getByText('Réussi').count()).toBeGreaterThan(0);
    await expectAccessible(page);

    await register.click();
    await page.getByText('Webhooks enregistrés').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Enregistrer les webhooks' }).count(), { timeout: 15_000 }).toBe(0);
    await expectAccessible(page);

    // The access token never reaches the browser.
    const body = await page.content();
    expect(body).not.toMatch(/shpat_/);
  });
});
