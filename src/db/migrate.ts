/**
 * Applies the generated SQL migrations (src/db/migrations) and seeds the plans. Several processes may
 * start at once on PostgreSQL: a session-level advisory lock serialises them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { queryRows, type Database, type DatabaseHandle } from './client';
import { seedPlans } from './plans';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant shared by every process of this app. */
const MIGRATION_LOCK_KEY = 72_174_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    if (handle.kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    else await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    await seedPlans(db);
  });
}

export interface MigrationStatus {
  applied: number;
  expected: number;
  current: boolean;
}

function expectedMigrations(): { count: number; lastWhen: number } {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, lastWhen: journal.entries.at(-1)?.when ?? 0 };
}

/** Compares the migrations recorded in the database with the ones shipped with this code. */
export async function migrationStatus(db: Database): Promise<MigrationStatus> {
  const expected = expectedMigrations();
  let applied = 0;
  let lastApplied = 0;
  try {
    const rows = await queryRows<{ n: number; last: string | null }>(db, sql`SELECT count(*)::int AS n, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`);
    applied = rows[0]?.n ?? 0;
    lastApplied = Number(rows[0]?.last ?? 0);
  } catch {
    // The migrations table does not exist yet: nothing applied.
  }
  return { applied, expected: expected.count, current: applied === expected.count && lastApplied === expected.lastWhen };
}
