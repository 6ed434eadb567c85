/** The merchant's reviews list (docs/product/screens.md, docs/product/validation.md: /app/feedback). */
import { z } from 'zod';
import { REVIEW_ORIGINS } from '../review-origin';
import { endpoint } from './endpoint';
import { HIDE_REASONS, merchantPhoto } from './storefront';
import { isoDateTime } from './wire';

/**
 * Every review, one star rating from 5 to 1, or those with a comment. The spec lists 5, 4 and 3 only;
 * merchants look for the bad ones first, so 2 and 1 are there too (decision 045).
 */
export const REVIEW_FILTERS = ['all', '5', '4', '3', '2', '1', 'comments'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export const REVIEWS_PAGE_SIZE = 20;
export const REVIEW_SEARCH_MAX = 200;

/**
 * What the reviewer's public review link came to, as recorded (never what the rating's action only
 * intended): not offered, offered without a click, or followed (through our tracked link).
 */
export const PUBLIC_LINK_OUTCOMES = ['none', 'offered', 'followed'] as const;
export type PublicLinkOutcome = (typeof PUBLIC_LINK_OUTCOMES)[number];

/** What happened after the rating: the same facts on the list, its CSV and the compliance export. */
export const reviewOutcome = z.object({
  public_link: z.enum(PUBLIC_LINK_OUTCOMES),
  /** The private feedback form was shown. */
  private_feedback: z.boolean(),
});
export type ReviewOutcome = z.infer<typeof reviewOutcome>;

export const reviewItem = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  order_number: z.string().nullable(),
  comment: z.string().nullable(),
  /**
   * Shown on the storefront, never decided by the rating (decision 044): false when the merchant hid
   * it (`hidden_reason` says why), or when it is not a verified purchase and the store keeps those off.
   */
  is_published: z.boolean(),
  hidden_reason: z.enum(HIDE_REASONS).nullable(),
  /** An order's request (a verified purchase), the shared link, or neither. */
  origin: z.enum(REVIEW_ORIGINS),
  /** The rating's action when the review was left (redirect, collect_feedback, notify_email, none). */
  action_taken: z.string().nullable(),
  /** What happened: the words every screen and export use come from this, not from action_taken. */
  outcome: reviewOutcome,
  created_at: isoDateTime,
  /** Its photos, hidden ones included, in their order (decision 058). */
  photos: z.array(merchantPhoto),
});
export type ReviewItem = z.infer<typeof reviewItem>;

/** What selects reviews: the search and the filter, shared by the list and its export. */
export const reviewSelection = z.object({
  q: z
    .string()
    .trim()
    .max(REVIEW_SEARCH_MAX, { message: `La recherche est limitée à ${REVIEW_SEARCH_MAX} caractères` })
    .optional(),
  filter: z.enum(REVIEW_FILTERS, { message: 'Filtre inconnu (all, 5, 4, 3, 2, 1 ou comments)' }).default('all'),
});

export const listReviews = endpoint({
  method: 'GET',
  path: '/api/reviews',
  access: 'readable_store',
  summary: "the store's reviews (the active one, else the one the account last had), newest first, searched and filtered, a page at a time (keyset)",
  query: reviewSelection.extend({
    /** The previous page's `next_cursor`. */
    cursor: z.string().max(200).optional(),
  }),
  response: z.object({ items: z.array(reviewItem).max(REVIEWS_PAGE_SIZE), next_cursor: z.string().nullable() }),
  errors: ['invalid_cursor'],
});

/** The reviews the list shows under a search and a filter, every one of them, as a CSV file (UTF-8, `;`, for a French spreadsheet). */
export const exportReviews = endpoint({
  method: 'GET',
  path: '/api/reviews/export',
  access: 'readable_store',
  kind: 'download',
  summary: "the store's reviews (the active one, else the one the account last had) under a search and a filter, as a CSV file",
  query: reviewSelection,
  errors: [],
});

export const REVIEW_ERRORS = { invalid_cursor: 400 } as const satisfies Record<string, number>;
