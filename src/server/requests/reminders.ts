/**
 * The one follow-up of a first review request: a flow's reminder, N days after the
 * first e-mail, to a customer who has not reviewed; or the customer's own « pas encore reçu »
 * postponement from the review page, which moves (or creates) that follow-up a few days on (decision 018). A
 * follow-up is a request row of its own (kind 'reminder', reminder_of = the first request), so the
 * sender, the quota ledger, the calendar and every cancellation treat it as they treat any request;
 * its e-mail links to the first request's review page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '#db/client';
import { uuidArray } from '#db/sql-arrays';
import { UNSENT_STATUSES } from '#core/domain';
import { sqlPublicToken } from './generate';

/** « Je n'ai pas encore reçu ma commande » asks again this many days later. */
export const POSTPONE_DAYS = 5;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The first requests whose e-mail just went and whose flow asks for a reminder: one follow-up each,
 * `reminder_days` after the e-mail. `source` is a relation of request rows as they are once sent
 * (sent_at set): the sender's ledger statement passes the rows its UPDATE … RETURNING gave, the
 * other completions a subquery. Left out: requests of imports and shared links (no flow, or channel
 * 'link'), flows since switched off or without a reminder, reviewed orders, orders cancelled or
 * refunded, unsubscribed addresses. At most one follow-up per first request (unique index on
 * reminder_of): a replay creates nothing.
 */
export function flowReminderInsert(source: SQL): SQL {
  return sql`INSERT INTO shopify_review_requests
          (user_id, shop_id, shopify_order_id, order_id, flow_id, customer_email, customer_name, status, scheduled_at, token, channel, source, kind, reminder_of, locale)
        SELECT r.user_id, r.shop_id, r.shopify_order_id, r.order_id, r.flow_id, r.customer_email, r.customer_name, 'scheduled',
               r.sent_at + make_interval(days => f.reminder_days), ${sqlPublicToken}, 'email', r.source, 'reminder', r.id, r.locale
        FROM ${source} r
        JOIN flow_configurations f ON f.id = r.flow_id
        LEFT JOIN shopify_orders o ON o.id = r.order_id
        WHERE r.kind = 'first' AND r.channel = 'email' AND r.status IN (${list(SCHEDULING_STATUSES)}) AND r.sent_at IS NOT NULL
          AND f.reminder_days IS NOT NULL AND f.is_active AND coalesce((f.channels->>'email')::boolean, false)
          AND o.cancelled_at IS NULL AND o.refunded_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM email_suppressions x WHERE x.shop_id = r.shop_id AND x.email = lower(r.customer_email))
          AND NOT ${reviewedSql(sql`r.id`, sql`r.order_id`)}
        ON CONFLICT (reminder_of) WHERE reminder_of IS NOT NULL DO NOTHING
        RETURNING id::text`;
}

/** Sent and not reviewed: the first requests a reminder may follow. */
const SCHEDULING_STATUSES = ['sent', 'delivered', 'opened'] as const;

/**
 * The customer reviewed: through this first request, or through another request of the same order
 * (a second flow): a reminder would ask someone who already answered.
 */
export const reviewedSql = (requestId: SQL, orderId: SQL) =>
  // Three index lookups rather than one join with an OR: the OR left no index usable, so every check
  // read the whole requests table, once per request the sender completed (decision 030). The
  // requests of an order are its first requests (review_requests_order_flow) and their follow-ups
  // (review_requests_one_reminder), which carry their first request's order.
  sql`(EXISTS (SELECT 1 FROM shopify_reviews v WHERE v.review_request_id = ${requestId})
       OR (${orderId} IS NOT NULL AND EXISTS (
             SELECT 1 FROM shopify_review_requests q JOIN shopify_reviews v ON v.review_request_id = q.id
             WHERE q.order_id = ${orderId} AND q.reminder_of IS NULL))
       OR (${orderId} IS NOT NULL AND EXISTS (
             SELECT 1 FROM shopify_review_requests q JOIN shopify_review_requests m ON m.reminder_of = q.id
             JOIN shopify_reviews v ON v.review_request_id = m.id
             WHERE q.order_id = ${orderId} AND q.reminder_of IS NULL)))`;

/**
 * Schedules the flow reminders of first requests counted sent outside the ledger statement (the
 * unconfirmed completion, the lease recovery). Called in the transaction that marks them sent, so a
 * crash never leaves a sent e-mail without its reminder; idempotent, so calling it for a request
 * that has one already (or is not sent) does nothing.
 */
export async function scheduleFlowReminders(db: Queryable, sentRequestIds: string[]): Promise<number> {
  if (sentRequestIds.length === 0) return 0;
  const rows = await queryRows(db, flowReminderInsert(sql`(SELECT * FROM shopify_review_requests WHERE id = ANY(${uuidArray(sentRequestIds)}))`));
  return rows.length;
}

/** A review came in through this first request: its follow-up, not sent yet, is withdrawn. */
export async function cancelFollowUpOf(db: Queryable, firstRequestId: string): Promise<void> {
  await db.execute(
    sql`UPDATE shopify_review_requests SET status = 'cancelled', updated_at = now()
        WHERE reminder_of = ${firstRequestId}::uuid AND status IN (${list(UNSENT_STATUSES)})`,
  );
}

/**
 * A review answers the order, not only the request it came through (decision 024): every other
 * request about the same order not sent yet (another flow's, their follow-ups) is withdrawn,
 * 'reviewed'. Claimed ones (`processing`) included: the sender's hand-over re-checks the status.
 */
export async function withdrawOtherAsksOfOrder(db: Queryable, requestId: string): Promise<void> {
  await db.execute(
    sql`UPDATE shopify_review_requests x SET status = 'cancelled', withdrawn_reason = 'reviewed', updated_at = now()
        FROM shopify_review_requests r
        WHERE r.id = ${requestId}::uuid AND r.order_id IS NOT NULL AND x.order_id = r.order_id AND x.id <> r.id
          AND x.status IN (${list(UNSENT_STATUSES)})`,
  );
}

export type PostponeOutcome = { postponed: true; until: Date } | { postponed: false; reason: 'not_sent' | 'reviewed' | 'follow_up_sent' | 'unsubscribed' | 'withdrawn' };

/** A follow-up that has not gone and may still be moved (not claimed by a sender, not finally failed). */
const movableFollowUp = sql`(shopify_review_requests.status IN ('scheduled', 'pending', 'cancelled')
                             OR (shopify_review_requests.status = 'failed' AND shopify_review_requests.failure_kind = 'temporary'))`;

/**
 * « Je n'ai pas encore reçu ma commande »: the first request (sent, not reviewed) is asked again
 * POSTPONE_DAYS from now, by moving its follow-up not sent yet (never earlier than planned) or
 * creating one. Once the follow-up went (or a sender holds it), there is nothing left to postpone:
 * a customer can delay the question, never multiply e-mails. Refused, too, when the request was
 * withdrawn meanwhile (the merchant cancelled it, the order was cancelled or refunded, its flow
 * stopped): the page must not promise an e-mail the claim would withdraw. Counted in the quota like
 * any e-mail, when it goes.
 */
export async function postponeRequest(tx: Queryable, firstRequestId: string, now = new Date()): Promise<PostponeOutcome> {
  const [first] = await queryRows<{ status: string; reviewed: boolean; suppressed: boolean; withdrawn: boolean }>(
    tx,
    sql`SELECT r.status,
               ${reviewedSql(sql`r.id`, sql`r.order_id`)} AS reviewed,
               EXISTS (SELECT 1 FROM email_suppressions x WHERE x.shop_id = r.shop_id AND x.email = lower(r.customer_email)) AS suppressed,
               (o.cancelled_at IS NOT NULL OR o.refunded_at IS NOT NULL
                OR EXISTS (SELECT 1 FROM review_request_exclusions e WHERE e.order_id = r.order_id)
                OR (r.source = 'flow' AND (f.id IS NULL OR NOT f.is_active OR NOT coalesce((f.channels->>'email')::boolean, false)))) AS withdrawn
        FROM shopify_review_requests r
        LEFT JOIN shopify_orders o ON o.id = r.order_id
        LEFT JOIN flow_configurations f ON f.id = r.flow_id
        WHERE r.id = ${firstRequestId}::uuid AND r.kind = 'first'
        FOR UPDATE OF r`,
  );
  if (!first) return { postponed: false, reason: 'not_sent' };
  if (first.status === 'completed' || first.reviewed) return { postponed: false, reason: 'reviewed' };
  if (!(SCHEDULING_STATUSES as readonly string[]).includes(first.status)) return { postponed: false, reason: 'not_sent' };
  if (first.suppressed) return { postponed: false, reason: 'unsubscribed' };
  if (first.withdrawn) return { postponed: false, reason: 'withdrawn' };
  const until = new Date(now.getTime() + POSTPONE_DAYS * 86_400_000);
  // ON CONFLICT … DO UPDATE locks the follow-up and re-reads its latest version: one a sender claimed
  // since (processing), sent, or failed for good is left alone, and nothing is returned.
  const [moved] = await queryRows<{ scheduled_at: Date }>(
    tx,
    sql`INSERT INTO shopify_review_requests
          (user_id, shop_id, shopify_order_id, order_id, flow_id, customer_email, customer_name, status, scheduled_at, token, channel, source, kind, reminder_of, locale)
        SELECT r.user_id, r.shop_id, r.shopify_order_id, r.order_id, r.flow_id, r.customer_email, r.customer_name, 'scheduled',
               ${until}, ${sqlPublicToken}, 'email', r.source, 'reminder', r.id, r.locale
        FROM shopify_review_requests r WHERE r.id = ${firstRequestId}::uuid
        ON CONFLICT (reminder_of) WHERE reminder_of IS NOT NULL
        DO UPDATE SET status = 'scheduled', failure_kind = NULL, last_error = NULL,
                      scheduled_at = greatest(CASE WHEN shopify_review_requests.status = 'cancelled' THEN NULL ELSE shopify_review_requests.scheduled_at END, excluded.scheduled_at),
                      updated_at = now()
        WHERE ${movableFollowUp}
        RETURNING scheduled_at`,
  );
  if (!moved) return { postponed: false, reason: 'follow_up_sent' };
  await tx.execute(sql`UPDATE shopify_review_requests SET postponed_at = ${now}, updated_at = now() WHERE id = ${firstRequestId}::uuid`);
  return { postponed: true, until: new Date(moved.scheduled_at) };
}
