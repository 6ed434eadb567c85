import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE } from './support/browser';
import { browserSuite } from './support/suite';
import { DEMO, signIn } from './support/flows';

// Demo mode: a merchant with a connected shop on an active plan.
const suite = browserSuite({ DEMO_MODE: 'true' });

const SIDEBAR = [
  ['Tableau de bord', '/app/dashboard'],
  ['Avis clients', '/app/feedback'],
  ["Calendrier d'envoi", '/app/schedule'],
  ['Actions conditionnelles', '/app/conditional'],
  ['Configuration du flux', '/app/flow'],
  ['Configuration upsell', '/app/upsell'],
  ['Branding & Pages', '/app/branding'],
  ["Templates d'emails", '/app/email-templates'],
  ['Intégrations', '/app/integrations'],
];

describe('the walking skeleton in a browser', () => {
  it('reports itself healthy: database, migrations and worker', async () => {
    const res = await fetch(`${suite.app.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: { ok: true, kind: 'pglite' }, migrations: { current: true }, worker: { ok: true } });
  });

  it('renders the landing page with the plans from the database', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // Prices come from subscription_plans, formatted the French way ("47 $").
    await page
      .getByText(/^47\s\$/)
      .first()
      .waitFor();
    for (const price of [/^47\s\$/, /^77\s\$/, /^107\s\$/]) expect(await page.getByText(price).count()).toBeGreaterThan(0);
    expect(await page.getByText('POPULAIRE').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Se connecter' }).first().getAttribute('href')).toBe('/login');
    await expectAccessible(page);
  });

  it('opens a deep link into the app shell with the sidebar, breadcrumb and header', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    await signIn(page, suite.app.url, DEMO.email, DEMO.password);
    await page.waitForURL(`${suite.app.url}/app/dashboard`);
    const response = await page.goto(`${suite.app.url}/app/schedule`);
    expect(response?.status()).toBe(200);
    const nav = page.getByRole('navigation', { name: /principale|navigation/i }).first();
    await nav.waitFor();
    const links = nav.getByRole('link');
    const found = await links.evaluateAll((els) => els.map((e) => [e.textContent?.trim() ?? '', e.getAttribute('href') ?? '']));
    expect(found).toEqual(SIDEBAR);
    expect(await page.getByText("Vue d'ensemble").count()).toBeGreaterThan(0);
    // The screen's module loads after the shell, so wait for its heading before counting.
    const heading = page.getByRole('heading', { level: 1, name: "Calendrier d'envoi" });
    await heading.waitFor();
    expect(await heading.count()).toBe(1);
    // The demo shop is known, so 'Aller sur Shopify' is a link to its admin, in a new tab.
    const shopify = page.getByRole('link', { name: /Aller sur Shopify/ });
    await shopify.waitFor();
    expect(await shopify.getAttribute('href')).toContain('maison-lumiere.myshopify.com');
    expect(await shopify.getAttribute('target')).toBe('_blank');
    await expectAccessible(page);

    // Client-side navigation from the sidebar keeps the shell.
    await nav.getByRole('link', { name: 'Tableau de bord' }).click();
    await page.waitForURL(`${suite.app.url}/app/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  });

  it('redirects /app to the dashboard', async () => {
    const tracked = await suite.page();
    await signIn(tracked.page, suite.app.url, DEMO.email, DEMO.password);
    await tracked.page.waitForURL(`${suite.app.url}/app/dashboard`);
    await tracked.page.goto(`${suite.app.url}/app`);
    await tracked.page.waitForURL(`${suite.app.url}/app/dashboard`);
  });

  it('shows a real 404 screen with a 404 status for unknown paths', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    const response = await page.goto(`${suite.app.url}/nulle-part/ici`);
    expect(response?.status()).toBe(404);
    await page.getByText('Page introuvable').first().waitFor();
    await expectAccessible(page);
  });

  it('works on a phone: the sidebar opens as a drawer', async () => {
    const tracked = await suite.page(PHONE);
    const { page } = tracked;
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/feedback');
    await page.waitForURL(`${suite.app.url}/app/feedback`);
    await page.getByRole('heading', { level: 1, name: 'Avis clients' }).waitFor();
    await page.getByRole('button', { name: /menu/i }).first().click();
    const drawerLink = page.getByRole('dialog').getByRole('link', { name: 'Intégrations' });
    await drawerLink.waitFor();
    await drawerLink.click();
    await page.waitForURL(`${suite.app.url}/app/integrations`);
    await expectAccessible(page);
  });

  it("shows the demo merchant's dashboard and reviews, accessible on a phone and a desktop", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { page } = await suite.page(viewport);
      await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/dashboard?period=all');
      await page.waitForURL(`${suite.app.url}/app/dashboard?period=all`);
      await page.getByText('Invitations envoyées').waitFor();
      await page.getByRole('heading', { level: 2, name: 'Derniers avis' }).waitFor();
      await expectAccessible(page);
      await page.getByRole('group', { name: 'Période' }).getByRole('button', { name: '7 jours' }).click();
      await page.waitForURL(/period=7days/);

      await page.goto(`${suite.app.url}/app/feedback`);
      await page.getByRole('heading', { level: 1, name: 'Avis clients' }).waitFor();
      await page
        .getByRole('list', { name: 'Avis' })
        .or(page.getByRole('heading', { name: 'Aucun avis pour le moment' }))
        .waitFor();
      await expectAccessible(page);
      await page.getByLabel('Rechercher un avis').fill('zzzz-aucun-client');
      await page.getByRole('heading', { name: 'Aucun avis ne correspond' }).waitFor();
    }
  });

  it('shows the local outbox page', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    await page.goto(`${suite.app.url}/dev/outbox`);
    // Empty, or already holding the demo's review requests the worker retried at start.
    await page.getByText("Aucun e-mail dans la boîte d'envoi locale.").or(page.getByText('Votre avis compte pour nous ! 🌟').first()).waitFor();
    await expectAccessible(page);
  });

  it('renders the legal pages', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    for (const path of ['/privacy-policy', '/terms-of-service', '/legal-notice']) {
      await page.goto(`${suite.app.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByText(/14 octobre 2025/).count()).toBeGreaterThan(0);
      await expectAccessible(page);
    }
  });
});
