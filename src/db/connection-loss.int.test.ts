/**
 * A database connection lost while a transaction holds it (a failover, a restart, an operator's
 * pg_terminate_backend) fails that transaction, and nothing else: the process lives on and the pool
 * serves the next query on a new connection. PostgreSQL only (PGlite has no connection to lose).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from './client';
import { createTestDatabase, testDbKind, type TestDatabase } from '#tests/support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe.runIf(testDbKind === 'postgres')('losing a connection held by a transaction', () => {
  it('fails the transaction, never the process; the next query runs on a new connection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const killer = await database.openAnother();
    try {
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        const outcome = database.handle.db.transaction(async (tx) => {
          const [me] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
          // Idle in the transaction while another session ends this one's backend.
          await killer.db.execute(sql`SELECT pg_terminate_backend(${me!.pid})`);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`SELECT 1`);
        });
        await expect(outcome).rejects.toThrow();
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        process.off('uncaughtException', onUncaught);
      }
      expect(uncaught).toEqual([]);
      expect(warn.mock.calls.some(([line]) => String(line).startsWith('[db] connection lost'))).toBe(true);
      const [after] = await queryRows<{ ok: number }>(database.handle.db, sql`SELECT 1 AS ok`);
      expect(after!.ok).toBe(1);
    } finally {
      warn.mockRestore();
      await killer.close();
    }
  });
});
