/**
 * Where a review came from, and what follows from it (decision 044). Only a review left through the
 * e-mail an order's review request carried is a verified purchase (« Achat vérifié »): the store's
 * shared link is open to anyone who has it, so its reviews say nothing of a purchase.
 *
 * - `order`: through an order's request (a flow's, the history import's, or its reminder);
 * - `shared_link`: through the store's shared review link;
 * - `no_order`: through a request that names no order, or recorded before origins were (a row the
 *   migration could not tie to an order): never claimed verified.
 */
export const REVIEW_ORIGINS = ['order', 'shared_link', 'no_order'] as const;
export type ReviewOrigin = (typeof REVIEW_ORIGINS)[number];

export const isVerifiedPurchase = (origin: ReviewOrigin): boolean => origin === 'order';

/**
 * Whether the storefront shows a review (`shopify_reviews.is_published`): never for its rating. A
 * review is left out only when the merchant hid it, for a stated content reason (decision 028), or
 * when it is not a verified purchase and the store keeps those off its storefront (the default).
 * src/server/storefront/publication.ts holds the same rule in SQL for a whole store.
 */
export function shownOnStorefront(review: { origin: ReviewOrigin; hidden: boolean }, showUnverified: boolean): boolean {
  return !review.hidden && (isVerifiedPurchase(review.origin) || showUnverified);
}

/**
 * What one shared link takes: anyone with it can post, so a leaked link must not flood the store.
 * Counted per link over the last hour and the last 24 hours, under the link's row lock, so two
 * submissions at once cannot both pass the last place. The merchant renews a leaked link.
 */
export const SHARED_LINK_LIMITS = { perHour: 20, perDay: 100 } as const;
