/**
 * A fresh, migrated database per test (or per file): PGlite loaded from the run's snapshot, or a
 * PostgreSQL database copied from the run's template. TEST_DB_KIND picks which (see vitest.config.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#db/client';
import { adminUrl, databaseUrlFor } from './pg-urls';

export const testDbKind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** For PostgreSQL: a URL other processes can use to reach the same database. */
  url: string | null;
  /** Opens another handle (another pool) on the same database; PostgreSQL only. */
  openAnother(): Promise<DatabaseHandle>;
  destroy(): Promise<void>;
}

let snapshot: Blob | null = null;

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'pglite') {
    snapshot ??= new Blob([readFileSync(inject('pgliteSnapshot'))]);
    const handle = await openDatabase({ kind: 'pglite-memory', loadDataDir: snapshot });
    return {
      handle,
      url: null,
      openAnother: () => Promise.reject(new Error('PGlite is a single in-process connection')),
      destroy: () => handle.close(),
    };
  }
  const baseUrl = process.env.DATABASE_URL!;
  const name = `avis_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await admin.connect();
  try {
    // Copying a template fails while another copy of it is in progress: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(baseUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolMax: 5 });
  const others: DatabaseHandle[] = [];
  return {
    handle,
    url,
    async openAnother() {
      const other = await openDatabase({ kind: 'postgres', url, poolMax: 5 });
      others.push(other);
      return other;
    },
    async destroy() {
      await Promise.all([handle, ...others].map((h) => h.close().catch(() => {})));
      const dropper = new pg.Client({ connectionString: adminUrl(baseUrl) });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
