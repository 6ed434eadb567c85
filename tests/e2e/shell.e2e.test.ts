import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE } from './support/browser';
import { browserSuite } from './support/suite';
import { DEMO, signIn } from './support/flows';

// Demo mode: a merchant with a connected shop on an active plan.
const suite = browserSuite({ DEMO_MODE: 'true' });

const SIDEBAR = [
  ['Tableau de bord', '/app/dashboard'],
  ['Avis clients', '/app/feedback'],
  ['Calendrier d’envoi', '/app/schedule'],
  ['Actions conditionnelles', '/app/conditional'],
  ['Configuration du flux', '/app/flow'],
  ['Configuration upsell', '/app/upsell'],
  ['Branding & Pages', '/app/branding'],
  ['Templates d’emails', '/app/email-templates'],
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
    // Prices come from subscription_plans, formatted the French way ("47 $ US").
    await page
      .getByText(/^47\s\$\sUS/)
      .first()
      .waitFor();
    for (const price of [/^47\s\$\sUS/, /^77\s\$\sUS/, /^107\s\$\sUS/]) expect(await page.getByText(price).count()).toBeGreaterThan(0);
    expect(await page.getByText('POPULAIRE').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Se connecter' }).first().getAttribute('href')).toBe('/login');
    await expectAccessible(page);
  });

  it('serves the icons of the built app: /favicon.ico, which browsers ask for by themselves, and the linked SVG', async () => {
    const ico = await fetch(`${suite.app.url}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await ico.arrayBuffer());
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    const { page } = await suite.page();
    await page.goto(suite.app.url);
    const links = await page.locator('link[rel="icon"]').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(links).toEqual(['/favicon.ico', '/favicon.svg']);
    const svg = await page.request.get(`${suite.app.url}/favicon.svg`);
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toBe('image/svg+xml');
  });

  it("keeps the landing mock's button uncovered by the floating review card, on a phone and a desktop", async () => {
    for (const viewport of [PHONE, undefined]) {
      const { page } = await suite.page(viewport);
      await page.goto(suite.app.url);
      const card = page.getByText('Nouvel avis 5 étoiles').locator('xpath=../..');
      const button = page.getByText('Laisser un avis', { exact: true }).first();
      await card.waitFor();
      const [c, b] = [await card.boundingBox(), await button.boundingBox()];
      expect(c && b).toBeTruthy();
      const apart = c!.x >= b!.x + b!.width || b!.x >= c!.x + c!.width || c!.y >= b!.y + b!.height || b!.y >= c!.y + c!.height;
      expect(apart, `card ${JSON.stringify(c)} button ${JSON.stringify(b)}`).toBe(true);
    }
  });

  it('runs the sidebar down the whole of a long screen and keeps its links in view when scrolled', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/conditional');
    await page.waitForURL(`${suite.app.url}/app/conditional`);
    await page.getByRole('button', { name: 'Enregistrer' }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Barre latérale' });
    // The white column (the sidebar's bordered ancestor) is as tall as the page, not one window: a
    // full-page capture showed the grey below a fixed, window-tall column. Both are read at once and
    // until they agree: the screen's panels still load (and grow the page) after its first paint.
    const heights = () =>
      sidebar.evaluate((el) => {
        let node: Element | null = el;
        while (node && getComputedStyle(node).borderRightWidth === '0px') node = node.parentElement;
        return { column: node?.getBoundingClientRect().height ?? 0, page: document.documentElement.scrollHeight };
      });
    await expect
      .poll(
        async () => {
          const h = await heights();
          return h.column === h.page;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect((await heights()).page).toBeGreaterThan(900);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const link = await page
      .getByRole('navigation', { name: /principale|navigation/i })
      .first()
      .getByRole('link', { name: 'Tableau de bord' })
      .boundingBox();
    expect(link!.y).toBeGreaterThanOrEqual(0);
    expect(link!.y).toBeLessThan(900);
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
    expect(await page.getByText('Vue d’ensemble').count()).toBeGreaterThan(0);
    // The screen's module loads after the shell, so wait for its heading before counting.
    const heading = page.getByRole('heading', { level: 1, name: 'Calendrier d’envoi' });
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
    // Empty, or already holding the demo's review requests the worker sent at start (each in its
    // customer's language: the table rather than a French subject).
    await page
      .getByText('Aucun e-mail dans la boîte d’envoi locale.')
      .or(page.getByRole('table', { name: 'E-mails envoyés, du plus récent au plus ancien' }))
      .waitFor();
    await expectAccessible(page);
  });

  it('renders the legal pages', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    for (const path of ['/privacy-policy', '/terms-of-service', '/legal-notice']) {
      await page.goto(`${suite.app.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The sections come with GET /api/legal: the operator from the configuration (here the demo's).
      await page
        .getByText(/Avis Clients SAS \(démonstration\)/)
        .first()
        .waitFor();
      expect(await page.getByText(/14 octobre 2025/).count()).toBeGreaterThan(0);
      // No template placeholder ("[montant]", "[Adresse du siège social]"…) left anywhere.
      expect(await page.locator('body').innerText()).not.toMatch(/\[[^\]]*\]/);
      if (path === '/terms-of-service') {
        // The plans and monthly prices of subscription_plans, formatted as the landing page does.
        const pricing = page.locator('section', { has: page.getByRole('heading', { name: '3. Abonnements et tarifs' }) });
        for (const line of [/Starter\s: 47\s\$\sUS par mois/, /Pro\s: 77\s\$\sUS par mois/, /Entreprise\s: 107\s\$\sUS par mois/])
          expect(await pricing.getByText(line).count()).toBe(1);
      }
      await expectAccessible(page);
    }
  });
});
