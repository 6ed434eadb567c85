/**
 * The /app screens the server draws (decision 039): the page a signed-in merchant opens arrives with
 * the screen and its data, drawn by React's server renderer, and React in the browser takes it over
 * without drawing it again. Run on the built app (dist/web and dist/web-render), as a merchant's
 * browser gets it, with the page's own Content-Security-Policy in force. A hydration that finds the
 * page different from its first render logs an error (main.tsx), which fails these tests.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '#core/routes';
import { contextCookies, demoSessionCookie, signUp, uniqueEmail } from './support/flows';
import { browserSuite } from './support/suite';
import { PHONE } from './support/browser';

const suite = browserSuite({ DEMO_MODE: 'true' });

/** The screens `drawnRoutes` (#core/routes) names, written out: the test says what it expects. */
const DRAWN_SCREENS = ['/app/dashboard', '/app/feedback', '/app/schedule'];

/**
 * Waits for the app to take the drawn page over (main.tsx lifts `inert`): its scripts start after the
 * first paint, which on a busy machine running the whole suite can take seconds.
 */
async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'), null, { timeout: 30_000 });
}

/** The markup of `#root` in a page, or null when the page has none drawn. */
function drawnRoot(html: string): string | null {
  return /<div id="root" inert>([\s\S]*)<\/div><script type="application\/json" id="app-state">/.exec(html)?.[1] ?? null;
}

describe('the /app screens the server draws', () => {
  it('sends the signed-in merchant’s screen drawn with its data, private, with the scripts started by a script the page’s policy allows', async () => {
    const cookie = await demoSessionCookie(suite.app.url);
    const res = await fetch(`${suite.app.url}/app/dashboard`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    const root = drawnRoot(html);
    expect(root, 'the dashboard is drawn').not.toBeNull();
    // The layout with the screen's header, and the screen with its data (the demo store's reviews).
    expect(root).toContain('Navigation principale');
    expect(root).toMatch(/<h1[^>]*>Tableau de bord<\/h1>/);
    expect(root).toContain('Répartition des notes');
    expect(root).toContain('Derniers avis');
    expect(root).toMatch(/Commande #\d+/);
    // Every part in place: no script in the drawn markup (the page's policy allows only the boot script).
    expect(root).not.toContain('<script');
    // The answers it was drawn with, which the browser hydrates from, and no way out of their element.
    const state = JSON.parse(/<script type="application\/json" id="app-state">([^<]*)<\/script>/.exec(html)![1]!) as {
      queries: { queries: { queryKey: unknown[] }[] };
      header: unknown;
    };
    expect(state.header).toEqual({ title: 'Tableau de bord', subtitle: expect.any(String) });
    expect(state.queries.queries.map((query) => query.queryKey[0])).toEqual(expect.arrayContaining(['auth', 'stores']));
    // No module script in the head: the boot script, under the response's nonce, starts them.
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
  });

  it('leaves the page to the browser without a session, with an unknown cookie, and outside /app', async () => {
    for (const [path, headers] of [
      ['/app/dashboard', {}],
      ['/app/dashboard', { cookie: 'better-auth.session_token=forged.value' }],
      ['/login', { cookie: await demoSessionCookie(suite.app.url) }],
    ] as const) {
      const res = await fetch(`${suite.app.url}${path}`, { headers });
      const html = await res.text();
      expect(drawnRoot(html), path).toBeNull();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('leaves to the browser the pages of a merchant without a store, whom the gate sends to the integrations', async () => {
    const { page, context } = await suite.page();
    await signUp(page, suite.app.url, { name: 'Léa Roux', email: uniqueEmail(), password: 'un-mot-de-passe-solide-42' });
    await page.waitForURL(`${suite.app.url}/app/integrations`);
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const gated = await fetch(`${suite.app.url}/app/dashboard`, { headers: { cookie } });
    expect(drawnRoot(await gated.text())).toBeNull();
  });

  it('is taken over by the app without being drawn again, then answers the merchant, on a phone and with the page’s policy in force', async () => {
    const cookie = await demoSessionCookie(suite.app.url);
    // A context of its own: the suite's pages bypass the CSP (for axe), this one must run under it.
    const context = await suite.browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
    const errors: string[] = [];
    try {
      await context.addCookies(contextCookies(cookie, suite.app.url));
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      // Keeps the drawn heading's node as the parser made it, before any script of the app runs.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { drawnHeading: Element | null }).drawnHeading = document.querySelector('#root h2');
        });
      });
      await page.goto(`${suite.app.url}/app/dashboard`);
      // Inert until the app has taken the page over.
      await takenOver(page);
      const same = await page.evaluate(() => {
        const drawn = (window as unknown as { drawnHeading: Element | null }).drawnHeading;
        return { text: drawn?.textContent, sameNode: drawn !== null && drawn === document.querySelector('#root h2') && drawn.isConnected };
      });
      expect(same.text).toBe('Répartition des notes');
      expect(same.sameNode, 'the drawn heading is still the one on the page').toBe(true);
      // The app answers: the period goes into the URL, the drawer opens.
      await page.getByRole('button', { name: '7 jours', exact: true }).click();
      await page.waitForURL(/period=7days/);
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Avis clients', exact: true }).click();
      await page.waitForURL(`${suite.app.url}/app/feedback`);
      await page.getByRole('heading', { level: 1, name: 'Avis clients' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws only the screens whose first render is the browser’s: not those whose fields take their values in the browser', async () => {
    const cookie = await demoSessionCookie(suite.app.url);
    for (const path of allRoutes.filter((route) => route.startsWith('/app/'))) {
      const html = await (await fetch(`${suite.app.url}${path}`, { headers: { cookie } })).text();
      expect(drawnRoot(html) !== null, path).toBe(DRAWN_SCREENS.includes(path));
    }
  });

  it('hydrates every drawn screen onto the nodes the server drew, without an error, for a merchant in another time zone than the server', async () => {
    const cookie = await demoSessionCookie(suite.app.url);
    // The screens write dates in Paris time on both sides, whatever the zone of the server (UTC here)
    // or of the browser, an ocean away: the text the server drew is the text the app keeps.
    const context: BrowserContext = await suite.browser.newContext({ locale: 'fr-FR', timezoneId: 'America/Montreal' });
    const errors: string[] = [];
    try {
      await context.addCookies(contextCookies(cookie, suite.app.url));
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => message.type() === 'error' && errors.push(`${page.url()}: ${message.text()}`));
      // The screen's own elements (inside the layout's main) and the layout's header, as the parser
      // made them, and the dates it wrote with their text.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const state = window as unknown as { drawn: Element[]; dates: [Element, string][] };
          state.drawn = [...document.querySelectorAll('#root main > div > *, #root header')];
          state.dates = [...document.querySelectorAll('#root time')].map((element) => [element, element.textContent ?? '']);
        });
      });
      for (const path of DRAWN_SCREENS) {
        await page.goto(`${suite.app.url}${path}`);
        await takenOver(page);
        const { kept, dates } = await page.evaluate(() => {
          const { drawn, dates } = window as unknown as { drawn: Element[]; dates: [Element, string][] };
          const now = [...document.querySelectorAll('#root main > div > *, #root header')];
          return {
            kept: drawn.length > 1 && drawn.length === now.length && drawn.every((element, index) => element === now[index]),
            dates: dates.map(([element, text]) => ({ drawn: text, now: element.isConnected ? element.textContent : null })),
          };
        });
        expect(kept, `${path}: the screen and header drawn by the server are the ones on the page`).toBe(true);
        // The dates the server wrote (the reviews' days, the calendar's times) are still on the page, unchanged.
        if (path !== '/app/dashboard') expect(dates.length, `${path} writes dates`).toBeGreaterThan(0);
        for (const date of dates) expect(date.now, path).toBe(date.drawn);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
