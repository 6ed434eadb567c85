/**
 * Turning orders into review requests. An order event runs every active flow of its store whose
 * trigger matches: one `scheduled` request per order and flow, `scheduled_at` = event time + delay.
 * One INSERT … SELECT does it, so the rules live in one place and replays create nothing
 * (unique (order_id, flow_id) among first requests), then one ask per order is kept (decision 024:
 * the flow asking at the best moment wins; an order already asked is not asked again), and one ask
 * per customer within the store's window (one-ask-per-customer.ts). Skipped: orders under the flow's minimum, without an address, whose
 * customer unsubscribed from the store, cancelled or refunded, already covered by a history import or
 * asked by a flow since deleted, or whose request the merchant cancelled (review_request_exclusions).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '#db/client';
import { shopifyReviewRequests } from '#db/schema';
import { ASKED_STATUSES, UNSENT_IDLE_STATUSES, UNSENT_STATUSES, type WithdrawnReason } from '#core/domain';
import { requestLocaleSql } from './locale';
import { keepOneAskPerCustomer } from './one-ask-per-customer';

/**
 * A fresh public token per row, computed by the database: two random UUIDs (244 random bits from the
 * server's CSPRNG) as URL-safe base64. Works on PostgreSQL 15 and PGlite without pgcrypto.
 */
export const sqlPublicToken = sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`;

function insertForOrders(where: SQL): SQL {
  const eventAt = sql`(CASE f.trigger_event WHEN 'order_paid' THEN o.paid_at WHEN 'order_delivered' THEN o.delivered_at ELSE o.fulfilled_at END)`;
  return sql`
    INSERT INTO shopify_review_requests
      (user_id, shop_id, shopify_order_id, order_id, flow_id, customer_email, customer_name, status, scheduled_at, token, channel, source, locale)
    SELECT o.user_id, o.shop_id, o.shopify_order_id, o.id, f.id, o.customer_email, o.customer_name, 'scheduled',
           ${eventAt} + make_interval(days => f.delay_days), ${sqlPublicToken}, 'email', 'flow', ${requestLocaleSql()}
    FROM shopify_orders o
    JOIN flow_configurations f ON f.shop_id = o.shop_id
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
      -- One ask per order (decision 024): once a first e-mail about it went (or is going), no flow asks again.
      AND NOT EXISTS (SELECT 1 FROM shopify_review_requests a WHERE a.order_id = o.id AND a.reminder_of IS NULL
                        AND a.status IN (${sql.join(
                          ASKED_STATUSES.map((status) => sql`${status}`),
                          sql`, `,
                        )}))
      -- Asked already by a history import, or by a flow since deleted (whose requests lost their flow).
      AND NOT EXISTS (SELECT 1 FROM shopify_review_requests i WHERE i.order_id = o.id
                        AND (i.source = 'import' OR (i.source = 'flow' AND i.flow_id IS NULL AND i.status IN (${sql.join(
                          ASKED_STATUSES.map((status) => sql`${status}`),
                          sql`, `,
                        )}))))
    ON CONFLICT (order_id, flow_id) WHERE reminder_of IS NULL DO NOTHING
    RETURNING id::text, order_id::text`;
}

/** How well a flow's trigger places the ask: after delivery beats after shipping beats at payment. */
const MOMENT = sql`CASE f.trigger_event WHEN 'order_delivered' THEN 3 WHEN 'order_fulfilled' THEN 2 WHEN 'order_paid' THEN 1 ELSE 0 END`;
const inList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * One ask per order (decision 024), applied to `orderIds` after new requests were made: of an order's
 * first e-mail requests not sent yet, the one whose flow asks at the best moment stays (delivered,
 * then fulfilled, then paid; the earliest made among equals) and the others are withdrawn
 * ('better_moment'); all of them when the customer was already asked about the order
 * ('already_asked'). Returns the ids withdrawn.
 */
async function keepOneAskPerOrder(tx: Queryable, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`WITH cand AS (
          SELECT r.id, r.order_id, r.status, r.created_at, ${MOMENT} AS moment
          FROM shopify_review_requests r LEFT JOIN flow_configurations f ON f.id = r.flow_id
          WHERE r.order_id IN (${sql.join(
            [...new Set(orderIds)].map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) AND r.reminder_of IS NULL AND r.channel = 'email'
        ),
        asked AS (SELECT DISTINCT order_id FROM cand WHERE status IN (${inList(ASKED_STATUSES)})),
        keep AS (
          SELECT DISTINCT ON (order_id) id FROM cand
          WHERE status IN (${inList(UNSENT_IDLE_STATUSES)}) AND order_id NOT IN (SELECT order_id FROM asked)
          ORDER BY order_id, moment DESC, created_at, id
        )
        UPDATE shopify_review_requests r
        SET status = 'cancelled', updated_at = now(),
            withdrawn_reason = CASE WHEN c.order_id IN (SELECT order_id FROM asked) THEN 'already_asked' ELSE 'better_moment' END
        FROM cand c
        WHERE r.id = c.id AND c.status IN (${inList(UNSENT_IDLE_STATUSES)}) AND c.id NOT IN (SELECT id FROM keep)
        RETURNING r.id::text`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Makes the requests `where` selects, then keeps one ask per order and one per customer within the
 * store's window; returns how many asks were made and still stand.
 */
async function generate(tx: Queryable, storeId: string, where: SQL): Promise<number> {
  const made = await queryRows<{ id: string; order_id: string }>(tx, insertForOrders(where));
  const orderIds = made.map((r) => r.order_id);
  const withdrawn = await keepOneAskPerOrder(tx, orderIds);
  const superseded = await keepOneAskPerCustomer(tx, storeId, orderIds);
  return made.filter((r) => !withdrawn.has(r.id) && !superseded.has(r.id)).length;
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
  return generate(tx, order.shopId, sql`o.id = ${order.id}`);
}

/** `generate-review-requests`: the same rules over every order already stored for the store. */
export async function generateForStore(db: Database, storeId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockStoreRequests(tx, storeId);
    return generate(tx, storeId, sql`o.shop_id = ${storeId}`);
  });
}

/**
 * Withdraws the requests not sent yet of an order (cancelled or refunded), or of the whole store
 * (uninstalled), recording why. Claimed ones (`processing`) included: the sender's hand-over
 * re-checks the status.
 */
export async function cancelUnsentRequests(
  tx: Queryable,
  storeId: string,
  reason: Extract<WithdrawnReason, 'app_uninstalled' | 'order_cancelled' | 'order_refunded'>,
  orderId?: string,
): Promise<void> {
  await tx
    .update(shopifyReviewRequests)
    .set({ status: 'cancelled', withdrawnReason: reason, updatedAt: new Date() })
    .where(
      and(eq(shopifyReviewRequests.shopId, storeId), inArray(shopifyReviewRequests.status, [...UNSENT_STATUSES]), orderId ? eq(shopifyReviewRequests.orderId, orderId) : undefined),
    );
}
