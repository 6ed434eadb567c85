// Photo reviews on the storefront (decision 058), in Chromium on a phone, on the local Shopify's
// storefront: the demo store's newest review carries two photos (demo-photos.ts, stored through the
// customers' pipeline). Their thumbnails hold their size before they load (nothing moves: CLS 0), load
// from the app's host, and are named in the storefront's language; the enlarged view opens from the
// keyboard, has its photo's alt text and a named close button, closes with Escape or that button, and
// gives the focus back to the thumbnail; without the script each thumbnail links to its photo; axe passes.
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolation, PHONE } from './support/browser';
import { demoSessionCookie } from './support/flows';
import { browserSuite } from './support/suite';

const suite = browserSuite({ DEMO_MODE: 'true' });
const storefront = () => `http://maison-lumiere.myshopify.localhost:${suite.app.port}/`;

beforeAll(async () => {
  // The merchant adds the block and the badge with the theme editor's links.
  const cookie = await demoSessionCookie(suite.app.url);
  const info = (await (await fetch(`${suite.app.url}/api/storefront`, { headers: { cookie } })).json()) as { block_editor_url: string; embed_editor_url: string };
  for (const link of [info.block_editor_url, info.embed_editor_url]) expect(await (await fetch(link)).text()).toContain('Ajouté au thème');
});

const block = (page: Page) => page.getByRole('region', { name: 'Avis clients' });
/** The newest review's thumbnails (the demo gives it two photos, and the next review one). */
const thumbnails = (page: Page) => block(page).locator('[data-avis-liste] > li').first().locator('[data-avis-photo]');

/** Layout shifts summed as CLS counts them, from the first paint on. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: string[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (!entry.hadRecentInput) w.__shifts.push(`${entry.value}: ${(entry.sources ?? []).map((s) => (s.node as Element | null)?.className ?? s.node?.nodeName).join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);

/** The storefront once the metafield carries the photos (a debounced job writes it after the install). */
async function openStorefront(page: Page) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    await page.goto(storefront(), { waitUntil: 'load' });
    if ((await thumbnails(page).count()) === 2) return;
    if (Date.now() > deadline) throw new Error(`no photo on the storefront within 45 s:\n${(await page.locator('main').innerText()).slice(0, 1000)}`);
    await page.waitForTimeout(1_000);
  }
}

describe('photo reviews on the storefront', () => {
  it('on a phone: thumbnails sized before they load, named, enlarged from the keyboard, closed with Escape, focus back, axe clean, nothing moves', async () => {
    const { page } = await suite.page(PHONE);
    await watchLayoutShifts(page);
    // Thumbnails are held until the test lets them through: their place must be kept without them.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/media\/review-photos\/.+-thumb\.webp$/, (route) => (holding ? held.push(route) : route.continue()));
    await openStorefront(page);

    const links = thumbnails(page);
    const names = await links.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')));
    expect(names).toEqual([expect.stringMatching(/^Agrandir la photo 1 sur 2 de \S.*$/), expect.stringMatching(/^Agrandir la photo 2 sur 2 de \S.*$/)]);
    const author = names[0]!.replace('Agrandir la photo 1 sur 2 de ', '');
    // The two photos belong to the review whose author they name.
    expect(await block(page).locator('[data-avis-liste] > li').first().locator('.avis-clients__auteur').innerText()).toContain(author);
    const sizes = await links.locator('img').evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        loading: img.loading,
        alt: img.alt,
        attributes: Number(img.getAttribute('width')) > 0 && Number(img.getAttribute('height')) > 0,
        loaded: img.complete && img.naturalWidth > 0,
        box: [Math.round(img.getBoundingClientRect().width), Math.round(img.getBoundingClientRect().height)],
      })),
    );
    for (const size of sizes) expect(size).toEqual({ loading: 'lazy', alt: '', attributes: true, loaded: false, box: [80, 80] });

    // Let them load (from the app's host, as Shopify's storefront loads them), scrolled into view.
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await links.first().scrollIntoViewIfNeeded();
    await expect
      .poll(() => links.locator('img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0)), { timeout: 15_000 })
      .toBe(true);
    expect(
      await links
        .first()
        .locator('img')
        .evaluate((img) => new URL((img as HTMLImageElement).currentSrc).origin),
    ).toBe(new URL(suite.app.url).origin);

    // Without the script, each thumbnail is a link to its full photo.
    const href = (await links.first().getAttribute('href'))!;
    const full = await fetch(href);
    expect([full.status, full.headers.get('content-type')]).toEqual([200, 'image/webp']);

    // The keyboard opens the enlarged view: the full photo with its alt text, a named close button.
    await links.first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Photo 1 sur 2 de l’avis de ${author}` });
    await dialog.waitFor();
    const enlarged = dialog.getByRole('img', { name: `Photo 1 sur 2 de l’avis de ${author}` });
    expect(await enlarged.getAttribute('src')).toBe(href);
    await expect.poll(() => enlarged.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    const close = dialog.getByRole('button', { name: 'Fermer la photo' });
    expect(await close.evaluate((button) => button === document.activeElement)).toBe(true);
    // The photo fits the phone's screen.
    const box = (await enlarged.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.height).toBeLessThanOrEqual(PHONE.height);
    await expectNoViolation(page);

    // Escape closes it; the focus goes back to the thumbnail that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await links.first().evaluate((a) => a === document.activeElement)).toBe(true);

    // The second photo, closed with its button from the keyboard.
    await page.keyboard.press('Tab');
    expect(await links.nth(1).evaluate((a) => a === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const second = page.getByRole('dialog', { name: `Photo 2 sur 2 de l’avis de ${author}` });
    await second.waitFor();
    await page.keyboard.press('Enter');
    await second.waitFor({ state: 'hidden' });
    expect(await links.nth(1).evaluate((a) => a === document.activeElement)).toBe(true);

    // Moderation of photos is said in words: content only, never the rating.
    expect(await block(page).innerText()).toContain('Les photos sont modérées pour leur contenu uniquement, jamais selon la note.');
    await expectNoViolation(page);
    expect(await layoutShifts(page)).toEqual([]);
  });
});
