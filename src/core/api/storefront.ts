/**
 * Reviews on the storefront (decision 028): moderation of the active store's reviews (hide only for a
 * stated content reason, show again), the moderation list, and what the storefront shows.
 */
import { z } from 'zod';
import { REVIEW_ORIGINS } from '../review-origin';
import { REVIEW_PHOTO_LIMITS } from '../review-photos';
import { PROXY_PATH } from '../storefront';
import { endpoint } from './endpoint';
import { isoDateTime } from './wire';

/** The only reasons a review may be hidden from the storefront: content, whatever the rating. */
export const HIDE_REASONS = ['insult', 'personal_data', 'off_topic', 'not_customer'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

export const MODERATION_PAGE_SIZE = 20;
/** Every review, those the storefront shows (`is_published`), those the merchant hid. */
export const MODERATION_FILTERS = ['all', 'visible', 'hidden'] as const;

/**
 * A photo of a listed review as the storefront shows it (decision 058): shown ones only, in the
 * customer's order. The thumbnail's size reserves its place before it loads (no layout shift); the
 * full photo opens enlarged, or is the thumbnail's link without the script. No id: nothing on the
 * storefront acts on a photo.
 */
export const publicPhoto = z.object({
  position: z.number().int().min(1).max(REVIEW_PHOTO_LIMITS.perReview),
  url: z.string(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  thumb_url: z.string(),
  thumb_width: z.number().int().min(1),
  thumb_height: z.number().int().min(1),
});
export type PublicPhoto = z.infer<typeof publicPhoto>;

/** One review as a buyer sees it on the storefront (the metafield and the « Voir plus » pages). */
export const publicReview = z.object({
  /** « Marie D. »; null when the order had no name. */
  name: z.string().nullable(),
  /** The UTC day, YYYY-MM-DD: the block and its script write it in the storefront's language (issue 48). */
  date: z.string(),
  /**
   * The same in French words, kept for the block and script released before they wrote `date` in the
   * storefront's language: Shopify serves those until the extension's new version is released.
   */
  date_label: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  /** Left through an order's review request: the block marks it « Achat vérifié », any other « Achat non vérifié » (decision 044). */
  verified: z.boolean(),
  /** Its shown photos (decision 058); absent from a metafield written before photos: none. */
  photos: z.array(publicPhoto).max(REVIEW_PHOTO_LIMITS.perReview).optional(),
});
export type PublicReview = z.infer<typeof publicReview>;

/** What the app-data metafield holds: the aggregate over the shown reviews and the newest ones. */
export const storefrontSnapshot = z.object({
  version: z.literal(1),
  /** Reviews shown (every rating, hidden ones left out). */
  count: z.number().int().min(0),
  /**
   * Their average to one decimal, null without reviews (the block writes it in the storefront's
   * language); its French text (« 4,3 »: the merchant's screen, and blocks released before issue 48)
   * and its share of 5 stars in %.
   */
  average: z.number().nullable(),
  average_label: z.string(),
  average_percent: z.number().min(0).max(100),
  /** 5 stars first: how many, and their share of the count in whole %. */
  distribution: z.array(z.object({ rating: z.number().int().min(1).max(5), count: z.number().int().min(0), percent: z.number().int().min(0).max(100) })).length(5),
  /** Reviews hidden for a stated reason: counted publicly. */
  hidden: z.number().int().min(0),
  /** Photos hidden for a stated reason (decision 058), counted publicly like reviews; absent before photos. */
  hidden_photos: z.number().int().min(0).optional(),
  reviews: z.array(publicReview),
  /** Whether older reviews exist (the « Voir plus » button). */
  more: z.boolean(),
  /** The store's branding colour (stars and bars), the block's default when the theme editor sets none. */
  accent: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /**
   * Where the app proxy is on the shop, root-relative (`/apps/avis`, or where the merchant moved it):
   * the block's « Voir plus » and its links go there on whichever domain the page is (decision 043).
   */
  proxy_path: z.string().regex(PROXY_PATH),
  updated_at: isoDateTime,
});
export type StorefrontSnapshot = z.infer<typeof storefrontSnapshot>;

/**
 * What the store decides about its storefront: whether reviews that are not verified purchases (left
 * through the shared link) are shown too, marked « Achat non vérifié ». Off until the merchant turns
 * it on (decision 044).
 */
export const storefrontSettings = z.object({
  show_unverified_reviews: z.boolean({ message: 'Indiquez si les avis sans achat vérifié sont affichés (vrai ou faux)' }),
});
export type StorefrontSettings = z.infer<typeof storefrontSettings>;

/** A « Voir plus » page (the app proxy). */
export const storefrontPage = z.object({ page: z.number().int().min(1), reviews: z.array(publicReview), next_page: z.number().int().nullable() });
export type StorefrontPage = z.infer<typeof storefrontPage>;

const reviewParams = z.object({ id: z.guid({ message: 'Avis introuvable' }) });
const photoParams = reviewParams.extend({ photoId: z.guid({ message: 'Photo introuvable' }) });
/** A content reason, the same for a review and a photo: never a rating. */
const hideReasonBody = z.object({
  reason: z.enum(HIDE_REASONS, { message: 'Choisissez un motif\u202f: propos injurieux, données personnelles, hors sujet ou pas un client' }),
});

/**
 * A review's photo as the merchant's screens show it (decision 058): both files' public URLs, their
 * sizes (the space reserved before they load), and whether it is hidden from the storefront and why.
 */
export const merchantPhoto = z.object({
  id: z.string(),
  /** 1 to 3, in the order the customer added them. */
  position: z.number().int().min(1),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  thumb_width: z.number().int().min(1),
  thumb_height: z.number().int().min(1),
  hidden: z.boolean(),
  hidden_reason: z.enum(HIDE_REASONS).nullable(),
});
export type MerchantPhoto = z.infer<typeof merchantPhoto>;

/** A review as the moderation screen lists it. */
export const moderationItem = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  /** What the storefront shows of the reviewer. */
  public_name: z.string().nullable(),
  comment: z.string().nullable(),
  created_at: isoDateTime,
  hidden_at: isoDateTime.nullable(),
  hidden_reason: z.enum(HIDE_REASONS).nullable(),
  /** The account that hid it. */
  hidden_by_email: z.string().nullable(),
  /** Where it came from: only an order's review is a verified purchase (decision 044). */
  origin: z.enum(REVIEW_ORIGINS),
  /** Shown on the storefront now: not hidden, and a verified purchase or the store shows unverified reviews. */
  is_published: z.boolean(),
  /** Its photos, hidden ones included, in their order (decision 058). */
  photos: z.array(merchantPhoto),
});
export type ModerationItem = z.infer<typeof moderationItem>;

export const getStorefront = endpoint({
  method: 'GET',
  path: '/api/storefront',
  access: 'store',
  summary: "what the active store's storefront shows (the metafield's content), and the theme editor's links to add the block and the badge",
  response: z.object({
    shop_domain: z.string(),
    block_editor_url: z.string(),
    embed_editor_url: z.string(),
    snapshot: storefrontSnapshot,
    /** The store's storefront settings (below). */
    settings: storefrontSettings,
  }),
  errors: [],
});

export const saveStorefrontSettings = endpoint({
  method: 'PUT',
  path: '/api/storefront/settings',
  access: 'store',
  summary: 'whether the storefront also shows reviews that are not verified purchases (the shared link’s), marked « Achat non vérifié »; audited',
  body: storefrontSettings,
  response: storefrontSettings,
  errors: [],
});

export const getStorefrontPreview = endpoint({
  method: 'GET',
  path: '/api/storefront/preview',
  access: 'store',
  summary: "the app block « Avis clients » rendered from the theme app extension's Liquid with the store's data, as an HTML document",
  response: z.object({ html: z.string() }),
  errors: [],
});

export const listModeration = endpoint({
  method: 'GET',
  path: '/api/storefront/reviews',
  access: 'store',
  summary: "the active store's reviews with their storefront moderation, newest first, a page at a time",
  query: z.object({
    filter: z.enum(MODERATION_FILTERS, { message: 'Filtre inconnu (all, visible ou hidden)' }).default('all'),
    page: z.coerce
      .number({ message: 'La page doit être un nombre' })
      .int('La page doit être un nombre entier')
      .min(1, 'La page commence à 1')
      .max(10_000, 'Page trop lointaine')
      .default(1),
  }),
  response: z.object({
    items: z.array(moderationItem).max(MODERATION_PAGE_SIZE),
    next_page: z.number().int().nullable(),
    /** Reviews hidden: the storefront counts them publicly. */
    hidden_count: z.number().int().min(0),
    /** Photos hidden (of any review): counted publicly too (decision 058). */
    hidden_photo_count: z.number().int().min(0),
  }),
  errors: [],
});

export const hideReview = endpoint({
  method: 'POST',
  path: '/api/reviews/:id/hide',
  access: 'store',
  summary: 'hides one review of the active store from the storefront, for a stated content reason (audited, counted publicly)',
  params: reviewParams,
  body: hideReasonBody,
  response: moderationItem,
  errors: ['review_not_found'],
});

export const showReview = endpoint({
  method: 'POST',
  path: '/api/reviews/:id/show',
  access: 'store',
  summary: 'shows again on the storefront a review of the active store that was hidden (audited)',
  params: reviewParams,
  response: moderationItem,
  errors: ['review_not_found'],
});

export const hideReviewPhoto = endpoint({
  method: 'POST',
  path: '/api/reviews/:id/photos/:photoId/hide',
  access: 'store',
  summary: "hides one photo of a review of the active store from the storefront, for a stated content reason like a review's (audited, counted publicly)",
  params: photoParams,
  body: hideReasonBody,
  response: merchantPhoto,
  errors: ['photo_not_found'],
});

export const showReviewPhoto = endpoint({
  method: 'POST',
  path: '/api/reviews/:id/photos/:photoId/show',
  access: 'store',
  summary: 'shows again on the storefront a photo of a review of the active store that was hidden (audited)',
  params: photoParams,
  response: merchantPhoto,
  errors: ['photo_not_found'],
});

export const STOREFRONT_ERRORS = { review_not_found: 404, photo_not_found: 404 } as const satisfies Record<string, number>;
