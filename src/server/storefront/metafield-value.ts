/**
 * The storefront metafield's value within Shopify's limit (decision 043): from API version 2026-04 a
 * json metafield's value may not exceed 128 KB, and metafieldsSet refuses a larger one, which would
 * leave the block on its previous data. Five reviews of 5,000 characters can pass it (an emoji is
 * four bytes, a control character six once escaped), so the value is measured before it is sent:
 * the comments are shortened first (the newest reviews stay, each with the start of its words and
 * « … »), and names after them; whatever the reviews, the aggregate always fits.
 */
import type { StorefrontSnapshot } from '#core/api/storefront';

/** Shopify's limit on a json metafield's value, in bytes of its UTF-8 text. */
export const JSON_METAFIELD_MAX_BYTES = 128 * 1024;

/** How long a comment or a name may stay, tried in turn until the value fits (in characters). */
const COMMENT_CAPS = [2000, 1000, 500, 200, 0] as const;
const NAME_CAP = 40;

const bytes = (value: string) => Buffer.byteLength(value, 'utf8');

/** `text` cut to `cap` characters (whole code points) with « … », or as it is when short enough; 0 drops it. */
function shorten(text: string | null, cap: number): string | null {
  if (text === null) return null;
  const chars = [...text];
  if (chars.length <= cap) return text;
  return cap === 0 ? null : `${chars.slice(0, cap).join('').trimEnd()}…`;
}

/** The snapshot as the metafield's JSON text, at most JSON_METAFIELD_MAX_BYTES long. */
export function metafieldValue(snapshot: StorefrontSnapshot, maxBytes = JSON_METAFIELD_MAX_BYTES): string {
  let value = JSON.stringify(snapshot);
  if (bytes(value) <= maxBytes) return value;
  for (const cap of COMMENT_CAPS) {
    const reviews = snapshot.reviews.map((r) => ({ ...r, name: shorten(r.name, NAME_CAP), comment: shorten(r.comment, cap) }));
    value = JSON.stringify({ ...snapshot, reviews });
    if (bytes(value) <= maxBytes) return value;
  }
  // Only an absurd limit gets here: the aggregate alone, the reviews left to « Voir plus ».
  return JSON.stringify({ ...snapshot, reviews: [], more: snapshot.count > 0 });
}
