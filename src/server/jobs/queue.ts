/**
 * Jobs are rows in Postgres. Workers claim them with `FOR UPDATE SKIP LOCKED`, which behaves the same
 * on PGlite and PostgreSQL: two workers never claim the same row. A failed job is retried with
 * exponential backoff until `max_attempts`; a job whose worker died is reclaimed after a timeout.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/client';
import { jobs } from '../../db/schema';

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

/** Returns the new job's id, or null when a job with the same dedupe key already exists. */
export async function enqueueJob(
  db: Queryable,
  name: string,
  payload: Record<string, unknown> = {},
  options: EnqueueOptions = {},
): Promise<string | null> {
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
          WHERE status = 'queued' AND run_at <= now() AND name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
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

export async function completeJob(db: Queryable, id: string): Promise<void> {
  await db.execute(
    // The payload may carry personal data (an e-mail address): it is not kept once the job is done.
    sql`UPDATE jobs SET status = 'succeeded', finished_at = now(), locked_at = NULL, last_error = NULL, payload = '{}'::jsonb WHERE id = ${id}`,
  );
}

/** Backoff before attempt n+1: 2^n × 15 s, capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(15 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Records a failure: requeued with backoff, or failed for good once attempts are used up. */
export async function failJob(db: Queryable, job: Job, error: unknown): Promise<'retry' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= job.maxAttempts;
  if (final) {
    await db.execute(
      sql`UPDATE jobs SET status = 'failed', finished_at = now(), locked_at = NULL, last_error = ${message} WHERE id = ${job.id}`,
    );
    return 'failed';
  }
  const delay = retryDelaySeconds(job.attempts);
  await db.execute(
    sql`UPDATE jobs SET status = 'queued', locked_at = NULL, locked_by = NULL, last_error = ${message},
        run_at = now() + make_interval(secs => ${delay}) WHERE id = ${job.id}`,
  );
  return 'retry';
}

/** Puts back jobs whose worker stopped heart-beating mid-run (crash, kill -9). */
export async function reclaimStaleJobs(db: Queryable, timeoutSeconds: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE jobs SET status = 'queued', locked_at = NULL, locked_by = NULL, last_error = 'reclaimed after worker timeout'
        WHERE status = 'running' AND locked_at < now() - make_interval(secs => ${timeoutSeconds})
        RETURNING id::text`,
  );
  return rows.length;
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
