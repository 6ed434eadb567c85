/**
 * The reviews list of /app/feedback: newest first, searched by name, e-mail or order number (case-
 * and accent-insensitive), filtered by rating or comment, a page at a time, and exported as CSV.
 *
 * Pages follow a keyset (created_at, id) rather than an offset, so page 500 costs what page 1 does
 * (reviews_shop_created_idx). The search matches the review's `search_text`, kept by the database
 * from the name (accents dropped), the e-mail and the order number, through a trigram index
 * (reviews_search_trgm_idx), so a fragment is found among a million reviews (decision 014).
 */
import { sql, type SQL } from 'drizzle-orm';
import { REVIEWS_PAGE_SIZE, type ReviewFilter, type ReviewItem } from '../../core/api/reviews';
import { queryRows, type Queryable } from '../../db/client';
import { SEARCH_ACCENTED, SEARCH_PLAIN } from '../../db/schema';
import { DomainError } from '../domain-error';

/** The search as search_text holds it: lower-cased, accents dropped, LIKE's wildcards escaped. */
export function searchPattern(q: string): string {
  const lower = q.toLowerCase();
  const plain = [...lower].map((c) => (SEARCH_ACCENTED.includes(c) ? SEARCH_PLAIN[SEARCH_ACCENTED.indexOf(c)] : c)).join('');
  // Other marks (a decomposed accent typed or pasted) are dropped too.
  const bare = plain.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return `%${bare.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Cursor {
  at: string;
  id: string;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

function decodeCursor(value: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(at)) && /^[0-9a-f-]{36}$/i.test(id)) return { at, id };
  } catch {
    // Falls through to the refusal.
  }
  throw new DomainError('invalid_cursor');
}

export interface ReviewQuery {
  q?: string;
  filter: ReviewFilter;
}

/** The WHERE clause of a store's reviews under a search and a filter. */
function matching(storeId: string, options: ReviewQuery): SQL[] {
  const conditions = [sql`v.shop_id = ${storeId}::uuid`];
  if (options.filter === 'comments') conditions.push(sql`btrim(coalesce(v.comment, '')) <> ''`);
  else if (options.filter !== 'all') conditions.push(sql`v.rating = ${Number(options.filter)}`);
  if (options.q) conditions.push(sql`v.search_text LIKE ${searchPattern(options.q)}`);
  return conditions;
}

type Row = Omit<ReviewItem, 'created_at'> & { created_at: string; cursor_at: string };

async function page(db: Queryable, conditions: SQL[], size: number): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`SELECT v.id::text, v.rating, v.customer_name, v.customer_email, v.order_number, v.comment, v.is_published, v.action_taken,
               to_json(v.created_at)#>>'{}' AS created_at, v.created_at::text AS cursor_at
        FROM shopify_reviews v
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY v.created_at DESC, v.id DESC
        LIMIT ${size}`,
  );
}

const after = (cursor: Cursor) => sql`(v.created_at, v.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
const item = ({ cursor_at: _cursor, ...r }: Row): ReviewItem => ({ ...r, created_at: new Date(r.created_at).toISOString() });

export async function listReviews(db: Queryable, storeId: string, options: ReviewQuery & { cursor?: string }) {
  const conditions = matching(storeId, options);
  if (options.cursor) conditions.push(after(decodeCursor(options.cursor)));
  const rows = await page(db, conditions, REVIEWS_PAGE_SIZE + 1);
  const shown = rows.slice(0, REVIEWS_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    items: shown.map(item),
    // The database's own text of the time keeps its microseconds: no review is skipped or repeated.
    next_cursor: rows.length > REVIEWS_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** Every review under a search and a filter, newest first, a batch at a time (an export of a million reviews never holds them all). */
export async function* allReviews(db: Queryable, storeId: string, options: ReviewQuery, batch = 1000): AsyncGenerator<ReviewItem[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await page(db, cursor ? [...matching(storeId, options), after(cursor)] : matching(storeId, options), batch);
    if (rows.length > 0) yield rows.map(item);
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    cursor = { at: last.cursor_at, id: last.id };
  }
}
