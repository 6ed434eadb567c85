/**
 * Opens the database: PGlite on disk (the embedded default) or PostgreSQL through a pool.
 * Both give the same Drizzle API; code elsewhere only sees `Database`.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or a transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Runs `fn` while holding a session-level advisory lock (one connection for the whole call). */
  withAdvisoryLock<T>(key: number, fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax?: number }
  | { kind: 'pglite'; dataDir: string; memory?: PgliteMemory }
  /** In-memory PGlite, optionally loaded from a dumped data dir (tests). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

/**
 * The one typed helper for raw SQL. Drivers differ (int8 as string or number, bytea as Buffer or
 * Uint8Array): cast in SQL (`::int`, `::text`) so every driver returns the same JS types.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * What drizzle's clients are underneath (`$client`): a pg Pool, or a PGlite database. Both take a
 * statement's text and its parameters. Only for the two hot statements where drizzle's query building
 * is a measured share of their cost (the sender's ledger, decisions 030 and 047; the webhook recorder,
 * decision 036); everything else goes through drizzle.
 */
export interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The driver's client under `db`. A `Database` only, never a transaction: a transaction's
 * `$client` is still the pool, and a statement sent there would run outside the transaction.
 */
export const rawClient = (db: Database): RawClient => (db as Database & { $client: RawClient }).$client;

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its data directory and two processes on one directory corrupt it:
 * take an exclusive lock file and refuse a second process with a clear message.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'app.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is already in use by process ${pid}. ` +
            'The embedded database allows one process only: stop the other one, use another DATA_DIR, ' +
            'or set DATABASE_URL to run several processes on PostgreSQL.',
        );
      }
      // A stale lock left by a process that died: take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PostgreSQL's memory settings inside PGlite, in MB (PGLITE_SHARED_BUFFERS_MB, PGLITE_WORK_MEM_MB). */
export interface PgliteMemory {
  sharedBuffersMb: number;
  workMemMb: number;
}

export const DEFAULT_PGLITE_MEMORY: PgliteMemory = { sharedBuffersMb: 16, workMemMb: 4 };

/**
 * PGlite runs PostgreSQL in WebAssembly, whose memory grows and never shrinks: PostgreSQL's own
 * defaults (128 MB of shared buffers, 64 MB for maintenance) become resident for good after the
 * first migration or VACUUM. A merchant app's working set is far smaller, and these settings keep the
 * embedded database's resident memory within a small host's (decision 011; `BENCH_ONLY=footprint`).
 */
/** The contrib extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand). */
const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * A `json` parameter given as bytes (a webhook body as received) goes to PGlite as those bytes, in
 * binary format, which for `json` is its UTF-8 text (PostgreSQL checks the encoding and the JSON):
 * node-postgres sends a Buffer that way too. Decoding bodies to strings, and PGlite measuring and
 * encoding them again, was a large share of the webhook intake's CPU (decision 036). PGlite's
 * serializer type says string; it sends any byte view in binary format (`webhooks.int.test.ts`
 * checks the stored body on both engines). Any other value goes through PGlite's own serializer.
 */
const PGLITE_SERIALIZERS = {
  [types.JSON]: (value: unknown) => (value instanceof Uint8Array ? value : types.serializers[types.JSON]!(value)) as string,
};

function pgliteStartParams(memory: PgliteMemory): string[] {
  return [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${memory.sharedBuffersMb}MB`,
    '-c',
    `work_mem=${memory.workMemMb}MB`,
    '-c',
    `maintenance_work_mem=${Math.max(memory.workMemMb * 4, 16)}MB`,
    '-c',
    `temp_buffers=${memory.workMemMb}MB`,
    '-c',
    'wal_buffers=1MB',
  ];
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolMax ?? 10);
  if (options.kind === 'pglite') {
    const unlock = lockDataDir(options.dataDir);
    try {
      const client = await PGlite.create(join(options.dataDir, 'pglite'), {
        startParams: pgliteStartParams(options.memory ?? DEFAULT_PGLITE_MEMORY),
        extensions: PGLITE_EXTENSIONS,
        serializers: PGLITE_SERIALIZERS,
      });
      return await wrapPglite(client, unlock);
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const client = await PGlite.create({
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    serializers: PGLITE_SERIALIZERS,
  });
  return wrapPglite(client, () => {});
}

async function wrapPglite(client: PGlite, unlock: () => void): Promise<DatabaseHandle> {
  await client.exec(`SET TIME ZONE 'UTC'`); // as for PostgreSQL (see openPostgres)
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    // PGlite is a single connection in this process: a lock would only guard against ourselves,
    // and the data-dir lock already keeps other processes out.
    withAdvisoryLock: (_key, fn) => fn(db),
    async close() {
      if (client.closed) return;
      await client.close();
      unlock();
    },
  };
}

function openPostgres(url: string, poolMax: number): DatabaseHandle {
  // Every session in UTC: date arithmetic in SQL (a flow's delay in days, the UTC day of the daily
  // limit) must not shift with the server's time zone or its daylight-saving changes.
  const pool = new pg.Pool({ connectionString: url, max: poolMax, options: '-c TimeZone=UTC' });
  // A client losing its connection must not crash the process. The pool listens on idle clients
  // only; a client checked out (a transaction waiting between statements) emits 'error' with nobody
  // listening, which ends the process. Every client gets a listener when it is made: its pending
  // and next queries fail (the caller's transaction rolls back, the job retries), and the pool
  // discards it on release.
  const lost = (error: Error) => console.warn(`[db] connection lost: ${error.message}`);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzlePg({ client, schema }) as unknown as Database);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      if (pool.ended) return;
      await pool.end();
    },
  };
}
