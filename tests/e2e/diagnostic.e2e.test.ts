import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser';
import { DEMO, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: the demo store is installed on the local Shopify with real tokens and its webhooks
// registered at start, as an install registers them (issue 17): a fresh start is all green.
const suite = browserSuite({ DEMO_MODE: 'true' });

describe('connection diagnostic in a browser', () => {
  it('is all green on a fresh start: token, orders, webhooks on both sides, flow, deliveries, customer data', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/shopify-diagnostic');
    await page.waitForURL(/\/app\/shopify-diagnostic/);
    await page.getByRole('heading', { level: 1, name: 'Diagnostic Shopify' }).waitFor();
    const steps = page.getByRole('listitem').filter({ hasText: /Réussi|Avertissement|Erreur|En cours|En attente/ });
    await expect.poll(async () => (await steps.allInnerTexts()).filter((t) => /En cours|En attente/.test(t)).length, { timeout: 20_000 }).toBe(0);
    const states = await steps.allInnerTexts();
    expect(states.length).toBeGreaterThanOrEqual(8);
    expect(states.filter((t) => /Avertissement|Erreur/.test(t))).toEqual([]);
    expect(await page.getByRole('button', { name: 'Enregistrer les webhooks' }).count()).toBe(0);
    await expectAccessible(page);

    // The access token never reaches the browser.
    const body = await page.content();
    expect(body).not.toMatch(/shpat_/);
  });
});
