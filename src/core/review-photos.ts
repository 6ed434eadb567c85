/**
 * Photos with a review (decision 058): what a customer may attach and what we keep of it. Shared by
 * the server's pipeline, the review page's script and the merchant's screens.
 */

export const REVIEW_PHOTO_LIMITS = {
  /** Photos per review. */
  perReview: 3,
  /** Bytes of one upload, as the phone sends it. */
  maxBytes: 10 * 1024 * 1024,
  /**
   * Pixels once decoded: a 48-megapixel phone photo fits; a decompression bomb (a few kilobytes that
   * inflate to gigapixels) does not, and is refused before it is decoded.
   */
  maxPixels: 50_000_000,
  /** The longest side kept: sharp on any screen, a few hundred kilobytes in WebP. */
  maxSide: 2048,
  /** The thumbnail's longest side: twice the storefront's and the lists' 200 px, for sharp screens. */
  thumbSide: 400,
  /** How long after a review its page may still add photos to it. */
  uploadMinutes: 60,
} as const;

/** What a customer may send, judged by content (the phone converts its own formats, HEIC included, to one of these). */
export const REVIEW_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Why a photo was not kept; the review itself is kept whatever happens to its photos. */
export const PHOTO_REFUSALS = ['too_large', 'unsupported_type', 'unreadable', 'too_many_pixels', 'too_many_photos', 'upload_closed', 'rate_limited', 'failed'] as const;
export type PhotoRefusal = (typeof PHOTO_REFUSALS)[number];
