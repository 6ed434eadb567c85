/**
 * GET /health: database reachable, migrations current, worker heartbeat age, jobs failed for good in
 * the last 24 h (for an operator: a poisoned job ends there; it does not change the status).
 * 200 when the database answers and its schema is current (status 'degraded' if no worker has been
 * seen lately); 503 otherwise, so a load balancer takes the instance out.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { queryRows } from '#db/client';
import { migrationStatus } from '#db/migrate';
import type { AppContext } from './context';

/** A worker heart-beats every 10 s; two minutes of silence means none is running. */
export const WORKER_STALE_SECONDS = 120;
/** The window of `jobs.failedLast24h`. */
const FAILED_JOBS_WINDOW_HOURS = 24;

export function healthRoutes(ctx: AppContext) {
  const app = new Hono();
  app.get('/', async (c) => {
    const started = performance.now();
    let databaseOk = false;
    let workerAge: number | null = null;
    let workers = 0;
    let failedJobs: number | null = null;
    let migrations = { applied: 0, expected: 0, current: false };
    try {
      // One round trip. Failed jobs are few (purged after 7 days) and found through jobs_claim_idx.
      const [row] = await queryRows<{ age: number | null; workers: number; failed_jobs: number }>(
        ctx.db,
        sql`SELECT extract(epoch FROM now() - max(last_seen_at))::float8 AS age,
                   count(*) FILTER (WHERE last_seen_at > now() - make_interval(secs => ${WORKER_STALE_SECONDS}))::int AS workers,
                   (SELECT count(*)::int FROM jobs
                    WHERE status = 'failed' AND finished_at > now() - make_interval(hours => ${FAILED_JOBS_WINDOW_HOURS})) AS failed_jobs
            FROM worker_heartbeats`,
      );
      databaseOk = true;
      workerAge = row?.age === null || row?.age === undefined ? null : Math.max(0, Math.round(Number(row.age)));
      workers = row?.workers ?? 0;
      failedJobs = row?.failed_jobs ?? 0;
      migrations = await migrationStatus(ctx.db);
    } catch (error) {
      ctx.log.warn('health check failed', { error: (error as Error).message });
    }
    const healthy = databaseOk && migrations.current;
    const workerOk = workerAge !== null && workerAge < WORKER_STALE_SECONDS;
    return c.json(
      {
        status: !healthy ? 'down' : workerOk ? 'ok' : 'degraded',
        database: { ok: databaseOk, kind: ctx.dbHandle.kind, latencyMs: Math.round(performance.now() - started) },
        migrations,
        worker: { ok: workerOk, heartbeatAgeSeconds: workerAge, activeWorkers: workers },
        jobs: { failedLast24h: failedJobs },
      },
      healthy ? 200 : 503,
      { 'cache-control': 'no-store' },
    );
  });
  return app;
}
