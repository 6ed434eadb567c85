/**
 * Photo reviews end to end (issue 49, decision 058), in Chromium: a customer on a phone opens their
 * review link, chooses two photos (a phone's JPEGs, with the camera and the GPS position in EXIF),
 * removes one from the keyboard, sends; the photo is stored without any metadata, the merchant sees it
 * in the reviews list and enlarges it, and shoppers see it on the local storefront.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoViolation, PHONE } from './support/browser';
import { DEMO, demoSessionCookie, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: the demo store, installed on the local Shopify's demo shop, its storefront showing reviews.
const suite = browserSuite({ DEMO_MODE: 'true' });
const storefront = () => `http://maison-lumiere.myshopify.localhost:${suite.app.port}/`;

beforeAll(async () => {
  // The merchant has added the block to the theme with the theme editor's link.
  const cookie = await demoSessionCookie(suite.app.url);
  const info = (await (await fetch(`${suite.app.url}/api/storefront`, { headers: { cookie } })).json()) as { block_editor_url: string };
  expect(await (await fetch(info.block_editor_url)).text()).toContain('Ajouté au thème');
});

/** A phone's photo: a JPEG carrying its camera and where it was taken. */
async function phonePhoto(background: string): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg({ quality: 80 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15 Pro' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .toBuffer();
}

/** A French demo e-mail that went out and has no review yet: its token and its customer's name. */
function sentRequest(page: Page): Promise<{ token: string; name: string } | null> {
  return page.evaluate(async () => {
    for (let n = 1; n <= 30; n++) {
      const body = (await (await fetch(`/api/review-requests?page=${n}`)).json()) as {
        items: { token: string; status: string; channel: string; locale: string; kind: string; customer_name: string | null }[];
      };
      const sent = body.items.find(
        (r) => r.channel === 'email' && r.kind === 'first' && r.locale === 'fr' && r.customer_name && ['sent', 'delivered', 'opened'].includes(r.status),
      );
      if (sent) return { token: sent.token, name: sent.customer_name! };
      if (body.items.length === 0) break;
    }
    return null;
  });
}

describe('a photo review', () => {
  it('is sent from a phone with one of two photos, kept without its metadata, seen by the merchant and on the storefront', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/schedule');
    await page.getByRole('heading', { level: 1, name: 'Calendrier d’envoi' }).waitFor();
    const request = (await sentRequest(page))!;
    expect(request).not.toBeNull();

    // The customer, on a phone.
    const { page: phone } = await suite.page(PHONE);
    await phone.goto(`${suite.app.url}/review/${request.token}`);
    await phone.locator('label[for=r3]').click();
    // Rating 3 asks what could be better: the comment's label is the store's question.
    await phone.locator('#comment').fill('Jolie bougie, voici la photo de la boîte.');
    const field = phone.getByLabel('Ajouter des photos (facultatif)');
    expect(await field.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    await field.setInputFiles([
      { name: 'bougie.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#f59e0b') },
      { name: 'boite.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#0ea5e9') },
    ]);
    await phone.getByRole('img', { name: 'Photo 1 : bougie.jpg' }).waitFor();
    await phone.getByRole('img', { name: 'Photo 2 : boite.jpg' }).waitFor();
    await expectAccessible(phone);

    // Removed from the keyboard: the other takes its place, and the focus stays on its remove button.
    await phone.getByRole('button', { name: 'Retirer la photo 1' }).focus();
    await phone.keyboard.press('Enter');
    await phone.getByRole('img', { name: 'Photo 1 : boite.jpg' }).waitFor();
    expect(await phone.getByRole('img', { name: /^Photo 2/ }).count()).toBe(0);
    expect(await phone.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Retirer la photo 1');

    await phone.locator('#submit').click();
    await phone.locator('#done-title').waitFor();
    await expectAccessible(phone);

    // Stored without the camera or the place: one photo under the review.
    const reviews = await page.evaluate(async (name) => {
      const res = await fetch(`/api/reviews?q=${encodeURIComponent(name)}`);
      return ((await res.json()) as { items: { customer_name: string; comment: string | null; photos: { url: string; width: number; height: number }[] }[] }).items;
    }, request.name);
    const review = reviews.find((r) => r.comment === 'Jolie bougie, voici la photo de la boîte.')!;
    expect(review.photos).toHaveLength(1);
    expect(review.photos[0]).toMatchObject({ width: 1600, height: 1200 });
    const stored = Buffer.from(await (await fetch(review.photos[0]!.url)).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('PhoneMaker')).toBe(false);
    // The kept photo is the second one chosen (blue), not the removed one (amber).
    const { data } = await sharp(stored).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]!).toBeGreaterThan(data[0]!);

    // The merchant sees it in the reviews list and enlarges it.
    await page.goto(`${suite.app.url}/app/feedback`);
    const thumbnail = page.getByRole('button', { name: `Voir la photo 1 de ${request.name}` }).first();
    await thumbnail.waitFor();
    await thumbnail.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: `Photo 1 envoyée par ${request.name} avec son avis` }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Shoppers see it on the storefront, its place reserved (the metafield is written by a debounced job).
    const shopper = (await suite.page(PHONE)).page;
    const first = shopper.getByRole('region', { name: 'Avis clients' }).locator('[data-avis-liste] > li').first();
    const deadline = Date.now() + 45_000;
    for (;;) {
      await shopper.goto(storefront(), { waitUntil: 'load' });
      if ((await first.innerText()).includes('Jolie bougie, voici la photo de la boîte.')) break;
      if (Date.now() > deadline) throw new Error('the review did not reach the storefront within 45 s');
      await shopper.waitForTimeout(1_000);
    }
    const photos = first.locator('[data-avis-photo]');
    expect(await photos.count()).toBe(1);
    expect(await photos.locator('img').evaluate((img) => [img.getAttribute('loading'), Number(img.getAttribute('width')) > 0, Number(img.getAttribute('height')) > 0])).toEqual([
      'lazy',
      true,
      true,
    ]);
    await expectNoViolation(shopper);
  });
});
