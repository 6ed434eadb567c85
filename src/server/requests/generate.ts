/**
 * Turning orders into review requests. An order event runs every active flow of its store whose
 * trigger matches: one `scheduled` request per order and flow, `scheduled_at` = event time + delay.
 * One INSERT … SELECT does it, so the rules live in one place and replays create nothing
 * (unique (order_id, flow_id) among first requests). Skipped: orders under the flow's minimum, without an address, whose
 * customer unsubscribed from the store, cancelled or refunded, already covered by a history import or
 * asked by a flow since deleted, or whose request the merchant cancelled (review_request_exclusions).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '../../db/client';
import { shopifyReviewRequests } from '../../db/schema';
import { ASKED_STATUSES, UNSENT_STATUSES } from '../../core/domain';

/**
 * A fresh public token per row, computed by the database: two random UUIDs (244 random bits from the
 * server's CSPRNG) as URL-safe base64. Works on PostgreSQL 15 and PGlite without pgcrypto.
 */
export const sqlPublicToken = sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`;

function insertForOrders(where: SQL): SQL {
  const eventAt = sql`(CASE f.trigger_event WHEN 'order_paid' THEN o.paid_at WHEN 'order_delivered' THEN o.delivered_at ELSE o.fulfilled_at END)`;
  return sql`
    INSERT INTO shopify_review_requests
      (user_id, shop_id, shopify_order_id, order_id, flow_id, customer_email, customer_name, status, scheduled_at, token, channel, source)
    SELECT o.user_id, o.shop_id, o.shopify_order_id, o.id, f.id, o.customer_email, o.customer_name, 'scheduled',
           ${eventAt} + make_interval(days => f.delay_days), ${sqlPublicToken}, 'email', 'flow'
    FROM shopify_orders o
    JOIN flow_configurations f ON f.shopify_store_id = o.shop_id
    JOIN shopify_stores s ON s.id = o.shop_id AND s.is_active
    WHERE ${where}
      AND f.is_active
      AND coalesce((f.channels->>'email')::boolean, false)
      AND ${eventAt} IS NOT NULL
      AND o.cancelled_at IS NULL AND o.refunded_at IS NULL
      AND o.customer_email IS NOT NULL
      AND (f.target_all_orders OR coalesce(o.total_price, 0) >= f.minimum_order_amount)
      AND NOT EXISTS (SELECT 1 FROM email_suppressions x WHERE x.shop_id = o.shop_id AND x.email = lower(o.customer_email))
      AND NOT EXISTS (SELECT 1 FROM review_request_exclusions e WHERE e.order_id = o.id)
      -- Asked already by a history import, or by a flow since deleted (whose requests lost their flow).
      AND NOT EXISTS (SELECT 1 FROM shopify_review_requests i WHERE i.order_id = o.id
                        AND (i.source = 'import' OR (i.source = 'flow' AND i.flow_id IS NULL AND i.status IN (${sql.join(
                          ASKED_STATUSES.map((status) => sql`${status}`),
                          sql`, `,
                        )}))))
    ON CONFLICT (order_id, flow_id) WHERE reminder_of IS NULL DO NOTHING
    RETURNING id::text`;
}

/**
 * Serializes, per store, everything that decides whether an order is asked: flows here, the history
 * import's scheduling. Each checks "not asked yet" and then inserts; without this lock, a flow and an
 * import running at the same moment could each miss the other's uncommitted request and both mail
 * the customer. Taken in its own statement, so the next statement's snapshot sees what the other
 * committed. Held until the end of the transaction.
 */
export const lockStoreRequests = (tx: Queryable, storeId: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('review-requests:' || ${storeId}::text, 0))`);

/** Creates the requests due for one stored order (after an order event), in the caller's transaction. */
export async function generateForOrder(tx: Queryable, order: { id: string; shopId: string }): Promise<number> {
  await lockStoreRequests(tx, order.shopId);
  return (await queryRows(tx, insertForOrders(sql`o.id = ${order.id}`))).length;
}

/** `generate-review-requests`: the same rules over every order already stored for the store. */
export async function generateForStore(db: Database, storeId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockStoreRequests(tx, storeId);
    return (await queryRows(tx, insertForOrders(sql`o.shop_id = ${storeId}`))).length;
  });
}

/**
 * Withdraws the requests not sent yet of an order (cancelled or refunded), or of the whole store
 * (uninstalled). Claimed ones (`processing`) included: the sender's hand-over re-checks the status.
 */
export async function cancelUnsentRequests(tx: Queryable, storeId: string, orderId?: string): Promise<void> {
  await tx
    .update(shopifyReviewRequests)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(eq(shopifyReviewRequests.shopId, storeId), inArray(shopifyReviewRequests.status, [...UNSENT_STATUSES]), orderId ? eq(shopifyReviewRequests.orderId, orderId) : undefined),
    );
}
