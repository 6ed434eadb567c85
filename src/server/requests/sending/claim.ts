/**
 * The claim (decision 008, step 1): one transaction locks a batch of due requests, cancels those
 * that must not go any more, reserves the quotas and writes a `reserved` ledger row per granted
 * request. Nothing here talks to the transport: a crash after it leaves `reserved` rows, which the
 * lease recovery (recovery.ts) schedules again.
 */
import { sql } from 'drizzle-orm';
import { RETRYABLE } from '#core/domain';
import { queryRows } from '#db/client';
import { timestamptzArray, uuidArray } from '#db/sql-arrays';
import type { AppContext } from '#server/context';
import { reminderMessages } from '#server/messages/reminders';
import { reserveSendsMany, type QuotaState } from '#server/plans/quota';
import { reviewedSql } from '../reminders';
import { ERRORS, type Claimed, type ClaimOptions, type Reserved, type SendRunResult } from './model';

/**
 * The requests a run retries (core's RETRYABLE), as literals rather than parameters so that PostgreSQL
 * matches the claim to the partial index review_requests_retry_idx, whose predicate is the same.
 */
const RETRYABLE_SQL = sql.raw(`r.status = '${RETRYABLE.status}' AND r.failure_kind = '${RETRYABLE.failureKind}'`);

/**
 * Claims one batch in one transaction: locks due requests, cancels unsubscribed addresses, reserves
 * the quotas and writes a `reserved` ledger row for each granted request. Counts go into `result`;
 * stores found out of quota join `options.exclude`. Answers how many were claimed and the granted ones.
 */
export async function claimBatch(ctx: AppContext, options: ClaimOptions, result: SendRunResult): Promise<{ claimed: number; reserved: Reserved[] }> {
  const now = options.now ?? new Date();
  const { batchSize, maxAttempts } = ctx.config.sending;
  const exclude = [...options.exclude];
  const limit = options.manual ? options.manual.requestIds.length : batchSize;
  // What is due, as separate sets each read on its own (the scheduled requests, the failures to retry).
  const dueSets = options.manual
    ? [
        sql`r.id IN (${sql.join(
          options.manual.requestIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) AND r.shop_id = ${options.manual.storeId}::uuid AND r.status = 'scheduled'`,
      ]
    : [
        sql`r.status = 'scheduled' AND r.scheduled_at <= ${now.toISOString()}::timestamptz`,
        sql`${RETRYABLE_SQL} AND r.attempts < ${maxAttempts} AND r.updated_at < ${options.runStartedAt.toISOString()}::timestamptz`,
      ];
  const notExcluded = exclude.length
    ? sql`AND r.shop_id NOT IN (${sql.join(
        exclude.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  // Each set's first `limit` requests it can lock, in order; the batch is the first `limit` of them
  // all: the same requests as one query over both sets, whose plan (decision 047) joined and sorted
  // every due request with its columns, the first request's and the order's, to keep a batch.
  // Here only ids and dates are sorted, and the columns are read for the batch alone. (The requests a
  // set locked beyond the batch stay locked until this transaction ends, unclaimed: another worker
  // skips them meanwhile, as it skips the batch.)
  const candidates = sql.join(
    dueSets.map(
      (set) => sql`SELECT * FROM (
          SELECT r.id, r.scheduled_at FROM shopify_review_requests r
          JOIN shopify_stores s ON s.id = r.shop_id AND s.is_active AND s.subscription_status = 'active'
          WHERE r.channel = 'email' AND ${set} ${notExcluded}
          ORDER BY r.scheduled_at, r.id
          LIMIT ${limit}
          FOR UPDATE OF r SKIP LOCKED) AS due`,
    ),
    sql` UNION ALL `,
  );

  const reserved: Reserved[] = [];
  let count = 0;
  await ctx.db.transaction(async (tx) => {
    const claimed = await queryRows<Claimed>(
      tx,
      sql`SELECT r.id::text, r.kind, coalesce((SELECT fr.token FROM shopify_review_requests fr WHERE fr.id = r.reminder_of), r.token) AS link_token,
                 r.shop_id::text, s.shop_domain, r.customer_email, r.customer_name, r.locale,
                 (SELECT o.order_number FROM shopify_orders o WHERE o.id = r.order_id) AS order_number, r.shopify_order_id, r.attempts::int
          FROM (${candidates} ORDER BY scheduled_at, id LIMIT ${limit}) AS c
          JOIN shopify_review_requests r ON r.id = c.id
          JOIN shopify_stores s ON s.id = r.shop_id
          ORDER BY c.scheduled_at, c.id`,
    );
    count = claimed.length;
    if (claimed.length === 0) return;

    // Addresses that unsubscribed since the request was scheduled are never mailed: cancel those.
    const suppressed = await queryRows<{ id: string }>(
      tx,
      sql`SELECT r.id::text FROM shopify_review_requests r
          JOIN email_suppressions x ON x.shop_id = r.shop_id AND x.email = lower(r.customer_email)
          WHERE r.id = ANY(${uuidArray(claimed.map((c) => c.id))})`,
    );
    const suppressedIds = new Set(suppressed.map((r) => r.id));
    if (suppressedIds.size) await setStatus(tx, [...suppressedIds], sql`status = 'cancelled', withdrawn_reason = 'unsubscribed', last_error = ${ERRORS.unsubscribed}`);
    // Reminders whose reason went since they were scheduled: withdrawn, without using the quota.
    const reminders = claimed.filter((c) => c.kind === 'reminder' && !suppressedIds.has(c.id));
    if (reminders.length)
      for (const id of await withdrawStaleReminders(
        tx,
        reminders.map((c) => c.id),
      ))
        suppressedIds.add(id);
    const noAddress = claimed.filter((c) => !c.customer_email && !suppressedIds.has(c.id));
    if (noAddress.length) {
      await setStatus(
        tx,
        noAddress.map((c) => c.id),
        sql`status = 'failed', failure_kind = 'permanent', attempts = attempts + 1, last_error = ${ERRORS.noAddress}`,
      );
      result.failed += noAddress.length;
    }

    const sendable = claimed.filter((c) => c.customer_email && !suppressedIds.has(c.id));
    const byShop = new Map<string, Claimed[]>();
    for (const c of sendable) byShop.set(c.shop_id, [...(byShop.get(c.shop_id) ?? []), c]);
    const grants = await reserveSendsMany(
      tx,
      [...byShop.values()].map((group) => ({ id: group[0]!.shop_id, shopDomain: group[0]!.shop_domain, wanted: group.length })),
      now,
    );
    for (const [shopId, group] of byShop) {
      const { granted, state } = grants.get(shopId)!;
      if (granted < group.length) noteLimit(result, state, group.length - granted, options.exclude, shopId);
      for (const c of group.slice(0, granted)) reserved.push({ ...c, monthStart: state.periodStart, dayStart: state.dayStart });
    }
    if (reserved.length === 0) return;
    await setStatus(
      tx,
      reserved.map((r) => r.id),
      sql`status = 'processing'`,
    );
    // Message-IDs follow messageIdFor(): review-{id}@{host}.
    await tx.execute(sql`
      INSERT INTO email_send_ledger (request_id, shop_id, message_id, state, worker_id, month_period_start, day_start)
      SELECT r.id, r.shop_id, 'review-' || r.id || ${`@${new URL(ctx.config.appUrl).hostname}`}, 'reserved', ${options.workerId}, r.month_start, r.day_start
      FROM unnest(${uuidArray(reserved.map((r) => r.id))}, ${uuidArray(reserved.map((r) => r.shop_id))},
                  ${timestamptzArray(reserved.map((r) => r.monthStart))}, ${timestamptzArray(reserved.map((r) => r.dayStart))}) AS r(id, shop_id, month_start, day_start)
      ON CONFLICT (request_id) DO UPDATE SET state = 'reserved', worker_id = excluded.worker_id, month_period_start = excluded.month_period_start,
        day_start = excluded.day_start, reserved_at = now(), transmitting_at = NULL, completed_at = NULL`);
  });
  result.claimed += count;
  if (reserved.length) await options.hooks?.afterReserve?.(reserved.map((r) => r.id));
  return { claimed: count, reserved };
}

function noteLimit(result: SendRunResult, state: QuotaState, deferred: number, exclude: Set<string> | undefined, shopId: string) {
  result.deferred += deferred;
  exclude?.add(shopId);
  if (state.quota !== null && state.used >= state.quota) result.quotaExceeded = { plan: state.plan, quota: state.quota, used: state.used };
  else result.dailyLimitReached = { limit: state.dailyLimit };
}

/**
 * Of these claimed reminders, cancels those that must not go any more: the customer reviewed (the
 * first request is completed, or a review of the order came in), the order was cancelled or refunded
 * since, or the flow that scheduled it was switched off, deleted, or lost its reminder (a customer's
 * own postponement, « pas encore reçu », is kept: the customer asked for it). Unsubscribed addresses
 * are cancelled before, as for any request. Answers the ids cancelled.
 */
async function withdrawStaleReminders(tx: Parameters<typeof queryRows>[0], ids: string[]): Promise<string[]> {
  const m = reminderMessages.cancelled;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`WITH stale AS (
          SELECT r.id,
                 CASE WHEN fr.status = 'completed' OR ${reviewedSql(sql`fr.id`, sql`fr.order_id`)} THEN ${m.reviewed}
                      WHEN o.cancelled_at IS NOT NULL OR o.refunded_at IS NOT NULL THEN ${m.order}
                      WHEN EXISTS (SELECT 1 FROM review_request_exclusions e WHERE e.order_id = r.order_id) THEN ${m.excluded}
                      WHEN fr.status NOT IN ('sent', 'delivered', 'opened') THEN ${m.firstNotSent}
                      WHEN r.source = 'flow' AND (f.id IS NULL OR NOT f.is_active OR NOT coalesce((f.channels->>'email')::boolean, false)
                                                  OR (f.reminder_days IS NULL AND fr.postponed_at IS NULL)) THEN ${m.flow}
                 END AS note
          FROM shopify_review_requests r
          JOIN shopify_review_requests fr ON fr.id = r.reminder_of
          LEFT JOIN shopify_orders o ON o.id = r.order_id
          LEFT JOIN flow_configurations f ON f.id = r.flow_id
          WHERE r.id = ANY(${uuidArray(ids)})
        )
        UPDATE shopify_review_requests r SET status = 'cancelled', last_error = stale.note, updated_at = now()
        FROM stale WHERE r.id = stale.id AND stale.note IS NOT NULL
        RETURNING r.id::text`,
  );
  return rows.map((r) => r.id);
}

async function setStatus(db: Parameters<typeof queryRows>[0], ids: string[], set: ReturnType<typeof sql>) {
  await db.execute(sql`UPDATE shopify_review_requests SET ${set}, updated_at = now() WHERE id = ANY(${uuidArray(ids)})`);
}
