/**
 * A live worker whose database connections are lost while it runs jobs (a failover, a restart, an
 * operator's pg_terminate_backend) and whose database then refuses connections for a while: once
 * the database answers again, every job it held is marked (succeeded, or queued for its retry),
 * none is left `running` for the 15-minute stale timeout (issue 33, decision 023).
 * PostgreSQL only (PGlite has no connection to lose).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#db/client';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { adminUrl } from '#tests/support/pg-urls';
import { testDbKind } from '#tests/support/test-db';
import { defineJob, enqueue } from './define';
import { createWorker, type Worker } from './worker';

describe.runIf(testDbKind === 'postgres')('a worker whose database connections are lost while it runs jobs', () => {
  let ctx: TestContext;
  let admin: pg.Client;
  let worker: Worker | null = null;
  let database = '';
  beforeEach(async () => {
    ctx = await createTestContext();
    database = new URL(ctx.testDb.url!).pathname.slice(1);
    // From another database: a database cannot refuse connections to itself.
    admin = new pg.Client({ connectionString: adminUrl(process.env.DATABASE_URL!) });
    await admin.connect();
  });
  afterEach(async () => {
    await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS true`);
    await worker?.stop();
    await admin.end();
    await ctx.destroy();
  });

  it('marks every job it held once the database answers again, without waiting for the stale timeout', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      // Holds a transaction open across the fault: its next statement meets the lost connection.
      const inTransaction = defineJob({
        name: 'in-transaction',
        payload: z.object({}),
        run: async (_payload, c) => {
          await c.db.transaction(async (tx) => {
            await tx.execute(sql`SELECT 1`);
            holding();
            await gate;
            await tx.execute(sql`SELECT 2`);
          });
        },
      });
      // Needs no database: it succeeds while the database refuses its completion.
      const offline = defineJob({ name: 'offline', payload: z.object({}), run: () => gate });
      const failing = await enqueue(ctx, inTransaction, {});
      const succeeding = await enqueue(ctx, offline, {});
      worker = createWorker(ctx, [inTransaction, offline], [], { pollIntervalMs: 50, concurrency: 2 });
      worker.start();
      await held;
      // A session of the test's own, spared by the fault, to look at the jobs meanwhile.
      const observer = new pg.Client({ connectionString: ctx.testDb.url! });
      await observer.connect();
      const observerPid = (await observer.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

      // The fault: new connections refused, every backend of the app's pool terminated.
      await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2`, [database, observerPid]);
      release();
      // Both jobs end while the database refuses the worker: their outcomes cannot be written now.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const during = await observer.query<{ status: string }>(`SELECT status FROM jobs WHERE id IN ($1, $2)`, [failing, succeeding]);
      await observer.end();
      expect(during.rows.map((r) => r.status)).toEqual(['running', 'running']);

      // The database answers again: the worker writes what it kept, long before any stale timeout.
      await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS true`);
      const statuses = () =>
        queryRows<{ id: string; status: string; attempts: number; last_error: string | null }>(
          ctx.db,
          sql`SELECT id::text, status, attempts::int, last_error FROM jobs WHERE id IN (${failing}::uuid, ${succeeding}::uuid)`,
        );
      await expect.poll(async () => (await statuses()).filter((j) => j.status === 'running').length, { timeout: 10_000, interval: 100 }).toBe(0);
      const rows = new Map((await statuses()).map((j) => [j.id, j]));
      // The job whose transaction lost its connection is queued for its retry, with the reason (the server's
      // 'terminating connection', or the socket's reset when the kill reaches the client first).
      expect(rows.get(failing!)).toMatchObject({ status: 'queued', attempts: 1 });
      expect(rows.get(failing!)!.last_error).toMatch(/connection|terminat|ECONNRESET/i);
      // The job that had succeeded is recorded as such, not run again.
      expect(rows.get(succeeding!)).toMatchObject({ status: 'succeeded', attempts: 1 });
    } finally {
      warn.mockRestore();
    }
  }, 30_000);
});
