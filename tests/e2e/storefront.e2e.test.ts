// Reviews on the storefront (decision 028) in Chromium, on the local Shopify's storefront page: the
// merchant adds the block and the badge through the theme editor's deep links from /app/storefront,
// the block and the badge show every rating (1 to 5) with its text equivalent, a review hidden in the
// app for a stated reason leaves the storefront and is counted in the public line, axe passes on both
// pages, and nothing moves while the page loads or « Voir plus » adds reviews (CLS 0).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectNoViolation, PHONE } from './support/browser';
import { DEMO, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: the demo merchant's store is installed on the local Shopify's demo shop, with about
// three months of reviews of every rating.
const suite = browserSuite({ DEMO_MODE: 'true' });

/** Five customers, one per rating, newest last (so the block's five latest are exactly these). */
const REVIEWERS = [
  { rating: 1, name: 'Aline Urbain', shown: 'Aline U.', comment: 'Colis jamais arrivé, service injoignable.' },
  { rating: 2, name: 'Bruno Vasseur', shown: 'Bruno V.', comment: 'Produit correct, livraison très lente.' },
  { rating: 3, name: 'Chloé Weber', shown: 'Chloé W.', comment: 'Moyen, la couleur diffère de la photo.' },
  { rating: 4, name: 'Denis Xavier', shown: 'Denis X.', comment: 'Bonne qualité, un peu cher.' },
  { rating: 5, name: 'Élise Yildiz', shown: 'Élise Y.', comment: 'Parfait, je recommande.' },
];

/** The demo shop's storefront: an origin of its own on the local Shopify, as on Shopify. */
const storefrontUrl = () => `http://maison-lumiere.myshopify.localhost:${suite.app.port}/`;

/**
 * Sums the layout shifts of the page as CLS does (shifts right after an input excluded), from the
 * first paint on: installed before any script of the page runs.
 */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        w.__shifts.push(`${entry.value}: ${(entry.sources ?? []).map((s) => (s.node as Element | null)?.className ?? s.node?.nodeName).join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number; __shifts: string[] }).__shifts);

/** The storefront, reloaded until `ready` holds (the metafield is written by a debounced job, within about 10 s). */
async function storefrontWhen(page: Page, ready: (page: Page) => Promise<boolean>, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(storefrontUrl(), { waitUntil: 'load' });
    if (await ready(page)) return;
    if (Date.now() > deadline)
      throw new Error(`the storefront did not show the expected state within ${timeoutMs} ms:\n${(await page.locator('main').innerText()).slice(0, 1500)}`);
    await page.waitForTimeout(1_000);
  }
}

const block = (page: Page) => page.getByRole('region', { name: 'Avis clients' });
/**
 * The badge's link to how reviews are collected, with the average in words. Read whether or not the
 * badge is shown: it hides while it lies over the block (tests/e2e/storefront-rules.e2e.test.ts).
 */
const badgeLink = (page: Page) => page.locator('[data-avis-badge] a');
const reviewItems = (page: Page) => block(page).getByRole('list').last().getByRole('listitem');

async function leaveReviews(page: Page) {
  // The demo store's shareable link: its reviews are not verified purchases (decision 044).
  const url = await page.evaluate(async () => {
    const res = await fetch('/api/review-requests/share-link', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return ((await res.json()) as { url: string }).url;
  });
  for (const r of REVIEWERS) {
    const email = `${r.shown
      .split(' ')[0]!
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()}@exemple.test`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ rating: r.rating, name: r.name, email, comment: r.comment }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

/** Every rating of REVIEWERS in the block's list, each with its text equivalent « Note : N sur 5 ». */
async function expectEveryRating(page: Page, except: string[] = []) {
  const items = reviewItems(page);
  for (const r of REVIEWERS.filter((x) => !except.includes(x.shown))) {
    const item = items.filter({ hasText: r.shown });
    await expect.poll(() => item.count()).toBe(1);
    await expect.poll(() => item.getByRole('img').getAttribute('aria-label')).toBe(`Note\u202f: ${r.rating} sur 5`);
    expect(await item.innerText()).toContain(r.comment);
    // Left through the shared link: marked so on the storefront, never « Achat vérifié ».
    expect(await item.innerText()).toContain('Achat non vérifié');
  }
  // The distribution names every rating too, in words.
  const distribution = block(page).getByRole('list', { name: 'Répartition des notes' });
  expect(await distribution.getByRole('listitem').allInnerTexts()).toEqual([
    expect.stringContaining('5 étoiles'),
    expect.stringContaining('4 étoiles'),
    expect.stringContaining('3 étoiles'),
    expect.stringContaining('2 étoiles'),
    expect.stringContaining('1 étoile'),
  ]);
}

describe('reviews on the storefront', () => {
  it('the merchant adds the block and the badge from /app/storefront; the storefront shows every rating with words, without moving', async () => {
    const { page } = await suite.page(DESKTOP);
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/storefront');
    await page.getByRole('heading', { level: 1, name: 'Avis sur la boutique' }).waitFor();
    await page.getByRole('list', { name: 'Avis de la boutique' }).waitFor();
    await page.frameLocator('iframe[title^="Aperçu du bloc"]').getByRole('heading', { name: 'Avis clients' }).waitFor();
    await expectAccessible(page);
    await leaveReviews(page);
    // Shared-link reviews stay off the storefront until the merchant shows them (decision 044).
    const unverified = page.getByRole('switch', { name: 'Afficher sur la boutique les avis reçus par le lien partagé' });
    expect(await unverified.getAttribute('aria-checked')).toBe('false');
    await unverified.click();
    await page.getByRole('status').filter({ hasText: 'Les avis sans achat vérifié sont maintenant affichés' }).waitFor();
    expect(await unverified.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page);

    // « Ajouter le bloc dans l’éditeur de thème » opens the shop's theme editor with the block added.
    const [editor] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /Ajouter le bloc dans l’éditeur de thème/ }).click()]);
    await editor.getByText('Ajouté au thème : Avis et notes.').waitFor();
    expect(new URL(editor.url()).searchParams.get('addAppBlockId')).toMatch(/^[^/]+\/avis-clients$/);
    const [embed] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /Activer le badge/ }).click()]);
    await embed.getByText('Ajouté au thème : Badge de note.').waitFor();
    await embed.getByRole('link', { name: 'Voir la boutique' }).click();

    const shop = embed;
    await watchLayoutShifts(shop);
    await storefrontWhen(shop, async (p) => (await reviewItems(p).filter({ hasText: 'Élise Y.' }).count()) === 1);
    await expectEveryRating(shop);
    // The badge: the average of every rating, in words, linking to how reviews are collected.
    const badge = badgeLink(shop);
    expect(await badge.getAttribute('href')).toBe('/apps/avis/methode?langue=fr');
    expect(await badge.locator('[role="img"]').getAttribute('aria-label')).toMatch(/^Note\u202f: \d,\d sur 5$/);
    expect(await badge.textContent()).toMatch(/\d,\d\/5 · \d+ avis/);
    await expectNoViolation(shop);
    expect(await layoutShift(shop)).toEqual([]);

    // « Voir plus »: older reviews through the signed app proxy, added below without moving anything.
    const before = await reviewItems(shop).count();
    await block(shop).getByRole('button', { name: 'Voir plus' }).click();
    await block(shop).getByRole('status').filter({ hasText: 'avis de plus affichés' }).waitFor();
    expect(await reviewItems(shop).count()).toBeGreaterThan(before);
    // The demo's older reviews answered orders' requests: the script marks them « Achat vérifié ».
    expect(await reviewItems(shop).last().innerText()).toContain('Achat vérifié');
    // The demo's photo reviews (decision 058) come with this page: the script draws their thumbnails as
    // the block does, sized before they load, each named in French.
    const photos = block(shop).locator('[data-avis-liste] > li [data-avis-photo]');
    expect(await photos.evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')))).toEqual([
      expect.stringMatching(/^Agrandir la photo 1 sur 2 de \S/),
      expect.stringMatching(/^Agrandir la photo 2 sur 2 de \S/),
      expect.stringMatching(/^Agrandir la photo 1 sur 1 de \S/),
    ]);
    expect(await photos.locator('img').evaluateAll((imgs) => imgs.map((img) => [img.getAttribute('loading'), Math.round(img.getBoundingClientRect().height)]))).toEqual([
      ['lazy', 80],
      ['lazy', 80],
      ['lazy', 80],
    ]);
    await shop.waitForTimeout(600);
    expect(await layoutShift(shop)).toEqual([]);
    await expectNoViolation(shop);
  });

  it('on a phone: the block and the badge show every rating with words, and nothing moves', async () => {
    const { page } = await suite.page(PHONE);
    await watchLayoutShifts(page);
    await storefrontWhen(page, async (p) => (await reviewItems(p).filter({ hasText: 'Élise Y.' }).count()) === 1);
    await expectEveryRating(page);
    // The badge is there (hidden while it lies over the reviews, tests/e2e/storefront-rules.e2e.test.ts).
    expect(await page.locator('[data-avis-badge]').count()).toBe(1);
    await expectNoViolation(page);
    await block(page).getByRole('button', { name: 'Voir plus' }).click();
    await block(page).getByRole('status').filter({ hasText: 'avis de plus affichés' }).waitFor();
    await page.waitForTimeout(600);
    expect(await layoutShift(page)).toEqual([]);
  });

  it('a review hidden in the app for a stated reason leaves the storefront, which counts it in its public line', async () => {
    const { page } = await suite.page(DESKTOP);
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/storefront');
    const list = page.getByRole('list', { name: 'Avis de la boutique' });
    await list.waitFor();
    const hiddenBefore = await page.getByRole('region', { name: 'Sur votre boutique', exact: true }).innerText();
    expect(hiddenBefore).not.toContain('pour non-respect de la charte');

    await list.getByRole('button', { name: 'Masquer l’avis de Aline U.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Masquer cet avis' });
    await dialog.waitFor();
    await expectAccessible(page);
    // Without a reason: refused, said in French.
    await dialog.getByRole('button', { name: 'Masquer l’avis' }).click();
    await dialog.getByText('Choisissez un motif pour masquer cet avis.').waitFor();
    // The keyboard alone: arrows move between the reasons, Enter confirms.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /Hors sujet/ }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'L’avis est masqué sur votre boutique.' }).waitFor();
    const card = list.getByRole('listitem', { name: 'Aline U., 1 étoile sur 5' });
    await card.getByText('Masqué : Hors sujet').waitFor();
    await page.getByRole('region', { name: 'Sur votre boutique', exact: true }).getByText('1 avis masqué pour non-respect de la charte').waitFor();
    await expectAccessible(page);

    for (const viewport of [DESKTOP, PHONE]) {
      const { page: shop } = await suite.page(viewport);
      await watchLayoutShifts(shop);
      await storefrontWhen(shop, async (p) => (await block(p).getByText('1 avis masqué pour non-respect de la charte').count()) === 1);
      expect(await reviewItems(shop).filter({ hasText: 'Aline U.' }).count()).toBe(0);
      await expectEveryRating(shop, ['Aline U.']);
      await expectNoViolation(shop);
      expect(await layoutShift(shop)).toEqual([]);
    }

    // Shown again: back on the storefront, the public line gone.
    await card.getByRole('button', { name: 'Afficher de nouveau l’avis de Aline U.' }).click();
    await page.getByRole('status').filter({ hasText: 'L’avis est de nouveau affiché sur votre boutique.' }).waitFor();
    const { page: shop } = await suite.page(PHONE);
    await storefrontWhen(shop, async (p) => (await reviewItems(p).filter({ hasText: 'Aline U.' }).count()) === 1);
    expect(
      await block(shop)
        .getByText(/avis masqués? pour non-respect/)
        .count(),
    ).toBe(0);
  });
});
