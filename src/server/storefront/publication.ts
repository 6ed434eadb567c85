/**
 * Whether the storefront shows each review (`shopify_reviews.is_published`, decision 044): never for
 * its rating. Hidden for a stated reason (moderation.ts), or not a verified purchase while the store
 * keeps those off its storefront (`shopify_stores.show_unverified_reviews`, off by default): not
 * published; otherwise published. The rule is src/core/review-origin.ts's `shownOnStorefront`; the
 * store-wide SQL below says the same, and check constraints hold the part the row alone decides.
 */
import { eq, sql } from 'drizzle-orm';
import type { StorefrontSettings } from '#core/api/storefront';
import type { Database, Queryable } from '#db/client';
import { shopifyStores } from '#db/schema';
import { recordAudit, type AuditActor } from '../audit/log';
import { DomainError } from '../domain-error';
import { schedulePublish } from './publish';

/**
 * Whether the store shows reviews that are not verified purchases. A writer deciding a review's
 * publication reads it with `lock` (FOR SHARE, in its transaction): a change of the setting waits
 * for it, then brings the committed review in line, so no review keeps the old rule.
 */
export async function showsUnverified(db: Queryable, storeId: string, options: { lock?: boolean } = {}): Promise<boolean> {
  const query = db.select({ show: shopifyStores.showUnverifiedReviews }).from(shopifyStores).where(eq(shopifyStores.id, storeId));
  const [store] = options.lock ? await query.for('share') : await query;
  if (!store) throw new DomainError('no_store');
  return store.show;
}

export async function storefrontSettings(db: Queryable, storeId: string): Promise<StorefrontSettings> {
  return { show_unverified_reviews: await showsUnverified(db, storeId) };
}

/** shownOnStorefront in SQL, for review `v` of store `s`. */
const SHOWN = sql`(v.hidden_at IS NULL AND (v.origin = 'order' OR s.show_unverified_reviews))`;

/** Brings every review of the store in line with the rule (only the rows whose state changes are written). */
async function republishStore(tx: Queryable, storeId: string): Promise<void> {
  await tx.execute(sql`UPDATE shopify_reviews v SET is_published = ${SHOWN}
                       FROM shopify_stores s
                       WHERE s.id = ${storeId}::uuid AND v.shop_id = s.id AND v.is_published <> ${SHOWN}`);
}

/**
 * Saves whether the storefront shows unverified reviews: the reviews' publication follows in the
 * same transaction, the change is audited (who, before, after) and the storefront written again.
 * Saving the current value writes nothing.
 */
export async function saveStorefrontSettings(db: Database, storeId: string, input: StorefrontSettings, actor: AuditActor): Promise<StorefrontSettings> {
  await db.transaction(async (tx) => {
    const [store] = await tx.select({ show: shopifyStores.showUnverifiedReviews }).from(shopifyStores).where(eq(shopifyStores.id, storeId)).for('update');
    if (!store) throw new DomainError('no_store');
    if (store.show === input.show_unverified_reviews) return;
    await tx.update(shopifyStores).set({ showUnverifiedReviews: input.show_unverified_reviews, updatedAt: new Date() }).where(eq(shopifyStores.id, storeId));
    await republishStore(tx, storeId);
    await recordAudit(tx, storeId, actor, 'storefront_unverified.update', store.show, input.show_unverified_reviews);
    await schedulePublish(tx, storeId);
  });
  return storefrontSettings(db, storeId);
}
