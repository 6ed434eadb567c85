/**
 * A statement planned once per database connection instead of at every call (decision 030).
 *
 * The ledger's hand-over and completion statement runs once for every few e-mails. Sent the usual
 * way (an unnamed statement), the database parses and plans it every time, and on PGlite, whose
 * database runs on the server's own thread, parsing and planning took about 8 of its 11 ms (measured
 * per protocol message during `npm run bench`, decision 030). A prepared statement is parsed once
 * per connection and, after a few runs, keeps a generic plan.
 * - PostgreSQL: node-postgres's named statements (`{ name, text, values }`), prepared by each
 *   connection of the pool the first time it runs them.
 * - PGlite (one session): `PREPARE` once per database, then `EXECUTE` with the values written as
 *   literals, since `EXECUTE` takes no protocol parameters. Only strings are accepted, each quoted
 *   as a standard SQL literal.
 * The name carries a hash of the text, so two texts never share a name.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from '#db/client';
import { pgErrorCode } from '#db/pg-error';
import type { AppContext } from '#server/context';

const dialect = new PgDialect();

/** What drizzle's clients are underneath (`$client`): a pg Pool or Client, or a PGlite database. */
interface RawClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  query(text: string): Promise<{ rows: unknown[] }>;
}

/** Per PGlite database: the names it has prepared (or is preparing). */
const preparedOn = new WeakMap<object, Map<string, Promise<void>>>();

const literal = (value: unknown) => {
  if (typeof value !== 'string' || value.includes('\0')) throw new Error('prepared statement: only string parameters are supported');
  return `'${value.replaceAll("'", "''")}'`;
};

/** Runs `statement` prepared under `prefix` (plus a hash of its text); answers its rows. */
export async function preparedRows<T>(ctx: AppContext, prefix: string, statement: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
  const client = (ctx.db as Queryable & { $client: RawClient }).$client;
  if (ctx.dbHandle.kind === 'postgres') return (await client.query({ name, text, values: params })).rows as T[];

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
