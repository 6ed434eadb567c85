/**
 * Debian's Chromium driven by playwright-core, plus an axe-core accessibility check that browser
 * tests run on every screen they visit. Page errors and console errors fail the test.
 */
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far (network failures listed separately). */
  errors: string[];
  close(): Promise<void>;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export async function openPage(browser: Browser, viewport = DESKTOP): Promise<TrackedPage> {
  // bypassCSP only so axe can be injected; the app's own CSP is checked by the integration tests.
  const context = await browser.newContext({ viewport, locale: 'fr-FR', bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A failed fetch of an endpoint that answers 401/404 on purpose is logged by Chromium as a console
    // error "Failed to load resource"; the app handles those, so only real script errors count.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
  });
  return { page, context, errors, close: () => context.close() };
}

type AxeResults = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };

/** Runs axe-core (WCAG 2.1 A and AA) on the current page and answers its violations. */
async function runAxe(page: Page): Promise<AxeResults['violations']> {
  await page.addScriptTag({ path: AXE_PATH });
  const results = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  })) as AxeResults;
  return results.violations;
}

/** Runs axe-core (WCAG 2 A and AA) on the current page; fails on any serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const serious = (await runAxe(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => JSON.stringify(n.target))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** axe (WCAG 2.1 A and AA): no violation at all, whatever its impact. */
export async function expectNoViolation(page: Page): Promise<void> {
  const violations = (await runAxe(page)).map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(violations, `axe on ${page.url()}`).toEqual([]);
}
