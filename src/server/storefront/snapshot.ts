/**
 * What the storefront shows of a store's reviews (decision 028): every published review, whatever its
 * rating (`is_published`: not hidden, and a verified purchase unless the store shows unverified ones
 * too, decision 044); the aggregate over those, the count of hidden ones, the newest reviews, each
 * marked verified or not, and « Voir plus » pages. Never an e-mail or an order. Dates and the average
 * are language-neutral (`date`, `average`): the block writes them in the storefront's language, so one
 * metafield serves every language (issue 48). Each listed review carries its shown photos, and hidden
 * photos are counted like hidden reviews (decision 058).
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_PROXY_PATH, STOREFRONT_LATEST, STOREFRONT_PAGE_SIZE, frenchAverage, frenchDate, publicName } from '#core/storefront';
import type { PublicPhoto, PublicReview, StorefrontPage, StorefrontSnapshot } from '#core/api/storefront';
import { isVerifiedPurchase, type ReviewOrigin } from '#core/review-origin';
import { queryRows, type Queryable } from '#db/client';
import type { Storage } from '../media/types';

/**
 * A review listed on the storefront: shown, and with something to show. A review whose name and
 * comment are both gone (a customer's erasure) is left out of the list; its rating stays counted.
 */
const LISTED = sql`v.is_published AND (v.customer_name IS NOT NULL OR v.comment IS NOT NULL)`;

/** The branding's default primary colour (src/db/schema.ts store_branding). */
const DEFAULT_ACCENT = '#56dadc';

type ReviewRow = { id: string; customer_name: string | null; comment: string | null; rating: number; created_at: string; origin: ReviewOrigin };

function publicReview(r: ReviewRow, photos: PublicPhoto[]): PublicReview {
  const comment = r.comment?.trim() ? r.comment.trim() : null;
  return {
    name: publicName(r.customer_name),
    // The block writes `date` in the storefront's language; the French label serves blocks released
    // before it did, until Shopify serves the new version (core/api/storefront.ts).
    date: r.created_at.slice(0, 10),
    date_label: frenchDate(r.created_at),
    rating: r.rating,
    comment,
    verified: isVerifiedPurchase(r.origin),
    photos,
  };
}

/** What the snapshot is read with: the database, and the storage that names the photos' public URLs. */
type Source = { db: Queryable; storage: Pick<Storage, 'publicUrl'> };

/**
 * The reviews as the storefront lists them, each with its shown photos in the customer's order (a
 * hidden one is left out, and counted in `hidden_photos`): the storage's public URLs, on the app's
 * host, which the storefront loads as any page loads an image from another origin. Read here rather
 * than through reviews/photos.ts, which publishes the storefront: the import would go round.
 */
async function withPhotos(source: Source, rows: ReviewRow[]): Promise<PublicReview[]> {
  const photos = new Map<string, PublicPhoto[]>();
  if (rows.length > 0) {
    const found = await queryRows<{
      review_id: string;
      position: number;
      storage_key: string;
      thumb_key: string;
      width: number;
      height: number;
      thumb_width: number;
      thumb_height: number;
    }>(
      source.db,
      sql`SELECT review_id::text, position, storage_key, thumb_key, width, height, thumb_width, thumb_height
          FROM review_photos
          WHERE review_id IN (${sql.join(
            rows.map((r) => sql`${r.id}::uuid`),
            sql`, `,
          )}) AND hidden_at IS NULL
          ORDER BY review_id, position`,
    );
    for (const p of found) {
      const list = photos.get(p.review_id) ?? [];
      list.push({
        position: p.position,
        url: source.storage.publicUrl(p.storage_key),
        width: p.width,
        height: p.height,
        thumb_url: source.storage.publicUrl(p.thumb_key),
        thumb_width: p.thumb_width,
        thumb_height: p.thumb_height,
      });
      photos.set(p.review_id, list);
    }
  }
  return rows.map((r) => publicReview(r, photos.get(r.id) ?? []));
}

async function listed(db: Queryable, storeId: string, offset: number, limit: number): Promise<ReviewRow[]> {
  return queryRows<ReviewRow>(
    db,
    sql`SELECT v.id::text, v.customer_name, v.comment, v.rating, to_json(v.created_at)#>>'{}' AS created_at, v.origin
        FROM shopify_reviews v
        WHERE v.shop_id = ${storeId}::uuid AND ${LISTED}
        ORDER BY v.created_at DESC, v.id DESC
        OFFSET ${offset} LIMIT ${limit}`,
  );
}

export async function storefrontSnapshot(source: Source, storeId: string, now = new Date()): Promise<StorefrontSnapshot> {
  const db = source.db;
  // Hidden ones are counted among the reviews the storefront would show otherwise: an unverified
  // review the store keeps off its storefront was not hidden from anyone.
  const counts = await queryRows<{ rating: number; shown: number; hidden: number }>(
    db,
    sql`SELECT v.rating, count(*) FILTER (WHERE v.is_published)::int AS shown,
               count(*) FILTER (WHERE v.hidden_at IS NOT NULL AND (v.origin = 'order' OR s.show_unverified_reviews))::int AS hidden
        FROM shopify_reviews v JOIN shopify_stores s ON s.id = v.shop_id
        WHERE v.shop_id = ${storeId}::uuid GROUP BY v.rating`,
  );
  const byRating = new Map(counts.map((c) => [c.rating, c.shown]));
  const count = counts.reduce((n, c) => n + c.shown, 0);
  const hidden = counts.reduce((n, c) => n + c.hidden, 0);
  const sum = counts.reduce((n, c) => n + c.rating * c.shown, 0);
  const average = count > 0 ? Math.round((sum / count) * 10) / 10 : null;
  const rows = await listed(db, storeId, 0, STOREFRONT_LATEST + 1);
  // Every photo the merchant hid, whichever review it belongs to: a buyer sees that moderation happened.
  const hiddenPhotos = await hiddenPhotoCount(db, storeId);
  const [branding] = await queryRows<{ color: string }>(db, sql`SELECT primary_color AS color FROM store_branding WHERE shop_id = ${storeId}::uuid`);
  const [store] = await queryRows<{ proxy_path: string | null }>(db, sql`SELECT storefront_proxy_path AS proxy_path FROM shopify_stores WHERE id = ${storeId}::uuid`);
  return {
    version: 1,
    count,
    average,
    average_label: average === null ? '' : frenchAverage(average),
    average_percent: average === null ? 0 : Math.round((average / 5) * 1000) / 10,
    distribution: [5, 4, 3, 2, 1].map((rating) => {
      const n = byRating.get(rating) ?? 0;
      return { rating, count: n, percent: count > 0 ? Math.round((n / count) * 100) : 0 };
    }),
    hidden,
    hidden_photos: hiddenPhotos,
    reviews: await withPhotos(source, rows.slice(0, STOREFRONT_LATEST)),
    more: rows.length > STOREFRONT_LATEST,
    accent: branding && /^#[0-9a-fA-F]{6}$/.test(branding.color) ? branding.color : DEFAULT_ACCENT,
    proxy_path: store?.proxy_path ?? DEFAULT_PROXY_PATH,
    updated_at: now.toISOString(),
  };
}

/**
 * A « Voir plus » page: page 1 follows the reviews the metafield carries (the block shows those
 * itself), each page STOREFRONT_PAGE_SIZE reviews.
 */
export async function storefrontPage(source: Source, storeId: string, page: number): Promise<StorefrontPage> {
  const rows = await listed(source.db, storeId, STOREFRONT_LATEST + (page - 1) * STOREFRONT_PAGE_SIZE, STOREFRONT_PAGE_SIZE + 1);
  return { page, reviews: await withPhotos(source, rows.slice(0, STOREFRONT_PAGE_SIZE)), next_page: rows.length > STOREFRONT_PAGE_SIZE ? page + 1 : null };
}

/**
 * Every photo the merchant hid (decision 058), whichever review it belongs to: the storefront counts
 * them publicly, and the moderation list says how many.
 */
export async function hiddenPhotoCount(db: Queryable, storeId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM review_photos WHERE shop_id = ${storeId}::uuid AND hidden_at IS NOT NULL`);
  return row?.n ?? 0;
}
