/**
 * Lists as ONE parameter (a Postgres array literal) instead of one parameter per item: a statement
 * over thousands of rows stays far below PostgreSQL's 65,535-parameter limit and parses fast.
 */
import { sql } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidArray(ids: readonly string[]) {
  for (const id of ids) if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

export function timestamptzArray(dates: readonly Date[]) {
  return sql`${`{${dates.map((d) => d.toISOString()).join(',')}}`}::timestamptz[]`;
}
