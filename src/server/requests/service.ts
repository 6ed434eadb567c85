/** The send calendar's data: the store's requests, cancelling one, and shared review links. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '../../db/client';
import { reviewRequestExclusions, shopifyReviewRequests } from '../../db/schema';
import { ApiError } from '../http/errors';
import { newPublicToken } from '../security/tokens';
import { requestLinks } from './links';

export const PAGE_SIZE = 10;

export const requestMessages = {
  notFound: 'Demande introuvable',
  notCancellable: "Cette demande ne peut plus être annulée : elle est en cours d'envoi ou déjà envoyée.",
};

/** Statuses a merchant may still cancel (cancelling deletes the request, spec section 4). */
const CANCELLABLE = ['scheduled', 'pending', 'failed', 'cancelled'] as const;

export type RequestItem = {
  id: string;
  customer_name: string | null;
  customer_email: string | null;
  order_number: string | null;
  shopify_order_id: string | null;
  status: string;
  scheduled_at: string;
  sent_at: string | null;
  channel: string;
  token: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
};

export async function listRequests(db: Queryable, storeId: string, page: number) {
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM shopify_review_requests WHERE shop_id = ${storeId}::uuid`);
  const items = await queryRows<RequestItem>(
    db,
    sql`SELECT r.id::text, r.customer_name, r.customer_email, o.order_number, r.shopify_order_id, r.status,
               to_json(r.scheduled_at)#>>'{}' AS scheduled_at, to_json(r.sent_at)#>>'{}' AS sent_at, r.channel, r.token,
               r.attempts::int, r.last_error, to_json(r.created_at)#>>'{}' AS created_at
        FROM shopify_review_requests r LEFT JOIN shopify_orders o ON o.id = r.order_id
        WHERE r.shop_id = ${storeId}::uuid
        ORDER BY r.scheduled_at DESC, r.id
        LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
  );
  // ISO 8601 with a Z, whatever the session time zone.
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return {
    store_id: storeId,
    items: items.map((i) => ({ ...i, scheduled_at: iso(i.scheduled_at)!, sent_at: iso(i.sent_at), created_at: iso(i.created_at)! })),
    total: count?.total ?? 0,
    page,
    page_size: PAGE_SIZE,
  };
}

/** Deletes the request and remembers its order, so no flow or import asks that customer again. */
export async function cancelRequest(db: Database, storeId: string, requestId: string) {
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(shopifyReviewRequests)
      .where(and(eq(shopifyReviewRequests.id, requestId), eq(shopifyReviewRequests.shopId, storeId), inArray(shopifyReviewRequests.status, [...CANCELLABLE])))
      .returning({ id: shopifyReviewRequests.id, orderId: shopifyReviewRequests.orderId });
    const orderId = rows[0]?.orderId;
    if (orderId) await tx.insert(reviewRequestExclusions).values({ orderId }).onConflictDoNothing();
    return rows;
  });
  if (deleted.length) return;
  const [exists] = await db.select({ id: shopifyReviewRequests.id }).from(shopifyReviewRequests).where(and(eq(shopifyReviewRequests.id, requestId), eq(shopifyReviewRequests.shopId, storeId)));
  throw exists ? new ApiError(409, requestMessages.notCancellable) : new ApiError(404, requestMessages.notFound);
}

/** A shareable review link: a manual request, `completed` at once, on the `link` channel (spec section 4). */
export async function createShareLink(db: Queryable, store: { id: string; userId: string }, appUrl: string) {
  const token = newPublicToken();
  const [row] = await db
    .insert(shopifyReviewRequests)
    .values({ userId: store.userId, shopId: store.id, status: 'completed', channel: 'link', source: 'manual', scheduledAt: new Date(), token })
    .returning({ id: shopifyReviewRequests.id });
  return { request_id: row!.id, token, url: requestLinks(appUrl, token).review };
}
