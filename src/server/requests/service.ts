/** The send calendar's data: the store's requests, cancelling one, and shared review links. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '../../db/client';
import { reviewRequestExclusions, shopifyReviewRequests } from '../../db/schema';
import { ApiError } from '../http/errors';
import { newPublicToken } from '../security/tokens';
import { requestLinks } from './links';
import { addUsage } from './quota';
import { UNCONFIRMED_NOTE } from './sender';
import { UNSENT_IDLE_STATUSES } from '../../core/domain';

export const PAGE_SIZE = 10;

export const requestMessages = {
  notFound: 'Demande introuvable',
  notCancellable: "Cette demande ne peut plus être annulée : elle est en cours d'envoi ou déjà envoyée.",
  notResendable: 'Seul un envoi non confirmé peut être renvoyé.',
};

/** Statuses a merchant may still cancel (cancelling deletes the request, spec section 4). */
const CANCELLABLE = [...UNSENT_IDLE_STATUSES, 'cancelled'] as const;

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
  /** Counted sent without proof: the transmission was cut during its data (decision 008). */
  unconfirmed: boolean;
  created_at: string;
};

export async function listRequests(db: Queryable, storeId: string, page: number) {
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM shopify_review_requests WHERE shop_id = ${storeId}::uuid`);
  const items = await queryRows<RequestItem>(
    db,
    sql`SELECT r.id::text, r.customer_name, r.customer_email, o.order_number, r.shopify_order_id, r.status,
               to_json(r.scheduled_at)#>>'{}' AS scheduled_at, to_json(r.sent_at)#>>'{}' AS sent_at, r.channel, r.token,
               r.attempts::int, r.last_error, (r.status = 'sent' AND r.last_error IS NOT DISTINCT FROM ${UNCONFIRMED_NOTE}) AS unconfirmed,
               to_json(r.created_at)#>>'{}' AS created_at
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

/**
 * Puts an unconfirmed send back in the queue, due now, at the merchant's request. Its place in the
 * quota is given back here and taken again when it goes, so it counts once. The merchant is told the
 * first e-mail may have arrived: this is their call, never ours.
 */
export async function requeueUnconfirmed(db: Database, storeId: string, requestId: string) {
  await db.transaction(async (tx) => {
    const [request] = await queryRows<{ status: string; last_error: string | null; shop_domain: string; month_period_start: string | null; day_start: string | null }>(
      tx,
      sql`SELECT r.status, r.last_error, s.shop_domain, l.month_period_start::text, l.day_start::text
          FROM shopify_review_requests r
          JOIN shopify_stores s ON s.id = r.shop_id
          LEFT JOIN email_send_ledger l ON l.request_id = r.id AND l.state = 'sent'
          WHERE r.id = ${requestId}::uuid AND r.shop_id = ${storeId}::uuid
          FOR UPDATE OF r`,
    );
    if (!request) throw new ApiError(404, requestMessages.notFound);
    if (request.status !== 'sent' || request.last_error !== UNCONFIRMED_NOTE) throw new ApiError(409, requestMessages.notResendable);
    if (request.day_start) {
      await addUsage(tx, request.shop_domain, request.month_period_start ? new Date(request.month_period_start) : null, new Date(request.day_start), -1);
    }
    await tx.execute(sql`UPDATE shopify_review_requests SET status = 'scheduled', scheduled_at = now(), sent_at = NULL, last_error = NULL, updated_at = now()
                         WHERE id = ${requestId}::uuid`);
  });
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
