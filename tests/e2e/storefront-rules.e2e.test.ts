// The storefront held to Shopify's rules, in Chromium (decision 043). The local Shopify serves each
// shop's storefront on an origin of its own and loads the block's script as Shopify does, `<script
// async>` in <head>, sending <head> first and the body once the script has reached the browser (the
// order a streamed page with a cached script gives): « Voir plus » must work all the same. The block
// links root-relative, so it works on a domain of the shop other than its primary one. Stars fill
// exact fractions whatever the theme's font. On a phone the badge never covers the reviews and closes
// with its button or Escape.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoViolation } from './support/browser';
import { demoSessionCookie } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: the demo store is installed on the local Shopify's demo shop, with about three months of
// reviews of every rating.
const suite = browserSuite({ DEMO_MODE: 'true' });
const SHOP = 'maison-lumiere.myshopify.com';
const SMALL_PHONE = { width: 360, height: 740 };

const storefrontOn = (host: string) => `http://${host}:${suite.app.port}/`;
const MYSHOPIFY = 'maison-lumiere.myshopify.localhost';

/** The demo merchant's theme editor links, opened as the merchant would (once per file). */
let added: Promise<void> | null = null;
function addBlockAndBadge(): Promise<void> {
  added ??= (async () => {
    const cookie = await demoSessionCookie(suite.app.url);
    const info = (await (await fetch(`${suite.app.url}/api/storefront`, { headers: { cookie } })).json()) as { block_editor_url: string; embed_editor_url: string };
    expect(new URL(info.block_editor_url).searchParams.get('target')).toBe('newAppsSection');
    for (const link of [info.block_editor_url, info.embed_editor_url]) expect(await (await fetch(link)).text()).toContain('Ajouté au thème');
  })();
  return added;
}

async function setStorefront(input: Record<string, unknown>) {
  const res = await fetch(`${suite.app.url}/_shopify/control/shops/${SHOP}/storefront`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const block = (page: Page) => page.locator('[data-avis-clients]');
const reviewItems = (page: Page) => block(page).locator('[data-avis-liste] > li');

/** The storefront on `host` once the metafield lists reviews (a debounced job writes it after the install). */
async function openStorefront(page: Page, host = MYSHOPIFY) {
  await addBlockAndBadge();
  const deadline = Date.now() + 45_000;
  for (;;) {
    await page.goto(storefrontOn(host), { waitUntil: 'load' });
    if ((await reviewItems(page).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`no review on the storefront within 45 s:\n${(await page.locator('main').innerText()).slice(0, 1000)}`);
    await page.waitForTimeout(1_000);
  }
}

/** « Voir plus » once: more reviews in the list, said in the status line. */
async function showMore(page: Page) {
  const before = await reviewItems(page).count();
  await block(page).getByRole('button', { name: 'Voir plus' }).click();
  await block(page).getByRole('status').filter({ hasText: 'avis de plus affichés' }).waitFor();
  expect(await reviewItems(page).count()).toBeGreaterThan(before);
}

describe('the storefront as Shopify serves it', () => {
  it('loads the block’s script async in <head>, before the block is parsed, and « Voir plus » works', async () => {
    const { page } = await suite.page();
    // Whether the block existed when the script ran, as the page saw it.
    await page.addInitScript(() => {
      const w = window as unknown as { __blockWhenScriptRan?: boolean };
      new MutationObserver((_, observer) => {
        const script = document.querySelector('script[src*="avis-clients.js"]') as HTMLScriptElement | null;
        if (!script) return;
        observer.disconnect();
        script.addEventListener('load', () => (w.__blockWhenScriptRan = document.querySelector('[data-avis-clients]') !== null));
      }).observe(document, { childList: true, subtree: true });
    });
    await openStorefront(page);
    expect(await page.locator('head script[src*="avis-clients.js"][async]').count()).toBe(1);
    expect(await page.locator('body script[src*="avis-clients.js"]').count()).toBe(0);
    // The script ran while the block was still to come: the worst order Shopify's async loading allows.
    expect(await page.evaluate(() => (window as unknown as { __blockWhenScriptRan?: boolean }).__blockWhenScriptRan)).toBe(false);
    await showMore(page);
  });

  it('links root-relative: on a domain other than the primary one (Liquid’s shop.url), « Voir plus » and the method page work', async () => {
    await setStorefront({ domains: ['maison-lumiere.localhost'] });
    try {
      const { page } = await suite.page();
      await openStorefront(page, MYSHOPIFY);
      expect(await block(page).getAttribute('data-page-url')).toBe('/apps/avis/avis');
      await showMore(page);
      await block(page).getByRole('link', { name: 'Comment nous recueillons les avis' }).click();
      await page.getByRole('heading', { level: 1, name: 'Comment nous recueillons les avis' }).waitFor();
      expect(new URL(page.url()).host).toBe(`${MYSHOPIFY}:${suite.app.port}`);
    } finally {
      await setStorefront({ domains: [] });
    }
  });

  it('fills exact fractions of the stars whatever the theme’s font: a 4-star review leaves the fifth star empty', async () => {
    const { page } = await suite.page();
    await openStorefront(page);
    // A theme with a wide monospaced font, its own size and letter spacing.
    await page.addStyleTag({ content: 'body { font-family: "DejaVu Sans Mono", monospace; font-size: 19px; letter-spacing: 0.35em; }' });
    const four = () => reviewItems(page).filter({ has: page.getByRole('img', { name: 'Note\u202f: 4 sur 5', exact: true }) });
    for (let i = 0; i < 10 && (await four().count()) === 0; i++) await showMore(page);
    const stars = four().first().getByRole('img', { name: 'Note\u202f: 4 sur 5', exact: true });
    // The accent is a colour (the demo store's brand), told from the grey of the empty stars.
    const hex = (await stars.evaluate((el) => getComputedStyle(el).getPropertyValue('--avis-accent'))).trim();
    const accent = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    expect(Math.max(...accent) - Math.min(...accent)).toBeGreaterThan(60);
    const runs = await starRuns(await stars.screenshot());
    expect(runs.map((r) => r.accent > 0)).toEqual([true, true, true, true, false]);
    expect(runs.slice(0, 4).every((r) => r.grey === 0)).toBe(true);
    expect(runs[4]!.grey).toBeGreaterThan(0);
  });

  it('on a 360×740 phone the badge never covers a review, and it closes with its button or Escape', async () => {
    const { page } = await suite.page(SMALL_PHONE);
    await openStorefront(page);
    const badge = page.locator('[data-avis-badge]');
    await withHero(page);
    // At the top of the page, the block below the fold: the badge is there, in words.
    await expect.poll(() => badge.isVisible()).toBe(true);
    await expectNoViolation(page);
    // Wherever the reviews are on screen, no review lies under a visible badge.
    const items = await reviewItems(page).count();
    for (let i = 0; i < items; i++) {
      await reviewItems(page).nth(i).scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      expect(await badgeCovers(page, i)).toBe(false);
    }
    // Closed from the keyboard: its button, reached by focus, pressed with Enter.
    await page.evaluate(() => window.scrollTo(0, 0));
    await badge.getByRole('button').waitFor();
    await expect.poll(() => badge.isVisible()).toBe(true);
    const close = badge.getByRole('button', { name: 'Masquer le badge des avis' });
    await close.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => badge.isVisible()).toBe(false);
    // Closed for the visit: not back on the next page.
    await page.reload({ waitUntil: 'load' });
    await page.waitForTimeout(300);
    expect(await badge.isVisible()).toBe(false);

    // Escape closes it too, from its link.
    const { page: other } = await suite.page(SMALL_PHONE);
    await openStorefront(other);
    await withHero(other);
    const otherBadge = other.locator('[data-avis-badge]');
    await expect.poll(() => otherBadge.isVisible()).toBe(true);
    await otherBadge.getByRole('link').focus();
    await other.keyboard.press('Escape');
    await expect.poll(() => otherBadge.isVisible()).toBe(false);
  });
});

/** A theme's home page: a tall banner above the block, which starts below the fold; at the top. */
async function withHero(page: Page) {
  await page.evaluate(() => {
    const hero = document.createElement('div');
    hero.style.height = '900px';
    document.querySelector('main')!.insertBefore(hero, document.querySelector('.shopify-app-block'));
    window.scrollTo(0, 0);
    window.dispatchEvent(new Event('resize'));
  });
}

/** True when the badge is visible and its box overlaps the review's. */
function badgeCovers(page: Page, index: number): Promise<boolean> {
  return page.evaluate((i) => {
    const badge = document.querySelector('[data-avis-badge]') as HTMLElement | null;
    const review = document.querySelectorAll('[data-avis-liste] > li')[i] as HTMLElement;
    if (!badge || badge.hidden || getComputedStyle(badge).visibility === 'hidden') return false;
    const a = badge.getBoundingClientRect();
    const b = review.getBoundingClientRect();
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }, index);
}

/**
 * The stars of a screenshot, left to right: each run of columns holding any drawn pixel, with how many
 * of its pixels are coloured (the accent, however blended with the page's white) and how many grey
 * (the empty stars), told apart by their saturation.
 */
async function starRuns(png: Buffer): Promise<{ accent: number; grey: number }[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const runs: { accent: number; grey: number }[] = [];
  let current: { accent: number; grey: number } | null = null;
  for (let x = 0; x < info.width; x++) {
    let any = false;
    for (let y = 0; y < info.height; y++) {
      const o = (y * info.width + x) * 3;
      const [r, g, b] = [data[o]!, data[o + 1]!, data[o + 2]!];
      if (r > 235 && g > 235 && b > 235) continue;
      any = true;
      current ??= { accent: 0, grey: 0 };
      const saturation = Math.max(r, g, b) - Math.min(r, g, b);
      if (saturation > 40) current.accent++;
      else if (saturation < 12) current.grey++;
    }
    if (!any && current) {
      runs.push(current);
      current = null;
    }
  }
  if (current) runs.push(current);
  return runs;
}
