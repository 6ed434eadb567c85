/**
 * One ask per customer within the store's window (decision 024): a customer who orders several times
 * within `customer_ask_window_days` (30 by default, 0 turns it off) is asked once, about the latest
 * order, rather than once per order.
 *
 * Applied after requests are made (a flow's order event, the store-wide generation, the history
 * import), to the customers of the orders concerned, in the caller's transaction and under the
 * store's request lock:
 * - a first e-mail not sent yet is withdrawn ('customer_asked') when the customer was already asked
 *   (a first e-mail going or gone) about another order placed within the window of this one;
 * - then, of the rest, one is withdrawn ('newer_order') when the customer has a later order within the
 *   window whose request still stands: the newest order is the one asked about.
 *
 * It acts on the requests that exist: an order whose trigger has not happened yet (not delivered)
 * cannot hold back an earlier order's e-mail that falls due first.
 */
import { sql } from 'drizzle-orm';
import { ASKED_STATUSES, UNSENT_IDLE_STATUSES } from '#core/domain';
import { CUSTOMER_ASK_WINDOW } from '#core/api/settings';
import { queryRows, type Queryable } from '#db/client';
import { uuidArray } from '#db/sql-arrays';

const inList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/** Returns the ids of the requests withdrawn. */
export async function keepOneAskPerCustomer(tx: Queryable, storeId: string, orderIds: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`WITH win AS (
          SELECT make_interval(days => coalesce((SELECT c.customer_ask_window_days FROM store_email_config c WHERE c.shop_id = ${storeId}::uuid),
                                                ${CUSTOMER_ASK_WINDOW.default})) AS span
        ),
        customers AS (
          SELECT DISTINCT lower(o.customer_email) AS email FROM shopify_orders o
          WHERE o.shop_id = ${storeId}::uuid AND o.id = ANY(${uuidArray([...new Set(orderIds)])}) AND o.customer_email IS NOT NULL
        ),
        cand AS (
          SELECT r.id, r.order_id, r.status, lower(r.customer_email) AS email,
                 coalesce(o.order_created_at, o.paid_at, o.created_at) AS ordered_at
          FROM shopify_review_requests r JOIN shopify_orders o ON o.id = r.order_id
          WHERE r.shop_id = ${storeId}::uuid AND r.reminder_of IS NULL AND r.channel = 'email'
            AND lower(r.customer_email) IN (SELECT email FROM customers)
        ),
        pending AS (SELECT * FROM cand WHERE status IN (${inList(UNSENT_IDLE_STATUSES)})),
        asked_before AS (
          SELECT p.id FROM pending p, win
          WHERE win.span > interval '0' AND EXISTS (
            SELECT 1 FROM cand a WHERE a.email = p.email AND a.order_id <> p.order_id AND a.status IN (${inList(ASKED_STATUSES)})
              AND a.ordered_at BETWEEN p.ordered_at - win.span AND p.ordered_at + win.span)
        ),
        standing AS (SELECT * FROM pending WHERE id NOT IN (SELECT id FROM asked_before)),
        superseded AS (
          SELECT p.id FROM standing p, win
          WHERE win.span > interval '0' AND EXISTS (
            SELECT 1 FROM standing q WHERE q.email = p.email AND q.order_id <> p.order_id
              AND (q.ordered_at, q.order_id) > (p.ordered_at, p.order_id) AND q.ordered_at <= p.ordered_at + win.span)
        ),
        withdrawn AS (
          SELECT id, 'customer_asked' AS reason FROM asked_before
          UNION ALL SELECT id, 'newer_order' FROM superseded
        )
        UPDATE shopify_review_requests r SET status = 'cancelled', withdrawn_reason = w.reason, updated_at = now()
        FROM withdrawn w WHERE r.id = w.id
        RETURNING r.id::text`,
  );
  return new Set(rows.map((r) => r.id));
}
