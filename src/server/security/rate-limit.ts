/**
 * Fixed-window rate limits kept in the database (`rate_limit`), so they hold across processes.
 * One atomic upsert per hit: concurrent requests can never slip past the limit.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { queryRows, type Queryable } from '#db/client';

export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export async function hitRateLimit(db: Queryable, key: string, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const windowStart = now - limit.windowSeconds * 1000;
  const [row] = await queryRows<{ count: number; started: string }>(
    db,
    sql`INSERT INTO rate_limit (id, key, count, last_request) VALUES (${randomUUID()}, ${key}, 1, ${now})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit.last_request <= ${windowStart} THEN 1 ELSE rate_limit.count + 1 END,
          last_request = CASE WHEN rate_limit.last_request <= ${windowStart} THEN ${now} ELSE rate_limit.last_request END
        RETURNING count::int AS count, last_request::text AS started`,
  );
  const count = row?.count ?? 1;
  const started = Number(row?.started ?? now);
  return {
    allowed: count <= limit.max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((started + limit.windowSeconds * 1000 - now) / 1000)),
  };
}

/**
 * Takes back one hit (never below zero). Used for attempts that turn out legitimate, such as a
 * successful sign-in, so that only failures count towards a lock.
 */
export async function refundRateLimit(db: Queryable, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limit SET count = greatest(count - 1, 0) WHERE key = ${key}`);
}

/** Remembers `key` as seen now (a marker row; its count is unused). */
export async function markSeen(db: Queryable, key: string, now = Date.now()): Promise<void> {
  await db.execute(
    sql`INSERT INTO rate_limit (id, key, count, last_request) VALUES (${randomUUID()}, ${key}, 0, ${now})
        ON CONFLICT (key) DO UPDATE SET last_request = ${now}`,
  );
}

/** True when `key` was marked seen within `withinSeconds`. */
export async function seenRecently(db: Queryable, key: string, withinSeconds: number, now = Date.now()): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`SELECT 1 AS one FROM rate_limit WHERE key = ${key} AND last_request > ${now - withinSeconds * 1000}`);
  return rows.length > 0;
}
