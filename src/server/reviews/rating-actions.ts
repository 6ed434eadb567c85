/**
 * Per-rating actions (spec sections 3, 5, 9) and the review-gating setting (GUIDE stance): read with
 * the spec's defaults when nothing is saved, saved by replacing the five rows in one transaction.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/client';
import { ratingActions, shopifyStores } from '../../db/schema';
import { ACTION_TYPES, type ActionType } from '../../core/domain';
import { isHttpUrl, usesFeedbackMessage, usesNotificationEmail, usesRedirectUrl } from '../../core/rating-actions';
import { ApiError } from '../http/errors';

export interface RatingActionDto {
  rating: number;
  action_type: ActionType;
  redirect_url: string | null;
  notification_email: string | null;
  feedback_message: string | null;
}

export const DEFAULT_FEEDBACK = {
  3: 'Merci ! Dites-nous ce que nous pourrions améliorer.',
  2: 'Nous sommes désolés. Que s’est-il passé ? Votre message nous aidera à faire mieux.',
} as const;

/** Spec section 9: 5 and 4 redirect (the merchant enters the platform URL), 3 and 2 collect feedback, 1 alerts the merchant. */
export function defaultRatingActions(accountEmail: string): RatingActionDto[] {
  return [
    { rating: 5, action_type: 'redirect', redirect_url: null, notification_email: null, feedback_message: null },
    { rating: 4, action_type: 'redirect', redirect_url: null, notification_email: null, feedback_message: null },
    { rating: 3, action_type: 'collect_feedback', redirect_url: null, notification_email: null, feedback_message: DEFAULT_FEEDBACK[3] },
    { rating: 2, action_type: 'collect_feedback', redirect_url: null, notification_email: accountEmail, feedback_message: DEFAULT_FEEDBACK[2] },
    { rating: 1, action_type: 'notify_email', redirect_url: null, notification_email: accountEmail, feedback_message: null },
  ];
}


const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v);

const actionInput = z
  .object({
    rating: z.number().int().min(1).max(5),
    action_type: z.enum(ACTION_TYPES, { message: "Type d'action invalide" }),
    redirect_url: z.preprocess(blankToNull, z.string().max(2000, "L'URL de redirection ne peut pas dépasser 2 000 caractères").nullable()).default(null),
    notification_email: z.preprocess(blankToNull, z.string().max(254, "L'adresse e-mail ne peut pas dépasser 254 caractères").nullable()).default(null),
    feedback_message: z.preprocess(blankToNull, z.string().max(1000, 'Le message ne peut pas dépasser 1 000 caractères').nullable()).default(null),
  })
  .superRefine((a, ctx) => {
    if (a.action_type === 'redirect' && !(a.redirect_url && isHttpUrl(a.redirect_url))) {
      ctx.addIssue({ code: 'custom', path: ['redirect_url'], message: `L'URL de redirection doit être une adresse http(s) valide (note ${a.rating})` });
    }
    const emailShown = usesNotificationEmail(a.action_type, a.rating);
    const email = a.notification_email;
    if ((a.action_type === 'notify_email' && !email) || (email && emailShown && !z.string().email().safeParse(email).success)) {
      ctx.addIssue({ code: 'custom', path: ['notification_email'], message: `Une adresse e-mail de notification valide est requise (note ${a.rating})` });
    }
  })
  // Fields that do not apply to the chosen action are not kept.
  .transform((a) => ({
    rating: a.rating,
    action_type: a.action_type,
    redirect_url: usesRedirectUrl(a.action_type) ? a.redirect_url : null,
    notification_email: usesNotificationEmail(a.action_type, a.rating) ? a.notification_email : null,
    feedback_message: usesFeedbackMessage(a.action_type) ? a.feedback_message : null,
  }));

export const ratingActionsInput = z.object({
  same_path_for_all_ratings: z.boolean({ message: 'Réglage « même parcours » invalide' }),
  actions: z
    .array(actionInput)
    .length(5, 'Il faut une action pour chacune des cinq notes')
    .refine((list) => new Set(list.map((a) => a.rating)).size === 5, 'Il faut une action pour chacune des cinq notes'),
});
export type RatingActionsInput = z.infer<typeof ratingActionsInput>;

/** The store's five actions, rating 5 first: the saved ones, or the spec's defaults when none are saved. */
export async function storeRatingActions(db: Queryable, storeId: string, accountEmail: string): Promise<{ saved: boolean; actions: RatingActionDto[] }> {
  const rows = await db.select().from(ratingActions).where(eq(ratingActions.shopifyStoreId, storeId)).orderBy(desc(ratingActions.rating), asc(ratingActions.id));
  if (rows.length !== 5) return { saved: false, actions: defaultRatingActions(accountEmail) };
  return {
    saved: true,
    actions: rows.map((r) => ({ rating: r.rating, action_type: r.actionType, redirect_url: r.redirectUrl, notification_email: r.notificationEmail, feedback_message: r.feedbackMessage })),
  };
}

/** The store's five actions and its gating setting. */
export async function readRatingActions(db: Queryable, storeId: string, accountEmail: string) {
  const [store] = await db.select({ samePath: shopifyStores.samePathForAllRatings }).from(shopifyStores).where(eq(shopifyStores.id, storeId));
  if (!store) throw new ApiError(404, 'Aucune boutique Shopify active trouvée');
  const { saved, actions } = await storeRatingActions(db, storeId, accountEmail);
  return { store_id: storeId, same_path_for_all_ratings: store.samePath, saved, actions };
}

/** Replaces the five rows and the gating setting in one transaction (spec section 7). */
export async function saveRatingActions(db: Database, storeId: string, accountEmail: string, input: RatingActionsInput) {
  await db.transaction(async (tx) => {
    await tx.update(shopifyStores).set({ samePathForAllRatings: input.same_path_for_all_ratings, updatedAt: new Date() }).where(eq(shopifyStores.id, storeId));
    await tx.delete(ratingActions).where(eq(ratingActions.shopifyStoreId, storeId));
    await tx.insert(ratingActions).values(
      input.actions.map((a) => ({
        shopifyStoreId: storeId,
        rating: a.rating,
        actionType: a.action_type,
        redirectUrl: a.redirect_url,
        notificationEmail: a.notification_email,
        feedbackMessage: a.feedback_message,
      })),
    );
  });
  return readRatingActions(db, storeId, accountEmail);
}
