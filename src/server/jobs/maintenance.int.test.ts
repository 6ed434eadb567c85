import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { queryRows } from '#db/client';
import type { TestContext } from '#tests/support/test-context';
import { testDbKind } from '#tests/support/test-db';
import { enqueueJob } from './queue';
import { maintenanceJob } from './maintenance';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

const runMaintenance = (ctx: TestContext) => maintenanceJob.run({ tick: new Date().toISOString() }, ctx, { id: 'm', attempts: 1, maxAttempts: 3 });
const estimatedRows = async (ctx: TestContext, table: string) =>
  (await queryRows<{ n: number }>(ctx.db, sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = ${table}`))[0]!.n;

describe('daily maintenance', () => {
  it('drops expired one-time secrets and keeps the live ones', async ({ ctx }) => {
    await ctx.db.execute(sql`INSERT INTO verification (id, identifier, value, expires_at) VALUES
      ('old', 'reset-old', 'x', now() - interval '2 days'), ('live', 'reset-live', 'y', now() + interval '1 hour')`);
    await runMaintenance(ctx);
    const left = await queryRows<{ id: string }>(ctx.db, sql`SELECT id FROM verification WHERE id IN ('old', 'live')`);
    expect(left.map((r) => r.id)).toEqual(['live']);
  });

  it('drops rate-limit rows older than the longest window they serve', async ({ ctx }) => {
    const day = 86_400_000;
    await ctx.db.execute(sql`INSERT INTO rate_limit (id, key, count, last_request) VALUES
      ('rl-old', 'known:/sign-in:old', 0, ${Date.now() - 40 * day}), ('rl-live', 'known:/sign-in:live', 0, ${Date.now() - 20 * day})`);
    await runMaintenance(ctx);
    const left = await queryRows<{ id: string }>(ctx.db, sql`SELECT id FROM rate_limit WHERE id IN ('rl-old', 'rl-live')`);
    expect(left.map((r) => r.id)).toEqual(['rl-live']);
  });

  it('fails jobs left queued past their attempts (by the unbounded reclaim of earlier versions)', async ({ ctx }) => {
    const id = (await enqueueJob(ctx.db, 'legacy', {}, { maxAttempts: 3 }))!;
    await ctx.db.execute(sql`UPDATE jobs SET attempts = 12 WHERE id = ${id}`);
    await runMaintenance(ctx);
    const [row] = await queryRows<{ status: string; last_error: string }>(ctx.db, sql`SELECT status, last_error FROM jobs WHERE id = ${id}`);
    expect(row).toEqual({ status: 'failed', last_error: 'attempts exhausted (12 of 3)' });
  });

  it.runIf(testDbKind === 'pglite')('vacuums and analyzes the embedded database, which has no autovacuum', async ({ ctx }) => {
    for (let i = 0; i < 120; i++) await enqueueJob(ctx.db, 'maintenance-test', { i });
    // Never analyzed: PostgreSQL does not know how many rows the table holds (-1).
    expect(await estimatedRows(ctx, 'jobs')).toBeLessThan(120);
    await runMaintenance(ctx);
    expect(await estimatedRows(ctx, 'jobs')).toBeGreaterThanOrEqual(120);
  });
});
