/**
 * The reviews list of /app/feedback: newest first, searched by name, e-mail or order number (case-
 * and accent-insensitive), filtered by rating or comment, a page at a time, and exported as CSV.
 *
 * Pages follow a keyset (created_at, id) rather than an offset, so page 500 costs what page 1 does
 * (reviews_shop_created_idx). The search matches the review's `search_text`, kept by the database
 * from the name (accents dropped), the e-mail and the order number, through a trigram index
 * (reviews_search_trgm_idx), so a fragment is found among a million reviews (decision 014).
 *
 * Each review comes with its photos (decision 058), read in one query for the page or the batch.
 */
import { sql, type SQL } from 'drizzle-orm';
import { REVIEWS_PAGE_SIZE, type ReviewFilter, type ReviewItem, type ReviewOutcome } from '#core/api/reviews';
import { queryRows, type Queryable } from '#db/client';
import { SEARCH_ACCENTED, SEARCH_PLAIN } from '#db/schema';
import { DomainError } from '../domain-error';
import { merchantPhotosOf, type PhotoUrls } from '../reviews/photos';

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

/** Exported for the bench, which opens pages deep in a large store's list. */
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

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

/** The WHERE clause of a store's reviews under a filter. */
function filtered(storeId: string, filter: ReviewFilter): SQL[] {
  const conditions = [sql`v.shop_id = ${storeId}::uuid`];
  if (filter === 'comments') conditions.push(sql`btrim(coalesce(v.comment, '')) <> ''`);
  else if (filter !== 'all') conditions.push(sql`v.rating = ${Number(filter)}`);
  return conditions;
}

const searched = (q: string) => sql`v.search_text LIKE ${searchPattern(q)}`;

/** The WHERE clause of a store's reviews under a search and a filter. */
function matching(storeId: string, options: ReviewQuery): SQL[] {
  const conditions = filtered(storeId, options.filter);
  if (options.q) conditions.push(searched(options.q));
  return conditions;
}

type Row = Omit<ReviewItem, 'created_at' | 'outcome' | 'photos'> & { created_at: string; cursor_at: string; public_link: ReviewOutcome['public_link']; private_feedback: boolean };

/**
 * What happened after the rating, from what was recorded: the reviewer's `shown` (what the page
 * offered, recorded when it happened) and the tracked link's follow. A review older than `shown`
 * falls back on the link it was offered and on its action.
 */
const OUTCOME = sql`CASE WHEN v.public_link_followed_at IS NOT NULL THEN 'followed'
                         WHEN coalesce((v.shown->>'public_link_offered')::boolean, v.public_review_url IS NOT NULL) THEN 'offered'
                         ELSE 'none' END AS public_link,
                    coalesce((v.shown->>'feedback_form')::boolean, v.action_taken = 'collect_feedback', false) AS private_feedback`;

const COLUMNS = sql`v.id::text, v.rating, v.customer_name, v.customer_email, v.order_number, v.comment, v.is_published, v.hidden_reason, v.origin, v.action_taken, ${OUTCOME},
                    to_json(v.created_at)#>>'{}' AS created_at, v.created_at::text AS cursor_at`;
const where = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

async function page(db: Queryable, conditions: SQL[], size: number): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS}
        FROM shopify_reviews v
        WHERE ${where(conditions)}
        ORDER BY v.created_at DESC, v.id DESC
        LIMIT ${size}`,
  );
}

/**
 * How many of the newest reviews (under the filter, after the cursor) a search reads before asking
 * the trigram index: enough for a fragment found in one review in 240 to fill a page.
 */
export const SEARCH_WINDOW = 5000;

/**
 * A page of a search, in two steps, because the fast plan depends on how common the fragment is and
 * the planner cannot tell: it guesses the same few hundred rows for LIKE '%dubo%' whether thousands
 * of reviews match or ten. Walking the keyset index costs the reviews read until the page is full (a
 * rare fragment reads the whole store); the trigram index costs every match fetched and sorted (a
 * common fragment's thousands). Decision 014; figures in bench/results/decision-014-insight.md.
 * So the newest SEARCH_WINDOW reviews are read first on the keyset index: a common fragment fills the
 * page there. Otherwise fewer than one in 240 of the newest match, and the trigram index finds every
 * match: the CTE is materialized so that the planner cannot turn it back into a walk of the store.
 */
async function searchPage(db: Queryable, conditions: SQL[], q: string, size: number): Promise<Row[]> {
  const near = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS}
        FROM (SELECT * FROM shopify_reviews v WHERE ${where(conditions)} ORDER BY v.created_at DESC, v.id DESC LIMIT ${SEARCH_WINDOW}) v
        WHERE ${searched(q)}
        ORDER BY v.created_at DESC, v.id DESC
        LIMIT ${size}`,
  );
  if (near.length === size) return near;
  return queryRows<Row>(
    db,
    sql`WITH hits AS MATERIALIZED (SELECT v.id, v.created_at FROM shopify_reviews v WHERE ${where([...conditions, searched(q)])}),
             shown AS (SELECT id FROM hits ORDER BY created_at DESC, id DESC LIMIT ${size})
        SELECT ${COLUMNS}
        FROM shown JOIN shopify_reviews v ON v.id = shown.id
        ORDER BY v.created_at DESC, v.id DESC`,
  );
}

const after = (cursor: Cursor) => sql`(v.created_at, v.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
const item = ({ cursor_at: _cursor, public_link, private_feedback, ...r }: Row, photos: Map<string, ReviewItem['photos']>): ReviewItem => ({
  ...r,
  outcome: { public_link, private_feedback },
  created_at: new Date(r.created_at).toISOString(),
  photos: photos.get(r.id) ?? [],
});

/** The rows as items, with their photos read in one query. */
async function items(urls: PhotoUrls, db: Queryable, rows: Row[]): Promise<ReviewItem[]> {
  const photos = await merchantPhotosOf(
    urls,
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => item(r, photos));
}

export async function listReviews(urls: PhotoUrls, db: Queryable, storeId: string, options: ReviewQuery & { cursor?: string }) {
  const conditions = filtered(storeId, options.filter);
  if (options.cursor) conditions.push(after(decodeCursor(options.cursor)));
  const rows = options.q ? await searchPage(db, conditions, options.q, REVIEWS_PAGE_SIZE + 1) : await page(db, conditions, REVIEWS_PAGE_SIZE + 1);
  const shown = rows.slice(0, REVIEWS_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    items: await items(urls, db, shown),
    // The database's own text of the time keeps its microseconds: no review is skipped or repeated.
    next_cursor: rows.length > REVIEWS_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** Every review under a search and a filter, newest first, a batch at a time (an export of a million reviews never holds them all). */
export async function* allReviews(urls: PhotoUrls, db: Queryable, storeId: string, options: ReviewQuery, batch = 1000): AsyncGenerator<ReviewItem[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await page(db, cursor ? [...matching(storeId, options), after(cursor)] : matching(storeId, options), batch);
    if (rows.length > 0) yield await items(urls, db, rows);
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    cursor = { at: last.cursor_at, id: last.id };
  }
}
