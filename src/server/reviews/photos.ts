/**
 * A review's photos (decision 058): added by the page that sent the review (it holds the key its
 * submission answered, for REVIEW_PHOTO_LIMITS.uploadMinutes), at most REVIEW_PHOTO_LIMITS.perReview,
 * each processed by media/review-photo.ts before anything is stored; their public URLs; and the
 * removal of a review's photos, files included (a customer's erasure, a shop's).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { HideReason, MerchantPhoto } from '#core/api/storefront';
import { REVIEW_PHOTO_LIMITS, type PhotoRefusal } from '#core/review-photos';
import { queryRows, type Queryable } from '#db/client';
import { reviewPhotos, shopifyReviews } from '#db/schema';
import { recordAudit, type AuditActor } from '../audit/log';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { processReviewPhoto, PhotoRejected, type ProcessedPhoto } from '../media/review-photo';
import { hashToken, isPublicToken, newPublicToken } from '../security/tokens';
import { schedulePublish } from '../storefront/publish';
import { removeStoredFiles } from '../media/jobs';

/** Why a photo was not added, said by the page in the customer's language. */
export class PhotoRefused extends Error {
  constructor(readonly reason: PhotoRefusal) {
    super(reason);
    this.name = 'PhotoRefused';
  }
}

/**
 * Gives the review's page the right to add photos for a while: the key goes back to that page only
 * (in its submission's answer); its hash is kept. Called inside the review's own transaction.
 */
export async function grantPhotoUpload(db: Queryable, reviewId: string, now = new Date()): Promise<string> {
  const key = newPublicToken();
  await db
    .update(shopifyReviews)
    .set({ photoUploadHash: hashToken(key), photoUploadUntil: new Date(now.getTime() + REVIEW_PHOTO_LIMITS.uploadMinutes * 60_000) })
    .where(eq(shopifyReviews.id, reviewId));
  return key;
}

/** A stored photo as pages and screens show it. */
export interface PhotoView {
  id: string;
  position: number;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
}

type PhotoRow = typeof reviewPhotos.$inferSelect;

/** What turns a storage key into its public URL (the merchant's lists need no more of the context). */
export type PhotoUrls = { storage: Pick<AppContext['storage'], 'publicUrl'> };

export const photoView = (ctx: PhotoUrls, row: Pick<PhotoRow, 'id' | 'position' | 'storageKey' | 'thumbKey' | 'width' | 'height' | 'thumbWidth' | 'thumbHeight'>): PhotoView => ({
  id: row.id,
  position: row.position,
  url: ctx.storage.publicUrl(row.storageKey),
  thumb_url: ctx.storage.publicUrl(row.thumbKey),
  width: row.width,
  height: row.height,
  thumb_width: row.thumbWidth,
  thumb_height: row.thumbHeight,
});

/** Processing takes a core for about a second a photo: a few at a time, the others wait their turn. */
const MAX_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Processes `bytes` and stores the photo under the review, in the next free place. Refuses with
 * PhotoRefused: the image's own reasons, or no place left (checked before the work and again,
 * under the review's lock, before the row is written; files of a photo refused there are removed).
 */
export async function storeReviewPhoto(ctx: AppContext, review: { id: string; shopId: string }, bytes: Uint8Array): Promise<PhotoView> {
  if ((await photoCount(ctx.db, review.id)) >= REVIEW_PHOTO_LIMITS.perReview) throw new PhotoRefused('too_many_photos');
  let processed: ProcessedPhoto;
  try {
    processed = await inTurn(() => processReviewPhoto(bytes));
  } catch (error) {
    if (error instanceof PhotoRejected) throw new PhotoRefused(error.reason);
    throw error;
  }
  const id = randomUUID();
  const storageKey = `review-photos/${review.shopId}/${id}.webp`;
  const thumbKey = `review-photos/${review.shopId}/${id}-thumb.webp`;
  await ctx.storage.put(storageKey, processed.full.bytes, 'image/webp');
  await ctx.storage.put(thumbKey, processed.thumb.bytes, 'image/webp');
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select({ published: shopifyReviews.isPublished }).from(shopifyReviews).where(eq(shopifyReviews.id, review.id)).for('update');
      if (!locked) throw new PhotoRefused('upload_closed');
      const taken = await photoCount(tx, review.id);
      if (taken >= REVIEW_PHOTO_LIMITS.perReview) throw new PhotoRefused('too_many_photos');
      const [inserted] = await tx
        .insert(reviewPhotos)
        .values({
          id,
          shopId: review.shopId,
          reviewId: review.id,
          position: taken + 1,
          storageKey,
          thumbKey,
          width: processed.full.width,
          height: processed.full.height,
          thumbWidth: processed.thumb.width,
          thumbHeight: processed.thumb.height,
          size: processed.full.bytes.byteLength,
        })
        .returning();
      // A published review's photos show on the storefront: its metafield is written again.
      if (locked.published) await schedulePublish(tx, review.shopId);
      return inserted!;
    });
    return photoView(ctx, row);
  } catch (error) {
    await removeFiles(ctx, [{ storageKey, thumbKey }]);
    throw error;
  }
}

async function photoCount(db: Queryable, reviewId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM review_photos WHERE review_id = ${reviewId}::uuid`);
  return row?.n ?? 0;
}

/**
 * Adds a photo through the review page: the review whose request has `token` and whose page holds
 * `key`, while its right lasts.
 */
export async function addPhotoFromPage(ctx: AppContext, token: string, key: string, bytes: Uint8Array, now = new Date()): Promise<PhotoView> {
  // No token or key of ours: refused before any query.
  if (!isPublicToken(token) || !isPublicToken(key)) throw new PhotoRefused('upload_closed');
  const [review] = await queryRows<{ id: string; shop_id: string; until: string | null }>(
    ctx.db,
    sql`SELECT v.id::text, v.shop_id::text, to_json(v.photo_upload_until)#>>'{}' AS until
        FROM shopify_reviews v JOIN shopify_review_requests r ON r.id = v.review_request_id
        WHERE r.token = ${token} AND v.photo_upload_hash = ${hashToken(key)}`,
  );
  if (!review || !review.until || new Date(review.until) <= now) throw new PhotoRefused('upload_closed');
  return storeReviewPhoto(ctx, { id: review.id, shopId: review.shop_id }, bytes);
}

/** Removes files from the storage; one that cannot be removed is logged, the others still go. */
async function removeFiles(ctx: AppContext, photos: Pick<PhotoRow, 'storageKey' | 'thumbKey'>[]): Promise<void> {
  for (const key of photos.flatMap((photo) => [photo.storageKey, photo.thumbKey])) {
    await ctx.storage
      .delete(key)
      .catch((error: unknown) => ctx.log.child('photos').error('photo file not removed', { key, error: error instanceof Error ? error.message : String(error) }));
  }
}

/**
 * Deletes the photos of these reviews (a customer's erasure, decision 058): the rows in `db`'s
 * transaction, the files by a job enqueued in it (they go once it commits, retried until they do).
 */
export async function deleteReviewPhotos(db: Queryable, reviewIds: readonly string[]): Promise<number> {
  if (reviewIds.length === 0) return 0;
  const deleted = await db
    .delete(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
    .returning({ storageKey: reviewPhotos.storageKey, thumbKey: reviewPhotos.thumbKey });
  await removeStoredFiles(
    db,
    deleted.flatMap((photo) => [photo.storageKey, photo.thumbKey]),
  );
  return deleted.length;
}

/** The storage keys of every photo of these stores (a shop's erasure removes the files after the rows). */
export async function photoKeysOfStores(db: Queryable, storeIds: readonly string[]): Promise<string[]> {
  if (storeIds.length === 0) return [];
  const rows = await db
    .select({ storageKey: reviewPhotos.storageKey, thumbKey: reviewPhotos.thumbKey })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.shopId, [...storeIds]));
  return rows.flatMap((photo) => [photo.storageKey, photo.thumbKey]);
}

/** The photos of these reviews, in their order, grouped by review. */
export async function photosOf(ctx: AppContext, db: Queryable, reviewIds: string[], options: { shownOnly?: boolean } = {}): Promise<Map<string, PhotoView[]>> {
  const byReview = new Map<string, PhotoView[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .select()
    .from(reviewPhotos)
    .where(and(inArray(reviewPhotos.reviewId, reviewIds), options.shownOnly ? sql`${reviewPhotos.hiddenAt} IS NULL` : undefined))
    .orderBy(reviewPhotos.reviewId, reviewPhotos.position);
  for (const row of rows) {
    const list = byReview.get(row.reviewId) ?? [];
    list.push(photoView(ctx, row));
    byReview.set(row.reviewId, list);
  }
  return byReview;
}

/**
 * The photos of these reviews as the merchant's screens show them: hidden ones included, with their
 * reason. One query for a page (or an export's batch) of reviews, not one per review.
 */
export async function merchantPhotosOf(ctx: PhotoUrls, db: Queryable, reviewIds: string[]): Promise<Map<string, MerchantPhoto[]>> {
  const byReview = new Map<string, MerchantPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db.select().from(reviewPhotos).where(inArray(reviewPhotos.reviewId, reviewIds)).orderBy(reviewPhotos.reviewId, reviewPhotos.position);
  for (const row of rows) {
    const list = byReview.get(row.reviewId) ?? [];
    list.push(merchantPhotoView(ctx, row));
    byReview.set(row.reviewId, list);
  }
  return byReview;
}

export const merchantPhotoView = (ctx: PhotoUrls, row: PhotoRow): MerchantPhoto => ({
  ...photoView(ctx, row),
  hidden: row.hiddenAt !== null,
  hidden_reason: row.hiddenReason,
});

/**
 * Hides (reason given) or shows (null) one photo of a review of the store: the same content reasons
 * as a review's (decision 028), never its rating; the review itself is unchanged. Audited like a
 * review (`review_photo.hide`, `review_photo.show`, with the photo's and the review's ids and the
 * reason, never the customer's name), in the change's transaction; a change that changes nothing
 * writes nothing. Another store's photo, or one named under another review, is not found.
 */
export async function moderatePhoto(
  ctx: PhotoUrls & { db: AppContext['db'] },
  storeId: string,
  ids: { reviewId: string; photoId: string },
  reason: HideReason | null,
  actor: AuditActor,
): Promise<MerchantPhoto> {
  const row = await ctx.db.transaction(async (tx) => {
    const [photo] = await tx
      .select()
      .from(reviewPhotos)
      .where(and(eq(reviewPhotos.shopId, storeId), eq(reviewPhotos.reviewId, ids.reviewId), eq(reviewPhotos.id, ids.photoId)))
      .for('update');
    if (!photo) throw new DomainError('photo_not_found');
    if (photo.hiddenReason === reason) return photo;
    const now = new Date();
    const [updated] = await tx
      .update(reviewPhotos)
      .set(reason ? { hiddenAt: now, hiddenReason: reason, hiddenBy: actor.userId } : { hiddenAt: null, hiddenReason: null, hiddenBy: null })
      .where(eq(reviewPhotos.id, photo.id))
      .returning();
    const state = (hidden: HideReason | null) => ({ review_id: ids.reviewId, photo_id: ids.photoId, hidden: hidden !== null, reason: hidden });
    await recordAudit(tx, storeId, actor, reason ? 'review_photo.hide' : 'review_photo.show', state(photo.hiddenReason), state(reason));
    // The storefront shows a review's photos and counts the hidden ones: its metafield is written again.
    await schedulePublish(tx, storeId, now);
    return updated!;
  });
  return merchantPhotoView(ctx, row);
}
