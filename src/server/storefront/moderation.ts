/**
 * Storefront moderation (decision 028): the merchant hides a review only for a stated content reason
 * (never for its rating) and may show it again. Each change writes its audit entry in its own
 * transaction (who, when, the review's id and reason before and after: never the reviewer's name or
 * words) and asks for the storefront's metafield to be written again.
 *
 * A review's photos are hidden and shown the same way by the photos service (reviews/photos.ts,
 * decision 058); the routes add them to these items (this folder's services do not import reviews/,
 * which imports storefront/).
 */
import { and, eq, sql } from 'drizzle-orm';
import { MODERATION_PAGE_SIZE, type HideReason, type ModerationItem } from '#core/api/storefront';
import { shownOnStorefront } from '#core/review-origin';
import { publicName } from '#core/storefront';
import { queryRows, type Database, type Queryable } from '#db/client';
import { shopifyReviews } from '#db/schema';
import { recordAudit, type AuditActor } from '../audit/log';
import { DomainError } from '../domain-error';
import { showsUnverified } from './publication';
import { schedulePublish } from './publish';

/** A moderation item before its photos are added (storefront/routes.ts). */
export type ModerationRow = Omit<ModerationItem, 'photos'>;

type Row = Omit<ModerationRow, 'public_name'> & { customer_name: string | null };

const COLUMNS = sql`v.id::text, v.rating, v.customer_name, v.comment, to_json(v.created_at)#>>'{}' AS created_at,
                    to_json(v.hidden_at)#>>'{}' AS hidden_at, v.hidden_reason, u.email AS hidden_by_email, v.origin, v.is_published`;

const item = ({ customer_name, ...r }: Row): ModerationRow => ({
  ...r,
  public_name: publicName(customer_name),
  created_at: new Date(r.created_at).toISOString(),
  hidden_at: r.hidden_at ? new Date(r.hidden_at).toISOString() : null,
});

async function one(db: Queryable, storeId: string, reviewId: string): Promise<ModerationRow> {
  const [row] = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM shopify_reviews v LEFT JOIN "user" u ON u.id = v.hidden_by
        WHERE v.shop_id = ${storeId}::uuid AND v.id = ${reviewId}::uuid`,
  );
  if (!row) throw new DomainError('review_not_found');
  return item(row);
}

export type ModerationFilter = 'all' | 'visible' | 'hidden';

/** The store's reviews with their moderation, newest first, a page at a time; and how many are hidden. */
export async function moderationPage(db: Queryable, storeId: string, filter: ModerationFilter, page: number) {
  const where = [sql`v.shop_id = ${storeId}::uuid`];
  if (filter === 'visible') where.push(sql`v.is_published`);
  // « Masqués » also lists the reviews with a hidden photo (decision 058): the store's hidden photos
  // are read once (a hashed list), not once per review.
  if (filter === 'hidden')
    where.push(sql`(v.hidden_at IS NOT NULL OR v.id IN (SELECT p.review_id FROM review_photos p WHERE p.shop_id = ${storeId}::uuid AND p.hidden_at IS NOT NULL))`);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM shopify_reviews v LEFT JOIN "user" u ON u.id = v.hidden_by
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY v.created_at DESC, v.id DESC
        OFFSET ${(page - 1) * MODERATION_PAGE_SIZE} LIMIT ${MODERATION_PAGE_SIZE + 1}`,
  );
  const [hidden] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM shopify_reviews WHERE shop_id = ${storeId}::uuid AND hidden_at IS NOT NULL`);
  return {
    items: rows.slice(0, MODERATION_PAGE_SIZE).map(item),
    next_page: rows.length > MODERATION_PAGE_SIZE ? page + 1 : null,
    hidden_count: hidden?.n ?? 0,
  };
}

/**
 * Hides (reason given) or shows (null) one review of the store. A change that changes nothing (the
 * same reason again, showing a shown review) writes nothing.
 */
export async function moderateReview(db: Database, storeId: string, reviewId: string, reason: HideReason | null, actor: AuditActor): Promise<ModerationRow> {
  await db.transaction(async (tx) => {
    // The store's row first, as a change of its setting takes it before the reviews: no deadlock between them.
    const showUnverified = await showsUnverified(tx, storeId, { lock: true });
    const [review] = await tx
      .select({ hiddenReason: shopifyReviews.hiddenReason, origin: shopifyReviews.origin })
      .from(shopifyReviews)
      .where(and(eq(shopifyReviews.shopId, storeId), eq(shopifyReviews.id, reviewId)))
      .for('update');
    if (!review) throw new DomainError('review_not_found');
    if (review.hiddenReason === reason) return;
    const now = new Date();
    // Shown again, it is published as any review of its origin is (an unverified one only if the store shows those).
    const isPublished = reason ? false : shownOnStorefront({ origin: review.origin, hidden: false }, showUnverified);
    await tx
      .update(shopifyReviews)
      .set(reason ? { hiddenAt: now, hiddenReason: reason, hiddenBy: actor.userId, isPublished } : { hiddenAt: null, hiddenReason: null, hiddenBy: null, isPublished })
      .where(eq(shopifyReviews.id, reviewId));
    const state = (hidden: HideReason | null) => ({ review_id: reviewId, hidden: hidden !== null, reason: hidden });
    await recordAudit(tx, storeId, actor, reason ? 'review.hide' : 'review.show', state(review.hiddenReason), state(reason));
    await schedulePublish(tx, storeId, now);
  });
  return one(db, storeId, reviewId);
}
