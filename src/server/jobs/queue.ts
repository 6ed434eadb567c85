/**
 * Jobs are rows in Postgres. Workers claim them with `FOR UPDATE SKIP LOCKED`, which behaves the same
 * on PGlite and PostgreSQL: two workers never claim the same row. A failed job is retried with
 * exponential backoff until `max_attempts`; a job whose worker died is reclaimed after a timeout.
 * Attempts are bounded everywhere (claim, failure, reclaim): a job that keeps failing, or keeps killing
 * its worker, ends `failed` with its reason in `last_error` (the schema has no separate dead state).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '#db/client';
import { jobs } from '#db/schema';

export interface Job {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
}

export interface EnqueueOptions {
  runAt?: Date;
  /** Deterministic key: a second enqueue with the same key is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Inserts one job row. Features do not call this: they enqueue a typed job through `enqueue`
 * (define.ts), which checks the payload against the job's schema first.
 * Returns the new job's id, or null when a job with the same dedupe key already exists.
 */
export async function enqueueJob(db: Queryable, name: string, payload: Record<string, unknown> = {}, options: EnqueueOptions = {}): Promise<string | null> {
  const rows = await db
    .insert(jobs)
    .values({
      name,
      payload,
      runAt: options.runAt ?? new Date(),
      dedupeKey: options.dedupeKey ?? null,
      maxAttempts: options.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/** Several jobs of one name in one INSERT (no dedupe key): the webhook recorder's batches. */
export async function enqueueJobs(
  db: Queryable,
  name: string,
  payloads: readonly Record<string, unknown>[],
  options: { maxAttempts?: number; runAt?: Date } = {},
): Promise<string[]> {
  if (payloads.length === 0) return [];
  const runAt = options.runAt ?? new Date();
  const rows = await db
    .insert(jobs)
    .values(payloads.map((payload) => ({ name, payload, runAt, maxAttempts: options.maxAttempts ?? 5 })))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

type JobRow = {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  run_at: Date | string;
};

/** Claims up to `limit` due jobs among `names` for `workerId`, marking them running. */
export async function claimJobs(db: Queryable, workerId: string, names: readonly string[], limit: number): Promise<Job[]> {
  if (names.length === 0 || limit <= 0) return [];
  const rows = await queryRows<JobRow>(
    db,
    sql`UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM jobs
          WHERE status = 'queued' AND run_at <= now() AND name IN (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})
            -- Never beyond its budget, however the row got there (failExhaustedJobs fails such rows).
            AND attempts < max_attempts
          ORDER BY run_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id::text, name, payload, attempts::int, max_attempts::int, run_at`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    payload: r.payload,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    runAt: new Date(r.run_at),
  }));
}

/** Only while `workerId` still holds the job (when given): a job reclaimed or released meanwhile is another's. */
const heldBy = (workerId: string | undefined) => (workerId === undefined ? sql`` : sql` AND status = 'running' AND locked_by = ${workerId}`);

export async function completeJob(db: Queryable, id: string, workerId?: string): Promise<void> {
  await db.execute(
    // The payload may carry personal data (an e-mail address): it is not kept once the job is done.
    sql`UPDATE jobs SET status = 'succeeded', finished_at = now(), locked_at = NULL, last_error = NULL, payload = '{}'::jsonb WHERE id = ${id}${heldBy(workerId)}`,
  );
}

/**
 * Puts jobs `workerId` holds back in the queue, due at once, their attempt given back: a worker that
 * stops (SIGTERM) releases what it could not finish instead of leaving it `running` until the stale
 * timeout. Without `ids`, every job it holds. Answers the jobs released.
 */
export async function releaseJobs(db: Queryable, workerId: string, ids?: readonly string[]): Promise<Array<{ id: string; name: string }>> {
  if (ids?.length === 0) return [];
  return queryRows<{ id: string; name: string }>(
    db,
    sql`UPDATE jobs SET status = 'queued', attempts = greatest(attempts - 1, 0), locked_at = NULL, locked_by = NULL, run_at = now()
        WHERE status = 'running' AND locked_by = ${workerId}
          ${
            ids
              ? sql`AND id IN (${sql.join(
                  ids.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
        RETURNING id::text, name`,
  );
}

/** Backoff before attempt n+1: 2^n × 15 s, capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(15 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Longest failure text kept in `jobs.last_error` (and logged): enough for a stack's first line. */
export const MAX_ERROR_LENGTH = 1000;
/** Stored when even the cleaned failure text cannot be written: a failure must always be recorded. */
export const UNRECORDABLE_ERROR = 'job failed; its error could not be recorded';

/** Whether `error` is a Drizzle query error, whose message and stack list the statement's parameters. */
export function isQueryError(error: unknown): boolean {
  const e = error as { query?: unknown; params?: unknown } | null;
  return error instanceof Error && typeof e?.query === 'string' && Array.isArray(e.params);
}

/**
 * The failure text of `error`, safe to store and to log (job rows, and the web process's 500 line). A Drizzle query error's message carries the
 * statement's parameters: customer data (logs and job rows never hold it), and possibly the very NUL
 * PostgreSQL just refused; keep the database's own message and the start of the statement instead.
 * Control characters (NUL included: PostgreSQL refuses it in text) are dropped, line breaks become
 * spaces, and the text is cut at MAX_ERROR_LENGTH.
 */
export function storableErrorText(error: unknown): string {
  let text: string;
  try {
    const e = error as { message?: unknown; query?: unknown; params?: unknown; cause?: { message?: unknown } } | null;
    if (isQueryError(error) && typeof e?.query === 'string' && e.cause instanceof Error) {
      text = `${e.cause.message} (query: ${e.query.slice(0, 200)})`;
    } else {
      text = error instanceof Error ? error.message : String(error);
    }
  } catch {
    return UNRECORDABLE_ERROR; // a thrown value whose message or toString throws
  }
  const clean = text
    .replace(/[\t\n\r]+/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim();
  const cut = clean.length > MAX_ERROR_LENGTH ? `${clean.slice(0, MAX_ERROR_LENGTH - 1)}…` : clean;
  return cut || 'job failed without a message';
}

/**
 * Records a failure: requeued with backoff, or failed for good once attempts are used up, or at once
 * when `permanent` (a failure no retry can mend, such as a payload its job's schema refuses). The text
 * is cleaned first (see storableErrorText); if the UPDATE still fails, a generic text is written, so a
 * job never stays `running` because its failure could not be described. Throws only when the database
 * refuses even that, or does not answer (the worker then keeps the outcome and writes it once the
 * database answers again; a worker that died leaves it to reclaimStaleJobs, within its attempts).
 * With `workerId`, only while that worker still holds the job.
 */
export async function failJob(db: Queryable, job: Job, error: unknown, options: { permanent?: boolean; workerId?: string } = {}): Promise<'retry' | 'failed'> {
  const final = options.permanent === true || job.attempts >= job.maxAttempts;
  const held = heldBy(options.workerId);
  const record = async (message: string) => {
    if (final) {
      await db.execute(sql`UPDATE jobs SET status = 'failed', finished_at = now(), locked_at = NULL, last_error = ${message} WHERE id = ${job.id}${held}`);
      return;
    }
    const delay = retryDelaySeconds(job.attempts);
    await db.execute(
      sql`UPDATE jobs SET status = 'queued', locked_at = NULL, locked_by = NULL, last_error = ${message},
          run_at = now() + make_interval(secs => ${delay}) WHERE id = ${job.id}${held}`,
    );
  };
  try {
    await record(storableErrorText(error));
  } catch {
    await record(UNRECORDABLE_ERROR);
  }
  return final ? 'failed' : 'retry';
}

export interface ReclaimResult {
  /** Jobs put back in the queue for another attempt. */
  requeued: number;
  /** Jobs abandoned on their last attempt: now `failed` for good. */
  failed: Array<{ id: string; name: string; attempts: number }>;
}

/**
 * Puts back jobs whose worker stopped heart-beating mid-run (crash, kill -9), within their attempts: a
 * job abandoned on its last attempt (say a payload that kills or hangs its worker every time) is
 * failed, not requeued, so it cannot come back forever.
 */
export async function reclaimStaleJobs(db: Queryable, timeoutSeconds: number): Promise<ReclaimResult> {
  const rows = await queryRows<{ id: string; name: string; status: string; attempts: number }>(
    db,
    sql`UPDATE jobs SET
          status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
          finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
          locked_at = NULL,
          locked_by = NULL,
          -- The earlier attempt's error, if any, stays visible behind the reason.
          last_error = CASE WHEN attempts >= max_attempts
            THEN left(format('abandoned after worker timeout on its last attempt (%s of %s)', attempts, max_attempts)
                      || coalesce('; before: ' || last_error, ''), ${MAX_ERROR_LENGTH})
            ELSE 'reclaimed after worker timeout' END
        WHERE status = 'running' AND locked_at < now() - make_interval(secs => ${timeoutSeconds})
        RETURNING id::text, name, status, attempts::int`,
  );
  return {
    requeued: rows.filter((r) => r.status === 'queued').length,
    failed: rows.filter((r) => r.status === 'failed').map((r) => ({ id: r.id, name: r.name, attempts: r.attempts })),
  };
}

/**
 * Fails queued jobs already past their attempts. Only earlier versions, whose reclaim requeued without
 * a bound, left such rows (claim, failJob and reclaimStaleJobs keep attempts ≤ max_attempts), and
 * claimJobs skips them: this only makes them visible as failed. Run by the daily maintenance, not on
 * every poll, as it reads every queued row.
 */
export async function failExhaustedJobs(db: Queryable): Promise<Array<{ id: string; name: string; attempts: number }>> {
  return queryRows<{ id: string; name: string; attempts: number }>(
    db,
    sql`UPDATE jobs SET status = 'failed', finished_at = now(), locked_at = NULL, locked_by = NULL,
          last_error = format('attempts exhausted (%s of %s)', attempts, max_attempts)
        WHERE status = 'queued' AND attempts >= max_attempts
        RETURNING id::text, name, attempts::int`,
  );
}

/** Deletes finished jobs older than `days` so the table stays small. */
export async function purgeFinishedJobs(db: Queryable, days: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM jobs WHERE status IN ('succeeded', 'failed') AND finished_at < now() - make_interval(days => ${days})
        RETURNING id::text`,
  );
  return rows.length;
}

/** The deterministic key of the periodic tick that covers `at`: one per interval, for every process. */
export function tickKey(name: string, intervalSeconds: number, at: Date): string {
  const bucket = Math.floor(at.getTime() / 1000 / intervalSeconds);
  return `tick:${name}:${intervalSeconds}:${bucket}`;
}
