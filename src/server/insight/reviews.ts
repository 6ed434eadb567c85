/**
 * The reviews list of /app/feedback: newest first, searched by name, e-mail or order number (case-
 * and accent-insensitive), filtered by rating or comment, a page at a time. Pages follow a keyset
 * (created_at, id) rather than an offset, so page 500 costs what page 1 does (reviews_shop_created_idx).
 */
import { sql } from 'drizzle-orm';
import { REVIEWS_PAGE_SIZE, type ReviewFilter, type ReviewItem } from '../../core/api/reviews';
import { queryRows, type Queryable } from '../../db/client';
import { DomainError } from '../domain-error';

/** Accented letters and their plain forms, for an accent-insensitive match without the unaccent extension. */
const ACCENTED = 'àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿžźż';
const PLAIN = 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz';

/** Lower-cased, accents dropped, LIKE's wildcards escaped: the text a search matches against. */
export function searchPattern(q: string): string {
  const plain = q
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return `%${plain.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

type Row = Omit<ReviewItem, 'created_at'> & { created_at: string };

export async function listReviews(db: Queryable, storeId: string, options: { q?: string; filter: ReviewFilter; cursor?: string }) {
  const conditions = [sql`v.shop_id = ${storeId}::uuid`];
  if (options.filter === 'comments') conditions.push(sql`btrim(coalesce(v.comment, '')) <> ''`);
  else if (options.filter !== 'all') conditions.push(sql`v.rating = ${Number(options.filter)}`);
  if (options.q) {
    const pattern = searchPattern(options.q);
    conditions.push(sql`(translate(lower(coalesce(v.customer_name, '')), ${ACCENTED}, ${PLAIN}) LIKE ${pattern}
      OR lower(coalesce(v.customer_email, '')) LIKE ${pattern}
      OR lower(coalesce(o.order_number, '')) LIKE ${pattern})`);
  }
  if (options.cursor) {
    const after = decodeCursor(options.cursor);
    conditions.push(sql`(v.created_at, v.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await queryRows<Row & { cursor_at: string }>(
    db,
    sql`SELECT v.id::text, v.rating, v.customer_name, v.customer_email, o.order_number, v.comment, v.is_published, v.action_taken,
               to_json(v.created_at)#>>'{}' AS created_at, v.created_at::text AS cursor_at
        FROM shopify_reviews v
        LEFT JOIN shopify_review_requests r ON r.id = v.review_request_id
        LEFT JOIN shopify_orders o ON o.id = r.order_id
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY v.created_at DESC, v.id DESC
        LIMIT ${REVIEWS_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, REVIEWS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(({ cursor_at: _cursor, ...r }) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
    // The database's own text of the time keeps its microseconds: no review is skipped or repeated.
    next_cursor: rows.length > REVIEWS_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}
