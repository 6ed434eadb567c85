/**
 * Photos on the demo store's newest reviews (decision 058), so the demo storefront, its browser tests
 * and its Lighthouse run show photo reviews as a shop would: two photos on the newest review, one on
 * the next. Drawn here (a candle in landscape and in portrait, no file shipped) and stored through the
 * customers' own pipeline, so they are what a customer's photo becomes. Only demo mode calls it, once,
 * right after the demo data is created.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import type { AppContext } from '../context';
import { loadSharp } from '../media/image';
import { storeReviewPhoto } from '../reviews/photos';

/** A JPEG of a lit candle on a table, `width` × `height`, as a phone would send it. */
async function candlePhoto(width: number, height: number, wall: string): Promise<Uint8Array> {
  const cx = width / 2;
  const base = height * 0.78;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="${wall}"/>
  <rect y="${base}" width="100%" height="${height - base}" fill="#8a6a4f"/>
  <circle cx="${cx}" cy="${height * 0.3}" r="${height * 0.22}" fill="#fff4c2" opacity="0.35"/>
  <rect x="${cx - width * 0.09}" y="${height * 0.42}" width="${width * 0.18}" height="${base - height * 0.42}" rx="8" fill="#f5efe6"/>
  <ellipse cx="${cx}" cy="${height * 0.33}" rx="${height * 0.025}" ry="${height * 0.07}" fill="#ffb347"/>
</svg>`;
  const sharp = await loadSharp();
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
}

/** Adds the demo photos to the store's two newest listed reviews; returns how many were stored. */
export async function seedDemoPhotos(ctx: AppContext, storeId: string): Promise<number> {
  const reviews = await queryRows<{ id: string }>(
    ctx.db,
    sql`SELECT id::text FROM shopify_reviews
        WHERE shop_id = ${storeId}::uuid AND is_published AND comment IS NOT NULL
        ORDER BY created_at DESC, id DESC LIMIT 2`,
  );
  const plan = [
    [
      [1600, 1200, '#e9dccb'],
      [900, 1200, '#d7e3e8'],
    ],
    [[1200, 1200, '#efe3f0']],
  ] as const;
  let stored = 0;
  for (const [i, review] of reviews.entries()) {
    for (const [width, height, wall] of plan[i] ?? []) {
      await storeReviewPhoto(ctx, { id: review.id, shopId: storeId }, await candlePhoto(width, height, wall));
      stored += 1;
    }
  }
  return stored;
}
