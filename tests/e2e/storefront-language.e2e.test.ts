// The storefront in the shopper's language (issue 48, decision 056), in Chromium. The demo shop's
// storefront is published in French (its primary language, at the root) and English (in `/en/`, as
// Shopify serves another language); one metafield serves both. On the English storefront the block and
// the badge speak English: its texts, its dates ("March 12, 2026"), its average ("4.6"), and the dates
// of the older reviews « Voir plus » adds, and the page their link opens; the French storefront is as
// it was (« 4,6 », « 12 mars 2026 »).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolation } from './support/browser';
import { demoSessionCookie, emulatorControl } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: the demo store is installed on the local Shopify's demo shop, with about three months of
// reviews of every rating.
const suite = browserSuite({ DEMO_MODE: 'true' });
const SHOP = 'maison-lumiere.myshopify.com';
const storefront = (path = '/') => `http://maison-lumiere.myshopify.localhost:${suite.app.port}${path}`;

const FRENCH_MONTHS = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';
/** A day as the English review page writes it (`Intl`, the words of customer-format.ts's longDateIn). */
const englishDay = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

beforeAll(async () => {
  // The merchant adds the block and the badge with the theme editor's links, and publishes English.
  const cookie = await demoSessionCookie(suite.app.url);
  const info = (await (await fetch(`${suite.app.url}/api/storefront`, { headers: { cookie } })).json()) as { block_editor_url: string; embed_editor_url: string };
  for (const link of [info.block_editor_url, info.embed_editor_url]) expect(await (await fetch(link)).text()).toContain('Ajouté au thème');
  await emulatorControl(suite.app.url, `shops/${SHOP}/storefront`, { languages: ['fr', 'en'] });
});
afterAll(async () => {
  await emulatorControl(suite.app.url, `shops/${SHOP}/storefront`, { languages: null });
});

const block = (page: Page) => page.locator('[data-avis-clients]');
const reviewItems = (page: Page) => block(page).locator('[data-avis-liste] > li');
/** Every review's day as written, with the day it stands for (`<time datetime>`). */
const days = (page: Page) =>
  block(page)
    .locator('[data-avis-liste] time')
    .evaluateAll((times) => times.map((t) => ({ iso: t.getAttribute('datetime')!, text: t.textContent!.trim() })));

/** The storefront at `path` once the metafield lists reviews (a debounced job writes it after the install). */
async function openStorefront(page: Page, path: string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    await page.goto(storefront(path), { waitUntil: 'load' });
    if ((await reviewItems(page).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`no review on ${path} within 45 s:\n${(await page.locator('main').innerText()).slice(0, 1000)}`);
    await page.waitForTimeout(1_000);
  }
}

describe('the storefront in the shopper’s language', () => {
  it('on the English storefront the block and the badge speak English: texts, dates and average, « Voir plus » included', async () => {
    const { page } = await suite.page();
    await openStorefront(page, '/en/');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('region', { name: 'Customer reviews' }).waitFor();
    expect(await block(page).innerText()).toContain('Verified purchase');

    // The average in English figures, in the block and the badge.
    const average = (await block(page).locator('.avis-clients__moyenne strong').innerText()).trim();
    expect(average).toMatch(/^\d\.\d out of 5$/);
    const figure = average.slice(0, 3);
    expect(await block(page).locator('.avis-clients__resume [role="img"]').getAttribute('aria-label')).toBe(`Rating: ${figure} out of 5`);
    const badge = page.locator('[data-avis-badge] a');
    expect(await badge.locator('[role="img"]').getAttribute('aria-label')).toBe(`Rating: ${figure} out of 5`);
    expect(await badge.textContent()).toMatch(new RegExp(`${figure.replace('.', '\\.')}/5 · \\d+ reviews`));

    // The block's days, then those « Show more » adds: every one as the English review page writes it.
    const shown = await days(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const day of shown) expect(day.text).toBe(englishDay(day.iso));
    await block(page).getByRole('button', { name: 'Show more' }).click();
    await block(page).getByRole('status').filter({ hasText: 'More reviews shown:' }).waitFor();
    const all = await days(page);
    expect(all.length).toBeGreaterThan(shown.length);
    for (const day of all) expect(day.text).toBe(englishDay(day.iso));
    expect(all.some((day) => /^[A-Z][a-z]+ \d{1,2}, \d{4}$/.test(day.text))).toBe(true);
    await expectNoViolation(page);

    // The French storefront, the same metafield: French as before, the same average with a comma.
    const { page: french } = await suite.page();
    await openStorefront(french, '/');
    expect(await french.locator('html').getAttribute('lang')).toBe('fr');
    await french.getByRole('region', { name: 'Avis clients' }).waitFor();
    expect((await block(french).locator('.avis-clients__moyenne strong').innerText()).trim()).toBe(`${figure.replace('.', ',')} sur 5`);
    expect(await french.locator('[data-avis-badge] [role="img"]').getAttribute('aria-label')).toBe(`Note\u202f: ${figure.replace('.', ',')} sur 5`);
    const frenchDays = new RegExp(`^(1er|[12]?\\d|3[01]) (${FRENCH_MONTHS}) \\d{4}$`);
    for (const day of await days(french)) expect(day.text, day.iso).toMatch(frenchDays);
    await block(french).getByRole('button', { name: 'Voir plus' }).click();
    await block(french).getByRole('status').filter({ hasText: 'avis de plus affichés' }).waitFor();
    for (const day of await days(french)) {
      expect(day.text, day.iso).toMatch(frenchDays);
      expect(Number(day.text.split(' ')[0]!.replace('1er', '1')), day.iso).toBe(Number(day.iso.slice(8)));
    }
  });

  it('the link saying how reviews are collected opens that page in the storefront’s language, through the app proxy', async () => {
    const { page } = await suite.page();
    await openStorefront(page, '/en/');
    await block(page).getByRole('link', { name: 'How we collect reviews' }).click();
    await page.getByRole('heading', { level: 1, name: 'How we collect reviews' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('main').innerText()).not.toMatch(/avis|Achat/);
    await expectNoViolation(page);

    // The French storefront's: French.
    const { page: french } = await suite.page();
    await openStorefront(french, '/');
    await block(french).getByRole('link', { name: 'Comment nous recueillons les avis' }).click();
    await french.getByRole('heading', { level: 1, name: 'Comment nous recueillons les avis' }).waitFor();
    expect(await french.locator('html').getAttribute('lang')).toBe('fr');
  });

  it('a language the storefront is not published in is no page, nor the primary language’s subfolder', async () => {
    const { page } = await suite.page();
    for (const path of ['/de/', '/fr/']) expect((await page.goto(storefront(path)))?.status(), path).toBe(404);
  });
});
