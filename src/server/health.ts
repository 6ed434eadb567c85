/**
 * GET /health: database reachable, migrations current, worker heartbeat age.
 * 200 when the database answers and its schema is current (status 'degraded' if no worker has been
 * seen lately); 503 otherwise, so a load balancer takes the instance out.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { queryRows } from '../db/client';
import { migrationStatus } from '../db/migrate';
import type { AppContext } from './context';

/** A worker heart-beats every 10 s; two minutes of silence means none is running. */
export const WORKER_STALE_SECONDS = 120;

export function healthRoutes(ctx: AppContext) {
  const app = new Hono();
  app.get('/', async (c) => {
    const started = performance.now();
    let databaseOk = false;
    let workerAge: number | null = null;
    let workers = 0;
    let migrations = { applied: 0, expected: 0, current: false };
    try {
      const [row] = await queryRows<{ age: number | null; workers: number }>(
        ctx.db,
        sql`SELECT extract(epoch FROM now() - max(last_seen_at))::float8 AS age,
                   count(*) FILTER (WHERE last_seen_at > now() - make_interval(secs => ${WORKER_STALE_SECONDS}))::int AS workers
            FROM worker_heartbeats`,
      );
      databaseOk = true;
      workerAge = row?.age === null || row?.age === undefined ? null : Math.max(0, Math.round(Number(row.age)));
      workers = row?.workers ?? 0;
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
      },
      healthy ? 200 : 503,
      { 'cache-control': 'no-store' },
    );
  });
  return app;
}
