/**
 * Per-rating actions (docs/product/entities.md, docs/product/validation.md, docs/product/limits.md) and the review-gating setting (docs/product/stances.md): read with
 * the spec's defaults when nothing is saved, saved by replacing the five rows in one transaction.
 * Their input schema is the contract's (core/api/rating-actions.ts). Every change is audited
 * (src/server/audit/log.ts).
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { Database, Queryable } from '#db/client';
import { ratingActions, shopifyStores } from '#db/schema';
import type { RatingAction, RatingActionsInput } from '#core/api/rating-actions';
import { DomainError } from '../domain-error';
import { defaultFeedbackMessages } from '../messages/rating-actions';
import { ratingActionsDiff, recordAudit, type AuditActor } from '../audit/log';

/** @see RatingAction (the contract's name for it). */
export type RatingActionDto = RatingAction;

/** docs/product/limits.md: 5 and 4 redirect (the merchant enters the platform URL), 3 and 2 collect feedback, 1 alerts the merchant. */
export function defaultRatingActions(accountEmail: string): RatingAction[] {
  return [
    { rating: 5, action_type: 'redirect', redirect_url: null, notification_email: null, feedback_message: null },
    { rating: 4, action_type: 'redirect', redirect_url: null, notification_email: null, feedback_message: null },
    { rating: 3, action_type: 'collect_feedback', redirect_url: null, notification_email: null, feedback_message: defaultFeedbackMessages[3] },
    { rating: 2, action_type: 'collect_feedback', redirect_url: null, notification_email: accountEmail, feedback_message: defaultFeedbackMessages[2] },
    { rating: 1, action_type: 'notify_email', redirect_url: null, notification_email: accountEmail, feedback_message: null },
  ];
}

/** The store's five actions, rating 5 first: the saved ones, or the spec's defaults when none are saved. */
export async function storeRatingActions(db: Queryable, storeId: string, accountEmail: string): Promise<{ saved: boolean; actions: RatingAction[] }> {
  const rows = await db.select().from(ratingActions).where(eq(ratingActions.shopId, storeId)).orderBy(desc(ratingActions.rating), asc(ratingActions.id));
  if (rows.length !== 5) return { saved: false, actions: defaultRatingActions(accountEmail) };
  return {
    saved: true,
    actions: rows.map((r) => ({
      // The column is checked 1..5 by the database.
      rating: r.rating as RatingAction['rating'],
      action_type: r.actionType,
      redirect_url: r.redirectUrl,
      notification_email: r.notificationEmail,
      feedback_message: r.feedbackMessage,
    })),
  };
}

/** The store's five actions and its gating setting. */
export async function readRatingActions(db: Queryable, storeId: string, accountEmail: string) {
  const [store] = await db.select({ samePath: shopifyStores.samePathForAllRatings }).from(shopifyStores).where(eq(shopifyStores.id, storeId));
  if (!store) throw new DomainError('no_store');
  const { saved, actions } = await storeRatingActions(db, storeId, accountEmail);
  return { store_id: storeId, same_path_for_all_ratings: store.samePath, saved, actions };
}

/**
 * Replaces the five rows and the gating setting in one transaction (docs/product/calls.md), with their
 * audit entries (compliance evidence): the changed ratings' actions before and after, and the
 * setting's before and after, each only when it changed. The store row is locked first, so two saves
 * are serialised and each entry's "before" is what the other left.
 */
export async function saveRatingActions(db: Database, storeId: string, accountEmail: string, input: RatingActionsInput, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const [store] = await tx.select({ samePath: shopifyStores.samePathForAllRatings }).from(shopifyStores).where(eq(shopifyStores.id, storeId)).for('update');
    if (!store) throw new DomainError('no_store');
    // Unsaved, the spec's defaults were in force (the review page used them): they are the "before".
    const { actions: previous } = await storeRatingActions(tx, storeId, accountEmail);
    await tx.update(shopifyStores).set({ samePathForAllRatings: input.same_path_for_all_ratings, updatedAt: new Date() }).where(eq(shopifyStores.id, storeId));
    await tx.delete(ratingActions).where(eq(ratingActions.shopId, storeId));
    await tx.insert(ratingActions).values(
      input.actions.map((a) => ({
        shopId: storeId,
        rating: a.rating,
        actionType: a.action_type,
        redirectUrl: a.redirect_url,
        notificationEmail: a.notification_email,
        feedbackMessage: a.feedback_message,
      })),
    );
    if (store.samePath !== input.same_path_for_all_ratings) await recordAudit(tx, storeId, actor, 'same_path.update', store.samePath, input.same_path_for_all_ratings);
    const diff = ratingActionsDiff(previous, input.actions);
    if (diff) await recordAudit(tx, storeId, actor, 'rating_actions.update', diff.before, diff.after);
  });
  return readRatingActions(db, storeId, accountEmail);
}
