/**
 * The ledger's hand-over and completion statement, run once for every few e-mails: prepared once on
 * PGlite, planned at every call on PostgreSQL (decisions 030 and 047; the figures:
 * bench/results/decision-030-sending-speed.md).
 *
 * - PGlite (one session, on the server's own thread): parsing and planning cost most of the
 *   statement's time, and planning at every call still costs more than the generic plan's scans
 *   (planning runs in WebAssembly on the sender's thread). So: `PREPARE` once per database, then
 *   `EXECUTE` with the values written as literals, since `EXECUTE` takes no protocol parameters. Only
 *   strings are accepted, each quoted as a standard SQL literal. The name carries a hash of the
 *   text, so two texts never share a name.
 * - PostgreSQL: an ordinary (unnamed) statement, planned with its values at every call. A prepared
 *   statement keeps the generic plan made within its first executions; in a sending burst from a
 *   small ledger that plan is a sequential scan, kept for the connection's life while the ledger
 *   grows by thousands of rows a minute, faster than autovacuum analyses it. Planning at every call
 *   follows the table and costs far less.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rawClient } from '#db/client';
import { pgErrorCode } from '#db/pg-error';
import type { AppContext } from '#server/context';

const dialect = new PgDialect();

/** Per PGlite database: the names it has prepared (or is preparing). */
const preparedOn = new WeakMap<object, Map<string, Promise<void>>>();

const literal = (value: unknown) => {
  if (typeof value !== 'string' || value.includes('\0')) throw new Error('prepared statement: only string parameters are supported');
  return `'${value.replaceAll("'", "''")}'`;
};

/** Runs `statement`, on PGlite prepared under `prefix` (plus a hash of its text); answers its rows. */
export async function rowsPreparedOnPglite<T>(ctx: AppContext, prefix: string, statement: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const client = rawClient(ctx.db);
  if (ctx.dbHandle.kind === 'postgres') return (await client.query(text, params)).rows as T[];

  const name = `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;

  let names = preparedOn.get(client);
  if (!names) preparedOn.set(client, (names = new Map()));
  let ready = names.get(name);
  if (!ready) {
    ready = client.query(`PREPARE ${name} AS ${text}`).then(
      () => undefined,
      (error: unknown) => {
        // Prepared already (by another copy of this module on the same database): same text, same name.
        if (pgErrorCode(error) === '42P05') return;
        names.delete(name);
        throw error;
      },
    );
    names.set(name, ready);
  }
  await ready;
  return (await client.query(`EXECUTE ${name}(${params.map(literal).join(', ')})`)).rows as T[];
}
