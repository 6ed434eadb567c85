/** The send calendar's data: the store's requests, cancelling one, and shared review links. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '#db/client';
import { reviewRequestExclusions, shopifyReviewRequests, shopifyStores } from '#db/schema';
import { REQUEST_PAGE_SIZE, type RequestItem } from '#core/api/review-requests';
import { DomainError } from '../domain-error';
import { newPublicToken } from '../security/tokens';
import { requestLinks } from './links';
import { addUsage } from '../plans/quota';
import { UNSENT_IDLE_STATUSES } from '#core/domain';

/** Statuses a merchant may still cancel (cancelling deletes the request, docs/product/statuses.md). */
const CANCELLABLE = [...UNSENT_IDLE_STATUSES, 'cancelled'] as const;

/** Dates as the database's JSON gives them, before they are made ISO 8601 UTC. */
type RequestRow = Omit<RequestItem, 'scheduled_at' | 'sent_at' | 'created_at' | 'postponed_at'> & {
  scheduled_at: string;
  sent_at: string | null;
  created_at: string;
  postponed_at: string | null;
};

export async function listRequests(db: Queryable, storeId: string, page: number) {
  // Customers' requests only: the store's shared link lives in the share dialog, not in the calendar.
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM shopify_review_requests WHERE shop_id = ${storeId}::uuid AND channel <> 'link'`);
  const items = await queryRows<RequestRow>(
    db,
    sql`SELECT r.id::text, r.customer_name, r.customer_email, o.order_number, r.shopify_order_id, r.status,
               to_json(r.scheduled_at)#>>'{}' AS scheduled_at, to_json(r.sent_at)#>>'{}' AS sent_at, r.channel, r.locale, r.token,
               r.attempts::int, r.last_error, (r.status = 'sent' AND r.unconfirmed) AS unconfirmed,
               to_json(r.created_at)#>>'{}' AS created_at, r.kind, r.reminder_of::text,
               to_json(CASE WHEN r.kind = 'reminder' THEN fr.postponed_at END)#>>'{}' AS postponed_at, r.withdrawn_reason
        FROM shopify_review_requests r LEFT JOIN shopify_orders o ON o.id = r.order_id
        LEFT JOIN shopify_review_requests fr ON fr.id = r.reminder_of
        WHERE r.shop_id = ${storeId}::uuid AND r.channel <> 'link'
        ORDER BY r.scheduled_at DESC, r.id
        LIMIT ${REQUEST_PAGE_SIZE} OFFSET ${(page - 1) * REQUEST_PAGE_SIZE}`,
  );
  // ISO 8601 with a Z, whatever the session time zone.
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return {
    store_id: storeId,
    items: items.map((i) => ({ ...i, scheduled_at: iso(i.scheduled_at)!, sent_at: iso(i.sent_at), created_at: iso(i.created_at)!, postponed_at: iso(i.postponed_at) })),
    total: count?.total ?? 0,
    page,
    page_size: REQUEST_PAGE_SIZE,
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
  const [exists] = await db
    .select({ id: shopifyReviewRequests.id })
    .from(shopifyReviewRequests)
    .where(and(eq(shopifyReviewRequests.id, requestId), eq(shopifyReviewRequests.shopId, storeId)));
  throw new DomainError(exists ? 'request_not_cancellable' : 'request_not_found');
}

/**
 * Puts an unconfirmed send back in the queue, due now, at the merchant's request. Its place in the
 * quota is given back here and taken again when it goes, so it counts once. The merchant is told the
 * first e-mail may have arrived: this is their call, never ours.
 */
export async function requeueUnconfirmed(db: Database, storeId: string, requestId: string) {
  await db.transaction(async (tx) => {
    const [request] = await queryRows<{ status: string; unconfirmed: boolean; shop_domain: string; month_period_start: string | null; day_start: string | null }>(
      tx,
      sql`SELECT r.status, r.unconfirmed, s.shop_domain, l.month_period_start::text, l.day_start::text
          FROM shopify_review_requests r
          JOIN shopify_stores s ON s.id = r.shop_id
          LEFT JOIN email_send_ledger l ON l.request_id = r.id AND l.state = 'sent'
          WHERE r.id = ${requestId}::uuid AND r.shop_id = ${storeId}::uuid
          FOR UPDATE OF r`,
    );
    if (!request) throw new DomainError('request_not_found');
    if (request.status !== 'sent' || !request.unconfirmed) throw new DomainError('request_not_resendable');
    if (request.day_start) {
      await addUsage(tx, request.shop_domain, request.month_period_start ? new Date(request.month_period_start) : null, new Date(request.day_start), -1);
    }
    await tx.execute(sql`UPDATE shopify_review_requests SET status = 'scheduled', scheduled_at = now(), sent_at = NULL, last_error = NULL, unconfirmed = false, updated_at = now()
                         WHERE id = ${requestId}::uuid`);
    // Its reminder, planned from the unconfirmed send, must not go before (or without) the re-sent
    // e-mail: it is made again, from the new send, when that one is recorded.
    await tx.execute(sql`DELETE FROM shopify_review_requests WHERE reminder_of = ${requestId}::uuid AND status IN ('scheduled', 'pending', 'failed', 'cancelled')`);
  });
}

/**
 * The store's shareable review link: one manual request, `completed` at once, on the `link` channel
 * (docs/product/statuses.md), made the first time and reused after, so opening the share dialog never adds a
 * row. `renew` cancels the current links (the review page then refuses them) and makes a new one.
 * Decided under the store's advisory lock, so two openings at once make one link.
 */
export async function shareLinkOf(db: Database, store: { id: string; userId: string }, appUrl: string, options: { renew?: boolean } = {}) {
  const link = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`share-link:${store.id}`}))`);
    if (options.renew) {
      await tx.execute(sql`UPDATE shopify_review_requests SET status = 'cancelled', updated_at = now()
                           WHERE shop_id = ${store.id}::uuid AND channel = 'link' AND status = 'completed'`);
    } else {
      const [current] = await queryRows<{ id: string; token: string }>(
        tx,
        sql`SELECT id::text, token FROM shopify_review_requests WHERE shop_id = ${store.id}::uuid AND channel = 'link' AND status = 'completed'
            ORDER BY created_at DESC, id DESC LIMIT 1`,
      );
      if (current) return current;
    }
    const token = newPublicToken();
    const [row] = await tx
      .insert(shopifyReviewRequests)
      .values({
        userId: store.userId,
        shopId: store.id,
        status: 'completed',
        channel: 'link',
        source: 'manual',
        scheduledAt: new Date(),
        token,
        // Whoever opens a shared link is no order's customer: the store's default language.
        locale: sql`(SELECT default_customer_language FROM shopify_stores WHERE id = ${store.id}::uuid)`,
      })
      .returning({ id: shopifyReviewRequests.id });
    return { id: row!.id, token };
  });
  return { request_id: link.id, token: link.token, url: requestLinks(appUrl, link.token).review };
}

/** The store's whole row (what the history import reads Shopify with); `no_store` if it went meanwhile. */
export async function storeRecord(db: Queryable, storeId: string) {
  const [store] = await db.select().from(shopifyStores).where(eq(shopifyStores.id, storeId));
  if (!store) throw new DomainError('no_store');
  return store;
}
