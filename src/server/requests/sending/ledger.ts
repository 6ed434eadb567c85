/**
 * The send ledger's writes after the claim (decision 008, steps 2 and 3, and the ways out): the
 * hand-over and the completion, written together for all lanes (coalesce.ts); a failure, with the
 * quota given back; a completion without proof (« non confirmé »); the release of what a stopping
 * worker claimed and did not hand over. Each keeps the ledger row and its request in step in one
 * statement or one transaction, so a crash between two of them never sends twice.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '#db/client';
import { isRetryableConflict } from '#db/pg-error';
import { uuidArray } from '#db/sql-arrays';
import type { AppContext } from '#server/context';
import { addUsage } from '#server/plans/quota';
import { flowReminderInsert, scheduleFlowReminders } from '../reminders';
import { ERRORS, type Reserved } from './model';
import { rowsPreparedOnPglite } from './prepared';

export type LedgerStep = { kind: 'handOver' | 'complete'; id: string };

type LedgerState = 'reserved' | 'transmitting' | 'sent' | 'failed';

/**
 * `state IN (…)` for a statement that finds its ledger rows by request id, written so that no index
 * serves it: the rows are then found through the primary key, a few lookups. Written plainly, the
 * planner reads email_send_ledger_open_idx (state, reserved_at) instead, which it believes holds a
 * handful of rows in that state; but the index keeps an entry for every row that was ever in the
 * state until the table is vacuumed, so each statement read every e-mail sent since the last vacuum
 * (decision 047). `IS TRUE` changes nothing else: the column is NOT NULL.
 */
const inState = (column: SQL, ...states: LedgerState[]) =>
  sql`(${column} IN (${sql.join(
    states.map((s) => sql.raw(`'${s}'`)),
    sql`, `,
  )})) IS TRUE`;

/**
 * One statement for a batch of ledger steps; answers, per step, whether it took effect.
 * - complete: the e-mail was accepted by the transport, so the ledger row and its request become
 *   `sent`, and a first request whose flow asks for a reminder gets it, in the same statement: a
 *   crash cannot leave a sent e-mail without its reminder, and (the unique index on reminder_of) a
 *   replay cannot give it two. (A data-modifying WITH runs whether or not it is read.)
 * - handOver: the reservation moves to `transmitting`, only while this worker still holds it, the
 *   request is still `processing` (not cancelled by a privacy request meanwhile) and the address has
 *   not unsubscribed since the claim. Reservations refused for those reasons are released at once.
 * The two sets never share a request (a request is completed only after its hand-over), so the
 * updates of the statement touch distinct rows. A batch of one kind gets a statement of that kind
 * only: a hand-over alone is a short statement, planned in a fraction of the whole one's time.
 */
export async function writeLedgerSteps(ctx: AppContext, workerId: string, steps: LedgerStep[]): Promise<boolean[]> {
  const handIds = steps.filter((s) => s.kind === 'handOver').map((s) => s.id);
  const doneIds = steps.filter((s) => s.kind === 'complete').map((s) => s.id);
  // The ledger row is locked before its request, the order the lease recovery uses too; a request
  // becomes `sent` only with its ledger row.
  const completion = sql`sent AS (
      UPDATE email_send_ledger SET state = 'sent', completed_at = now() WHERE request_id = ANY(${uuidArray(doneIds)}) AND ${inState(sql`state`, 'transmitting')}
      RETURNING request_id
    ), sent_requests AS (
      UPDATE shopify_review_requests SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL, failure_kind = NULL, unconfirmed = false, updated_at = now()
      WHERE id IN (SELECT request_id FROM sent) AND status = 'processing'
      RETURNING *
    )`;
  const handOver = sql`UPDATE email_send_ledger l SET state = 'transmitting', transmitting_at = now()
    FROM shopify_review_requests r
    WHERE l.request_id = ANY(${uuidArray(handIds)}) AND ${inState(sql`l.state`, 'reserved')} AND l.worker_id = ${workerId}
      AND r.id = l.request_id AND r.status = 'processing' AND r.customer_email IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM email_suppressions x WHERE x.shop_id = r.shop_id AND x.email = lower(r.customer_email))
    RETURNING l.request_id::text AS id`;
  const statement = !doneIds.length
    ? handOver
    : !handIds.length
      ? // The reminders' ids are returned and not read: a completion answers true.
        sql`WITH ${completion} ${flowReminderInsert(sql`sent_requests`)}`
      : sql`WITH ${completion}, reminders AS (${flowReminderInsert(sql`sent_requests`)}) ${handOver}`;
  // A deadlock victim or serialization failure was rolled back: run it once more.
  // Prepared once on PGlite, planned with its values at every call on PostgreSQL (prepared.ts, decision 047).
  const run = () => rowsPreparedOnPglite<{ id: string }>(ctx, 'sender_ledger_steps', statement);
  const rows = await run().catch((error: unknown) => {
    if (!isRetryableConflict(error)) throw error;
    return run();
  });
  const handed = new Set(rows.map((r) => r.id));
  const refused = handIds.filter((id) => !handed.has(id));
  // The hand-overs above are committed whatever happens here: a release that fails leaves the
  // refused reservations to the lease recovery, which gives their quota back.
  if (refused.length) {
    await releaseWithdrawn(ctx, workerId, refused).catch((error: unknown) =>
      ctx.log.child('sender').warn('withdrawn reservations not released', { count: refused.length, error: error instanceof Error ? error.message : String(error) }),
    );
  }
  return steps.map((s) => s.kind === 'complete' || handed.has(s.id));
}

/** Reservations of requests withdrawn since the claim: quota given back, the request cancelled. */
async function releaseWithdrawn(ctx: AppContext, workerId: string, ids: string[]) {
  await ctx.db.transaction(async (tx) => {
    const released = await queryRows<{ id: string; shop_domain: string; month: string | null; day: string }>(
      tx,
      sql`UPDATE email_send_ledger l SET state = 'failed', completed_at = now()
          FROM shopify_stores s
          WHERE l.request_id = ANY(${uuidArray(ids)}) AND ${inState(sql`l.state`, 'reserved')} AND l.worker_id = ${workerId} AND s.id = l.shop_id
          RETURNING l.request_id::text AS id, s.shop_domain, to_json(l.month_period_start)#>>'{}' AS month, to_json(l.day_start)#>>'{}' AS day`,
    );
    for (const r of released) await addUsage(tx, r.shop_domain, r.month ? new Date(r.month) : null, new Date(r.day), -1);
    if (released.length) {
      // Still `processing`, the hand-over was refused for the address: unsubscribed since the claim
      // (its reason as data, as the claim records it), or erased (no address, no reason to give).
      await tx.execute(sql`UPDATE shopify_review_requests
                           SET status = 'cancelled', withdrawn_reason = CASE WHEN customer_email IS NULL THEN withdrawn_reason ELSE 'unsubscribed' END,
                               last_error = coalesce(last_error, ${ERRORS.unsubscribed}), updated_at = now()
                           WHERE id = ANY(${uuidArray(released.map((r) => r.id))}) AND status = 'processing'`);
    }
  });
}

/** Counts the request sent without proof: its `unconfirmed` column says so, no note (decision 051). */
export async function completeUnconfirmed(ctx: AppContext, requestId: string) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE email_send_ledger SET state = 'sent', completed_at = now() WHERE request_id = ${requestId}::uuid AND state = 'transmitting'`);
    await tx.execute(sql`UPDATE shopify_review_requests SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL, unconfirmed = true, updated_at = now()
                         WHERE id = ${requestId}::uuid AND status = 'processing'`);
    // Counted sent: its reminder follows as for any sent e-mail (same transaction, idempotent).
    await scheduleFlowReminders(tx, [requestId]);
  });
}

/** Gives these requests' places in the quotas back, per store and period (one statement per group). */
async function giveBackQuota(tx: Parameters<typeof queryRows>[0], requests: Reserved[]) {
  const giveBack = new Map<string, { request: Reserved; count: number }>();
  for (const request of requests) {
    const key = `${request.shop_domain} ${request.monthStart.toISOString()} ${request.dayStart.toISOString()}`;
    giveBack.set(key, { request, count: (giveBack.get(key)?.count ?? 0) + 1 });
  }
  for (const { request, count } of giveBack.values()) await addUsage(tx, request.shop_domain, request.monthStart, request.dayStart, -count);
}

/** Fails requests whose e-mail did not go (one transaction): their places in the quotas are given back. */
export async function completeFailed(ctx: AppContext, requests: Reserved[], kind: 'temporary' | 'permanent', message: string) {
  const ids = requests.map((r) => r.id);
  await ctx.db.transaction(async (tx) => {
    const released = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE email_send_ledger SET state = 'failed', completed_at = now() WHERE request_id = ANY(${uuidArray(ids)}) AND ${inState(sql`state`, 'reserved', 'transmitting')}
          RETURNING request_id::text AS id`,
    );
    // The e-mails did not go: give their places in the quotas back.
    const releasedIds = new Set(released.map((r) => r.id));
    await giveBackQuota(
      tx,
      requests.filter((r) => releasedIds.has(r.id)),
    );
    await tx.execute(sql`UPDATE shopify_review_requests SET status = 'failed', failure_kind = ${kind}, attempts = attempts + 1, last_error = ${message}, updated_at = now()
                         WHERE id = ANY(${uuidArray(ids)}) AND status = 'processing'`);
  });
}

/**
 * Requests a stopping worker claimed and never handed over (one transaction): the reservation is
 * removed, its quota given back, and the request scheduled again, as the lease recovery would do
 * for a worker that died, but at once. Only reservations this worker still holds.
 */
export async function releaseUnsent(ctx: AppContext, workerId: string, requests: Reserved[]) {
  if (requests.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    const released = await queryRows<{ id: string }>(
      tx,
      sql`DELETE FROM email_send_ledger WHERE request_id = ANY(${uuidArray(requests.map((r) => r.id))}) AND ${inState(sql`state`, 'reserved')} AND worker_id = ${workerId}
          RETURNING request_id::text AS id`,
    );
    const releasedIds = new Set(released.map((r) => r.id));
    await giveBackQuota(
      tx,
      requests.filter((r) => releasedIds.has(r.id)),
    );
    await tx.execute(sql`UPDATE shopify_review_requests SET status = 'scheduled', updated_at = now() WHERE id = ANY(${uuidArray([...releasedIds])}) AND status = 'processing'`);
    ctx.log.child('sender').info('claimed requests released: the worker is stopping', { count: releasedIds.size });
  });
}
