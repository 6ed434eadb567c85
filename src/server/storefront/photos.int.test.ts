// Photos on the storefront (decision 058): the app-data metafield's snapshot and the « Voir plus »
// pages carry each listed review's shown photos in the customer's order (thumbnail and full photo
// with their sizes, never a hidden one), count the hidden ones, and stay well within Shopify's 128 KB.
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { storefrontPage as pageContract, storefrontSnapshot as snapshotContract } from '#core/api/storefront';
import { STOREFRONT_LATEST } from '#core/storefront';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { integrationTest } from '#tests/support/integration';
import type { World } from '#tests/support/world';
import { storeReviewPhoto } from '../reviews/photos';
import { JSON_METAFIELD_MAX_BYTES, metafieldValue } from './metafield-value';
import { storefrontPage, storefrontSnapshot } from './snapshot';

const it = integrationTest();

/** A JPEG as a phone sends it: 800 × 600 unless told, one colour. */
const jpeg = async (width = 800, height = 600, background = '#c08040') =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background } })
      .jpeg()
      .toBuffer(),
  );

async function addPhotos(ctx: TestContext, review: { id: string; shopId: string }, sizes: [number, number][]) {
  const added = [];
  for (const [width, height] of sizes) added.push(await storeReviewPhoto(ctx, review, await jpeg(width, height)));
  return added;
}

const hide = (ctx: TestContext, photoId: string) =>
  ctx.db.update(s.reviewPhotos).set({ hiddenAt: new Date(), hiddenReason: 'personal_data', hiddenBy: 'test' }).where(eq(s.reviewPhotos.id, photoId));

/** Reviews of a new store, newest first: `count` verified ones a minute apart. */
async function reviewsOf(world: World, count: number) {
  const store = await world.merchant().store();
  const now = Date.now();
  const rows = await store.reviews(
    Array.from({ length: count }, (_, i) => ({
      rating: 5 - (i % 5),
      customerName: `Client Numéro${i}`,
      comment: `Avis ${i}`,
      origin: 'order' as const,
      createdAt: new Date(now - i * 60_000),
    })),
  );
  return { store: store.store, reviews: rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()) };
}

describe('photos on the storefront', () => {
  it('carries each listed review’s shown photos in their order, with both sizes; hidden ones are left out and counted', async ({ ctx, world }) => {
    const { store, reviews } = await reviewsOf(world, STOREFRONT_LATEST + 2);
    const [newest, second] = reviews;
    const [p1, p2, p3] = await addPhotos(ctx, newest!, [
      [800, 600],
      [600, 800],
      [1000, 1000],
    ]);
    const [alone] = await addPhotos(ctx, second!, [[800, 600]]);
    await hide(ctx, p2!.id);
    await hide(ctx, alone!.id);
    // A review beyond the block's five: its photos come with « Voir plus ».
    const older = reviews[STOREFRONT_LATEST]!;
    const [o1, o2] = await addPhotos(ctx, older, [
      [640, 480],
      [480, 640],
    ]);
    // A hidden review's photos never show, and are not counted as hidden photos (the review is counted).
    const [hiddenReview] = await world
      .at(store)
      .reviews([{ rating: 1, customerName: 'Masqué Client', comment: 'x', origin: 'order', hiddenAt: new Date(), hiddenReason: 'insult' }]);
    await addPhotos(ctx, hiddenReview!, [[800, 600]]);

    const snapshot = snapshotContract.parse(await storefrontSnapshot(ctx, store.id));
    expect(snapshot.hidden_photos).toBe(2);
    expect(snapshot.hidden).toBe(1);
    expect(snapshot.reviews.map((r) => r.photos?.length)).toEqual([2, 0, 0, 0, 0]);
    expect(snapshot.reviews[0]!.photos).toEqual(
      [p1!, p3!].map((p) => ({
        position: p.position,
        url: p.url,
        width: p.width,
        height: p.height,
        thumb_url: p.thumb_url,
        thumb_width: p.thumb_width,
        thumb_height: p.thumb_height,
      })),
    );
    expect(snapshot.reviews[0]!.photos!.map((p) => [p.position, p.width, p.height, p.thumb_width, p.thumb_height])).toEqual([
      [1, 800, 600, 400, 300],
      [3, 1000, 1000, 400, 400],
    ]);
    // Public URLs of the app's storage, the thumbnail its own file.
    expect(snapshot.reviews[0]!.photos![0]!.url).toMatch(/^https?:\/\/.+\/review-photos\/[0-9a-f-]+\/[0-9a-f-]+\.webp$/);
    expect(snapshot.reviews[0]!.photos![0]!.thumb_url).toMatch(/-thumb\.webp$/);
    expect(JSON.stringify(snapshot)).not.toContain(p2!.id);

    const page = pageContract.parse(await storefrontPage(ctx, store.id, 1));
    expect(page.reviews.map((r) => r.photos?.map((p) => p.url))).toEqual([[o1!.url, o2!.url], []]);
  });

  it('shows a photo again once the merchant shows it: the count follows', async ({ ctx, world }) => {
    const { store, reviews } = await reviewsOf(world, 1);
    const [photo] = await addPhotos(ctx, reviews[0]!, [[800, 600]]);
    await hide(ctx, photo!.id);
    let snapshot = await storefrontSnapshot(ctx, store.id);
    expect([snapshot.hidden_photos, snapshot.reviews[0]!.photos]).toEqual([1, []]);
    await ctx.db.update(s.reviewPhotos).set({ hiddenAt: null, hiddenReason: null, hiddenBy: null }).where(eq(s.reviewPhotos.id, photo!.id));
    snapshot = await storefrontSnapshot(ctx, store.id);
    expect([snapshot.hidden_photos, snapshot.reviews[0]!.photos!.length]).toEqual([0, 1]);
    // Another store's hidden photos are not this one's.
    const other = await reviewsOf(world, 1);
    const [theirs] = await addPhotos(ctx, other.reviews[0]!, [[800, 600]]);
    await hide(ctx, theirs!.id);
    expect((await storefrontSnapshot(ctx, store.id)).hidden_photos).toBe(0);
  });

  it('stays compact: fifteen photos add a few kilobytes, and a value shortened for Shopify’s limit keeps them', async ({ ctx, world }) => {
    const { store, reviews } = await reviewsOf(world, STOREFRONT_LATEST);
    for (const review of reviews)
      await addPhotos(ctx, review, [
        [800, 600],
        [800, 600],
        [800, 600],
      ]);
    const snapshot = await storefrontSnapshot(ctx, store.id);
    const photos = snapshot.reviews.flatMap((r) => r.photos ?? []);
    expect(photos).toHaveLength(15);
    const withoutPhotos = JSON.stringify({ ...snapshot, reviews: snapshot.reviews.map((r) => ({ ...r, photos: [] })) });
    const added = Buffer.byteLength(JSON.stringify(snapshot)) - Buffer.byteLength(withoutPhotos);
    // About 300 bytes a photo (two URLs on the app's host and four sizes): 15 photos well under 8 KB.
    expect(added).toBeLessThan(8 * 1024);
    // Five comments of 7,000 four-byte characters (140 KB): the words are shortened, the photos kept.
    await ctx.db.execute(sql`UPDATE shopify_reviews SET comment = repeat('😀', 7000) WHERE shop_id = ${store.id}::uuid`);
    const heavy = await storefrontSnapshot(ctx, store.id);
    const value = metafieldValue(heavy);
    expect(Buffer.byteLength(value)).toBeLessThanOrEqual(JSON_METAFIELD_MAX_BYTES);
    const published = JSON.parse(value) as typeof heavy;
    expect(published.reviews.flatMap((r) => r.photos ?? [])).toEqual(photos);
    expect(published.reviews[0]!.comment!.length).toBeLessThan(heavy.reviews[0]!.comment!.length);
  });
});
