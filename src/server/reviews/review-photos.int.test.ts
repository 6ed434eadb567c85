/**
 * Photos on the review page (decision 058), on both engines and with each storage (the database,
 * files, an S3 bucket): the page's script sends the review, then each photo with the key its answer
 * gave; what is stored has no metadata and is served with a year's cache. Then, on the database: the
 * limits (three photos, the key, its hour, the type, the size), the review kept whatever happens to a
 * photo, the form without JavaScript and its refused photo said in the page's language.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import { REVIEW_PHOTO_LIMITS } from '#core/review-photos';
import { startFakeS3, s3Env, type FakeS3 } from '#tests/support/fake-s3';
import { ORIGIN } from '#tests/support/http';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { world, type StoreRow } from '#tests/support/world';
import { createApp } from '../app';
import { reviewPageCatalogues } from '../messages/review-page';

/** A phone's photo: a JPEG carrying its camera and GPS position in EXIF. */
async function phonePhoto(width = 640, height = 480): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#c084fc' } })
    .jpeg()
    .withExifMerge({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
    .toBuffer();
  return new Uint8Array(buffer);
}

interface Suite {
  ctx: TestContext;
  app: ReturnType<typeof createApp>;
}

let ip = 0;
const nextIp = () => `10.58.${Math.floor(++ip / 250)}.${ip % 250}`;

async function storeAndRequest(suite: Suite, locale = 'fr'): Promise<{ store: StoreRow; token: string }> {
  const shop = await world(suite.ctx).merchant().store({ shopName: 'Maison Lumière' });
  const request = await shop.request({ status: 'sent', locale });
  return { store: shop.store, token: request.token };
}

/** The page's script: the review alone, answered in JSON with where and with which key its photos go. */
async function sendReview(suite: Suite, token: string) {
  const res = await suite.app.request(`${ORIGIN}/review/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-forwarded-for': nextIp() },
    body: new URLSearchParams({ rating: '5', name: 'Camille', email: 'camille@exemple.test', comment: 'Très belle bougie.' }).toString(),
  });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as { photos: { url: string; key: string; max: number } };
  expect(answer.photos).toEqual({ url: `/review/${token}/photos?langue=fr`, key: expect.any(String), max: REVIEW_PHOTO_LIMITS.perReview });
  return answer.photos;
}

const sendPhoto = (suite: Suite, target: { url: string; key: string }, bytes: Uint8Array, type = 'image/jpeg') =>
  suite.app.request(`${ORIGIN}${target.url}`, {
    method: 'POST',
    headers: { 'content-type': type, 'x-photo-key': target.key, 'x-forwarded-for': nextIp() },
    body: bytes as Uint8Array<ArrayBuffer>,
  });

const reviewOf = async (ctx: TestContext, token: string) => {
  const [request] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.token, token));
  const [review] = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.reviewRequestId, request!.id));
  return review!;
};
const photoRows = (ctx: TestContext, reviewId: string) => ctx.db.select().from(s.reviewPhotos).where(eq(s.reviewPhotos.reviewId, reviewId)).orderBy(s.reviewPhotos.position);

const STORAGES: [string, (fake: FakeS3) => Record<string, string>][] = [
  ['the database', () => ({ STORAGE: 'database' })],
  ['files', () => ({ STORAGE: 'files', DATA_DIR: mkdtempSync(join(tmpdir(), 'avis-photos-')) })],
  ['an S3 bucket', (fake) => s3Env(fake.url)],
];

for (const [where, envOf] of STORAGES) {
  describe(`a photo sent from the review page, stored in ${where}`, () => {
    const suite = {} as Suite;
    let fake: FakeS3;
    let env: Record<string, string>;
    beforeAll(async () => {
      fake = await startFakeS3();
      env = envOf(fake);
      suite.ctx = await createTestContext({ TRUST_PROXY: 'true', ...env });
      suite.app = createApp(suite.ctx);
    });
    afterAll(async () => {
      await suite.ctx?.destroy();
      await new Promise<void>((resolve) => fake.server.close(() => resolve()));
      if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
    });

    it('is kept without its metadata, as WebP with a thumbnail, under its review, and served with a year’s cache', async () => {
      const { store, token } = await storeAndRequest(suite);
      const target = await sendReview(suite, token);
      const res = await sendPhoto(suite, target, await phonePhoto());
      expect(res.status).toBe(201);
      const { photo } = (await res.json()) as { photo: { position: number; url: string; thumb_url: string; width: number; height: number; thumb_width: number } };
      expect(photo).toMatchObject({ position: 1, width: 640, height: 480, thumb_width: 400 });
      const [row] = await photoRows(suite.ctx, (await reviewOf(suite.ctx, token)).id);
      expect(row!.storageKey).toMatch(new RegExp(`^review-photos/${store.id}/[0-9a-f-]{36}\\.webp$`));
      expect(photo.url).toBe(suite.ctx.storage.publicUrl(row!.storageKey));
      for (const key of [row!.storageKey, row!.thumbKey]) {
        const stored = await suite.ctx.storage.get(key);
        expect(stored!.contentType).toBe('image/webp');
        const metadata = await sharp(stored!.bytes).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.exif).toBeUndefined();
        expect(Buffer.from(stored!.bytes).includes('PhoneMaker')).toBe(false);
      }
      const served = await suite.app.request(new URL(`/media/${row!.storageKey}`, ORIGIN).toString());
      if (where === 'an S3 bucket') {
        // The bucket (or its CDN) serves its files; the object carries our type and cache.
        expect(served.status).toBe(301);
        expect(fake.objects.get(`/avis-logos/${row!.storageKey}`)).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
      } else {
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
    });
  });
}

describe('the limits of a review’s photos', () => {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.ctx = await createTestContext({ TRUST_PROXY: 'true' });
    suite.app = createApp(suite.ctx);
  });
  afterAll(() => suite.ctx?.destroy());

  it('keeps three photos at most, only with the review’s key and within its hour; the review stays whatever happens to a photo', async () => {
    const { token } = await storeAndRequest(suite);
    const target = await sendReview(suite, token);
    const review = await reviewOf(suite.ctx, token);
    // Not an image though its type says so, then too large: refused with their reason, the review kept.
    const text = await sendPhoto(suite, target, new TextEncoder().encode('#!/bin/sh\necho hello'), 'image/jpeg');
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ reason: 'unsupported_type', error: reviewPageCatalogues.fr.photos.reasons.unsupported_type });
    const huge = new Uint8Array(REVIEW_PHOTO_LIMITS.maxBytes + 1);
    huge.set(await phonePhoto(8, 8));
    expect((await sendPhoto(suite, target, huge)).status).toBe(413);
    expect(await reviewOf(suite.ctx, token)).toMatchObject({ id: review.id, rating: 5, comment: 'Très belle bougie.' });
    // Another key, or none: not this review's page.
    expect(await (await sendPhoto(suite, { ...target, key: 'not-the-key' }, await phonePhoto())).json()).toMatchObject({ reason: 'upload_closed' });
    for (let i = 0; i < 3; i++) expect((await sendPhoto(suite, target, await phonePhoto(100 + i, 80))).status).toBe(201);
    const fourth = await sendPhoto(suite, target, await phonePhoto());
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toMatchObject({ reason: 'too_many_photos' });
    expect((await photoRows(suite.ctx, review.id)).map((row) => [row.position, row.width])).toEqual([
      [1, 100],
      [2, 101],
      [3, 102],
    ]);
    // Past its hour, the key opens nothing more.
    await suite.ctx.db
      .update(s.shopifyReviews)
      .set({ photoUploadUntil: new Date(Date.now() - 1000) })
      .where(eq(s.shopifyReviews.id, review.id));
    await suite.ctx.db.delete(s.reviewPhotos).where(eq(s.reviewPhotos.reviewId, review.id));
    const late = await sendPhoto(suite, target, await phonePhoto());
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ reason: 'upload_closed' });
  });

  it('gives each review of a shared link its own key: one customer’s page adds nothing to another’s review', async () => {
    const shop = await world(suite.ctx).merchant().store();
    const link = await shop.request({ order: null, channel: 'link', status: 'sent' });
    const first = await sendReview(suite, link.token);
    const second = await sendReview(suite, link.token);
    expect(first.key).not.toBe(second.key);
    expect((await sendPhoto(suite, second, await phonePhoto())).status).toBe(201);
    const reviews = await suite.ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.reviewRequestId, link.id)).orderBy(s.shopifyReviews.createdAt);
    expect((await photoRows(suite.ctx, reviews[0]!.id)).length).toBe(0);
    expect((await photoRows(suite.ctx, reviews[1]!.id)).length).toBe(1);
  });

  it('takes the photos of the form posted without JavaScript, and says in the page’s language which one it could not keep', async () => {
    const { token } = await storeAndRequest(suite, 'de-DE');
    const page = await (await suite.app.request(`${ORIGIN}/review/${token}`)).text();
    const m = reviewPageCatalogues.de.photos;
    expect(page).toContain('enctype="multipart/form-data"');
    expect(page).toContain(`<label class="f" for="photos">${m.label}</label>`);
    expect(page).toContain('accept="image/jpeg,image/png,image/webp" multiple');
    const form = new FormData();
    for (const [name, value] of Object.entries({ rating: '4', name: 'Lena', email: 'lena@beispiel.test', comment: 'Schön.' })) form.append(name, value);
    form.append('photos', new File([(await phonePhoto()) as Uint8Array<ArrayBuffer>], 'kerze.jpg', { type: 'image/jpeg' }));
    form.append('photos', new File([new TextEncoder().encode('kein Bild')], 'fake.jpg', { type: 'image/jpeg' }));
    const res = await suite.app.request(`${ORIGIN}/review/${token}`, { method: 'POST', headers: { 'x-forwarded-for': nextIp() }, body: form });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(m.reviewSaved);
    expect(html).toContain(`Foto 2 konnte nicht hinzugefügt werden: ${m.reasons.unsupported_type}`);
    // Held there, so the customer reads it: no refresh to the review site.
    expect(html).not.toContain('http-equiv="refresh"');
    const review = await reviewOf(suite.ctx, token);
    expect(review).toMatchObject({ rating: 4, comment: 'Schön.' });
    expect((await photoRows(suite.ctx, review.id)).length).toBe(1);
  });
});
