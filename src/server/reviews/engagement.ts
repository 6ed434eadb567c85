/**
 * What became of a review request once it left (issue 14): the e-mail opened (its image fetched, an
 * estimate), the review page visited, the public review site's link followed. Each is recorded once,
 * on the request or review the token names, with nothing beyond what the request already holds: no
 * address, no user agent, no third party.
 *
 * An open or a visit moves a sent request to `opened` (the spec's 'Ouvert'): a visit proves the
 * e-mail was opened, and it also proves an unconfirmed send arrived (decision 008), which then leaves
 * the dashboard's list of sends to check.
 */
import { sql } from 'drizzle-orm';
import { SENT_STATUSES } from '#core/domain';
import { queryRows, type Queryable } from '#db/client';
import { isPublicToken } from '../security/tokens';

/** A 1×1 transparent GIF: the open pixel's body. */
export const OPEN_PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sentStatuses = sql.join(
  SENT_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);
/** `sent` and `delivered` become `opened`; `opened` and `completed` stay as they are. */
const openedStatus = sql`CASE WHEN status IN ('sent', 'delivered') THEN 'opened' ELSE status END`;
/**
 * The request the token names and, for a reminder, its first e-mail: the dashboard counts asks, not
 * e-mails (decision 024), so what the customer did with the reminder is what became of the ask.
 */
const tokenAndItsFirst = (token: string) => sql`(token = ${token} OR id = (SELECT m.reminder_of FROM shopify_review_requests m WHERE m.token = ${token} AND m.channel = 'email'))`;

/** The e-mail's image was fetched. Only the first time counts; a token we do not know changes nothing. */
export async function recordOpen(db: Queryable, token: string, now = new Date()): Promise<void> {
  if (!isPublicToken(token)) return;
  await db.execute(sql`UPDATE shopify_review_requests SET opened_at = ${now}, status = ${openedStatus}, updated_at = ${now}
    WHERE ${tokenAndItsFirst(token)} AND channel = 'email' AND opened_at IS NULL AND sent_at IS NOT NULL AND status IN (${sentStatuses})`);
}

/** The review page was opened through the request's link (the first visit; it proves an open too). */
export async function recordVisit(db: Queryable, token: string, now = new Date()): Promise<void> {
  if (!isPublicToken(token)) return;
  await db.execute(sql`UPDATE shopify_review_requests SET visited_at = ${now}, opened_at = coalesce(opened_at, ${now}), status = ${openedStatus}, updated_at = ${now}
    WHERE ${tokenAndItsFirst(token)} AND channel = 'email' AND visited_at IS NULL AND sent_at IS NOT NULL AND status IN (${sentStatuses})`);
}

/** Where our tracked link to the public review site lives for one review (relative to the app). */
export const publicSiteLink = (token: string, reviewId: string) => `/review/${encodeURIComponent(token)}/public-site/${encodeURIComponent(reviewId)}`;

/**
 * The customer followed the public review site's link offered after their review: recorded once,
 * and the site they were offered is where they go. Null when the token and review do not belong
 * together or no site was offered: the caller answers 404, never a redirect it was not given.
 */
export async function followPublicLink(db: Queryable, token: string, reviewId: string, now = new Date()): Promise<string | null> {
  if (!isPublicToken(token) || !UUID.test(reviewId)) return null;
  const [row] = await queryRows<{ url: string | null; followed: boolean }>(
    db,
    sql`SELECT v.public_review_url AS url, v.public_link_followed_at IS NOT NULL AS followed
        FROM shopify_reviews v JOIN shopify_review_requests r ON r.id = v.review_request_id
        WHERE v.id = ${reviewId}::uuid AND r.token = ${token}`,
  );
  if (!row?.url) return null;
  if (!row.followed) await db.execute(sql`UPDATE shopify_reviews SET public_link_followed_at = ${now} WHERE id = ${reviewId}::uuid AND public_link_followed_at IS NULL`);
  return row.url;
}
