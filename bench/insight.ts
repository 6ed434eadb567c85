/**
 * Insight case: the merchant's read paths on a large store (issue 14: "a store with 1,000,000
 * reviews and 3,000,000 requests among 100 stores"). The data is generated in SQL through the real
 * tables, so the triggers of migration 0010 keep the day-by-day figures as the product does; then
 * the dashboard for each period, the reviews search and pages deep in the list are timed by calling
 * the services the routes call. Figures and ratios to the aims, never pass/fail.
 *
 * INSIGHT_BENCH_REVIEWS (default 1,000,000) sets the measured store's reviews, with three requests
 * per review; the 99 other stores get a hundredth of that each (at most 1,000 reviews).
 * INSIGHT_BENCH_RUNS (default 30) sets the timed runs per query; INSIGHT_BENCH_EXPLAIN=<file>
 * appends EXPLAIN (ANALYZE, BUFFERS) of every measured statement to that file, or prints them with
 * the figures when it is `-` (the recorded plans of decision 014: bench/results/insight-plans.md).
 */
import { appendFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import type { ReviewFilter } from '#core/api/reviews';
import type { DashboardPeriod } from '#core/api/dashboard';
import { queryRows, type Database, type DatabaseHandle, type Queryable } from '#db/client';
import { migrateDatabase } from '#db/migrate';
import { SEARCH_ACCENTED, SEARCH_PLAIN } from '#db/schema';
import { dashboardSummary } from '#server/insight/dashboard';
import { encodeCursor, listReviews } from '#server/insight/reviews';
import type { PhotoUrls } from '#server/reviews/photos';
import { sqlPublicToken } from '#server/requests/generate';
import { world } from '#tests/support/world';

const STORES = 100;
/** Requests per statement: one statement's transition tables and trigger work stay within PGlite's WebAssembly memory. */
const CHUNK = 100_000;
const DAY_MS = 86_400_000;
/** Two years of history, ending yesterday (a review comes at most a day after its e-mail: none lies in the future). */
const HISTORY_DAYS = 730;

// Customers as a French shop meets them: accented names, a few common surnames sharing a prefix
// ('dubo' finds Dubois and Dubosc: about 1.3% of the store), and one rare surname (ten reviews in a million).
const FIRST_NAMES = [
  'Léa', 'Émilie', 'Chloé', 'Zoé', 'Inès', 'Hélène', 'Anaïs', 'Gaëlle', 'Cécile', 'Clémence', 'Océane', 'Thaïs', 'Maëlys', 'Noémie', 'Agnès',
  'Camille', 'Manon', 'Sarah', 'Julie', 'Claire', 'Louise', 'Alice', 'Juliette', 'Margaux', 'Élise', 'Mathéo', 'Raphaël', 'Noé', 'Jérôme', 'Benoît',
  'François', 'Loïc', 'Maël', 'Théo', 'Lucas', 'Hugo', 'Louis', 'Jules', 'Arthur', 'Gabriel', 'Adrien', 'Étienne', 'Joël', 'Rémi', 'Aurélien',
  'Jean-Marc', 'Marie-Hélène', 'Anne-Sophie', 'Grégoire', 'Cédric',
]; // prettier-ignore
const SURNAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèbvre', 'Michel',
  'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'André', 'Lefèvre', 'Mercier', 'Dupont', 'Lambert', 'Bonnet',
  'François', 'Martinez', 'Legrand', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Muller', 'Henry', 'Roussel', 'Nicolas', 'Perrin',
  'Morin', 'Mathieu', 'Clément', 'Gauthier', 'Dumont', 'Lopez', 'Fontaine', 'Chevalier', 'Robin', 'Masson', 'Sanchez', 'Gérard', 'Nguyen',
  'Boyer', 'Denis', 'Lemaire', 'Duval', 'Joly', 'Gautier', 'Roger', 'Roche', 'Roy', 'Noël', 'Meyer', 'Lucas', 'Meunier', 'Jean', 'Perez',
  'Marchand', 'Dufour', 'Blanchard', 'Marie', 'Barbier', 'Brun', 'Dumas', 'Brunet', 'Schmitt', 'Leroux', 'Colin', 'Fernandez', 'Pierre',
  'Renard', 'Arnaud', 'Rolland', 'Caron', 'Aubert', 'Giraud', 'Leclerc', 'Vidal', 'Bourgeois', 'Renaud', 'Lemoine', 'Picard', 'Gaillard',
  'Philippe', 'Leclercq', 'Lacroix', 'Fabre', 'Dupuis', 'Olivier', 'Rodriguez', 'Da Silva', 'Hubert', 'Louis', 'Charles', 'Guillot', 'Rivière',
  'Le Gall', 'Guillaume', 'Adam', 'Rey', 'Moulin', 'Gonzalez', 'Berger', 'Lecomte', 'Ménard', 'Fleury', 'Deschamps', 'Carpentier', 'Julien',
  'Benoît', 'Paris', 'Maillard', 'Marchal', 'Aubry', 'Vasseur', 'Le Roux', 'Renault', 'Jacquet', 'Collet', 'Prévost', 'Poirier', 'Charpentier',
  'Royer', 'Huet', 'Baron', 'Dupuy', 'Pons', 'Paul', 'Laine', 'Carré', 'Breton', 'Rémy', 'Schneider', 'Perrot', 'Guyot', 'Barre', 'Marty',
  'Cousin', 'Dubosc', 'Héraud',
]; // prettier-ignore
const RARE_SURNAME = 'Quéméner';
const DOMAINS = ['gmail.com', 'orange.fr', 'free.fr', 'laposte.net', 'hotmail.fr', 'sfr.fr', 'yahoo.fr', 'wanadoo.fr', 'outlook.fr', 'icloud.com'];
const COMMENTS = [
  'Très satisfaite, livraison rapide.',
  'Produit conforme à la description, je recommande.',
  'Emballage soigné, merci !',
  'Qualité au rendez-vous, un peu cher tout de même.',
  'Taille un peu petite, mais très beau.',
  'Deuxième commande, toujours aussi contente.',
  'Livraison en retard de trois jours.',
  'Le service client a été réactif et aimable.',
  'Couleur différente de la photo.',
  'Parfait pour un cadeau, joliment présenté.',
  'Déçu : l’article est arrivé abîmé.',
  'Rien à redire, c’est exactement ce que j’attendais.',
];

/** The list's photo URLs need the storage's naming only: the measured store has no photos (decision 058). */
const BENCH_URLS: PhotoUrls = { storage: { publicUrl: (key: string) => `/media/${key}` } };
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map(literal).join(', ')}]::text[]`);
/** A deterministic pseudo-random integer in [0, n) for row g and a salt: hashint4 is in PostgreSQL 15 and 18 alike. */
const pick = (salt: number, n: number) => sql.raw(`((hashint4(g # ${salt}) & 2147483647) % ${n})`);
const unaccented = (expr: SQL) => sql`lower(translate(${expr}, ${sql.raw(literal(SEARCH_ACCENTED))}, ${sql.raw(literal(SEARCH_PLAIN))}))`;

interface StoreSlice {
  userId: string;
  storeId: string;
  /** Requests of this store, numbered 1..total; the slice inserts [from, to]. */
  total: number;
  from: number;
  to: number;
  start: Date;
  spanMs: number;
}

/**
 * One statement: requests g in [from, to] of a store, sent over its history in order, and, for every
 * third one (completed), its review. Of the others, two in five were opened and a third of those
 * visited. Reviews: 55% five stars, 25% four, 10% three, 5% two, 5% one; 30% with a comment; the
 * public site offered to most 4 and 5 stars, and followed by some.
 */
function sliceStatement(s: StoreSlice): SQL {
  const first = sql`(${textArray(FIRST_NAMES)})[1 + ${pick(0x5bd1e995, FIRST_NAMES.length)}]`;
  const surname = sql`CASE WHEN g % 300000 = 78 THEN ${RARE_SURNAME} ELSE (${textArray(SURNAMES)})[1 + ${pick(0x27d4eb2f, SURNAMES.length)}] END`;
  const domain = sql`(${textArray(DOMAINS)})[1 + ${pick(0x165667b1, DOMAINS.length)}]`;
  const stepMs = s.spanMs / s.total;
  return sql`
    WITH p AS (
      SELECT g, n.first, n.surname,
             CASE WHEN g % 3 = 0 THEN 'completed' WHEN ${pick(0x3c6ef372, 5)} < 2 THEN 'opened' ELSE 'sent' END AS status,
             ${s.start}::timestamptz + make_interval(secs => (g - 1) * ${stepMs / 1000}::float8 + ${pick(0x2545f491, 600)}) AS sent_at
      FROM generate_series(${s.from}::int, ${s.to}::int) AS g,
           LATERAL (SELECT ${first} AS first, ${surname} AS surname) n
    ), r AS (
      SELECT p.*, p.sent_at + make_interval(mins => 20 + ${pick(0x68e31da4, 600)}) AS opened_at,
             CASE WHEN p.status = 'completed' OR (p.status = 'opened' AND g % 3 = 1) THEN p.sent_at + make_interval(mins => 25 + ${pick(0x68e31da4, 600)}) END AS visited_at,
             ${unaccented(sql`p.first`)} || '.' || replace(${unaccented(sql`p.surname`)}, ' ', '') || ${pick(0x1b873593, 100)}::text || '@' || ${domain} AS email
      FROM p
    ), made AS (
      INSERT INTO shopify_review_requests (user_id, shop_id, shopify_order_id, customer_email, customer_name, status, scheduled_at, token, channel, source,
                                           attempts, unconfirmed, sent_at, opened_at, visited_at, created_at, updated_at)
      SELECT ${s.userId}, ${s.storeId}::uuid, (5000000 + g)::text, r.email, r.first || ' ' || r.surname, r.status, r.sent_at, ${sqlPublicToken}, 'email', 'flow',
             1, r.status = 'sent' AND g % 400000 = 4001, r.sent_at,
             CASE WHEN r.status <> 'sent' THEN r.opened_at END, r.visited_at, r.sent_at - interval '3 days', coalesce(r.visited_at, r.sent_at)
      FROM r
      RETURNING id, shopify_order_id, customer_email, customer_name, status, visited_at
    ), v AS (
      SELECT made.*, g, ${pick(0x4cf5ad43, 100)} AS stars, ${pick(0x2f2a7e1d, 100)} AS chance
      FROM made, LATERAL (SELECT shopify_order_id::int - 5000000 AS g) k
      WHERE status = 'completed'
    ), rated AS (
      SELECT v.*, CASE WHEN stars < 55 THEN 5 WHEN stars < 80 THEN 4 WHEN stars < 90 THEN 3 WHEN stars < 95 THEN 2 ELSE 1 END AS rating,
             visited_at + make_interval(mins => 2 + chance) AS created_at
      FROM v
    )
    INSERT INTO shopify_reviews (user_id, shop_id, review_request_id, shopify_order_id, customer_email, customer_name, rating, comment, is_published, origin,
                                 action_taken, order_number, public_review_url, public_link_followed_at, created_at)
    SELECT ${s.userId}, ${s.storeId}::uuid, id, shopify_order_id, customer_email, customer_name, rating,
           CASE WHEN chance < 30 THEN (${textArray(COMMENTS)})[1 + ${pick(0x7feb352d, COMMENTS.length)}] END,
           true, 'order',
           CASE WHEN rating >= 4 THEN 'redirect' WHEN rating = 1 THEN 'notify_email' ELSE 'collect_feedback' END,
           '#' || (1000 + g)::text,
           CASE WHEN rating >= 4 AND chance < 70 OR chance < 10 THEN 'https://g.page/r/boutique-avis' END,
           CASE WHEN (rating >= 4 AND chance < 70 OR chance < 10) AND chance % 5 < 2 THEN created_at + interval '1 minute' END,
           created_at
    FROM rated`;
}

/** A store of its own account, with no plan row: the figures read reviews and requests only. */
async function makeStore(db: Database, i: number) {
  const made = await world(db)
    .merchant({ name: `Marchand ${i}` })
    .store({ plan: null, shopName: `Boutique ${i}` });
  return { userId: made.userId, storeId: made.store.id };
}

/** 100 stores; the first holds `reviews` reviews and three times as many requests. Returns the measured store's id. */
export async function generateInsightData(db: Database, reviews: number, now: Date, progress: (line: string) => void): Promise<string> {
  const start = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
  const spanMs = (HISTORY_DAYS - 1) * DAY_MS;
  const otherRequests = 3 * Math.max(10, Math.min(1000, Math.ceil(reviews / 100)));
  const measured = await makeStore(db, 0);
  const total = 3 * reviews;
  const began = performance.now();
  for (let from = 1; from <= total; from += CHUNK) {
    await db.execute(sliceStatement({ ...measured, total, from, to: Math.min(total, from + CHUNK - 1), start, spanMs }));
    const done = Math.min(total, from + CHUNK - 1);
    if (done === total || (done / CHUNK) % 5 === 0)
      progress(`${done.toLocaleString('en')} of ${total.toLocaleString('en')} requests (${((performance.now() - began) / 1000).toFixed(0)} s)`);
  }
  for (let i = 1; i < STORES; i++) {
    const other = await makeStore(db, i);
    await db.execute(sliceStatement({ ...other, total: otherRequests, from: 1, to: otherRequests, start, spanMs }));
  }
  return measured.storeId;
}

interface Measure {
  name: string;
  aimMs: number;
  run: (db: Queryable) => Promise<unknown>;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A keyset cursor at `share` of the store's reviews, newest first (the cursor the list hands out there). */
async function cursorAt(db: Database, storeId: string, count: number, share: number): Promise<string> {
  const [row] = await queryRows<{ at: string; id: string }>(
    db,
    sql`SELECT created_at::text AS at, id::text FROM shopify_reviews WHERE shop_id = ${storeId}::uuid
        ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(count * share)} LIMIT 1`,
  );
  return encodeCursor(row!);
}

/** The statements one call sends, each run again under EXPLAIN (ANALYZE, BUFFERS). */
async function explain(db: Database, measure: Measure): Promise<string> {
  const sent: SQL[] = [];
  const recorder = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute')
        return (query: SQL) => {
          sent.push(query);
          return target.execute(query);
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  await measure.run(recorder);
  const plans: string[] = [];
  for (const query of sent) {
    const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
    plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  return plans.join('\n\n');
}

/** Times every measure `runs` times (after two untimed warm-up calls) on the measured store. */
export async function measureInsight(label: string, db: Database, storeId: string, runs: number, explainTo?: string) {
  const [counts] = await queryRows<{ reviews: number; requests: number; email: string; order_number: string }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM shopify_reviews WHERE shop_id = ${storeId}::uuid) AS reviews,
               (SELECT count(*)::int FROM shopify_review_requests WHERE shop_id = ${storeId}::uuid) AS requests,
               v.customer_email AS email, v.order_number
        FROM shopify_reviews v WHERE v.shop_id = ${storeId}::uuid ORDER BY v.created_at DESC, v.id DESC
        OFFSET (SELECT count(*) / 2 FROM shopify_reviews WHERE shop_id = ${storeId}::uuid) LIMIT 1`,
  );
  const { reviews, email, order_number: orderNumber } = counts!;
  const deep = { '50%': await cursorAt(db, storeId, reviews, 0.5), '99%': await cursorAt(db, storeId, reviews, 0.99) };

  const measures: Measure[] = [
    ...(['7days', '30days', '90days', 'all'] as DashboardPeriod[]).map((period) => ({
      name: `dashboard ${period}`,
      aimMs: 100,
      run: (q: Queryable) => dashboardSummary(q, storeId, period),
    })),
    ...[
      ['name, common', 'dubo'],
      ['name, rare', 'quemener'],
      ['e-mail', email],
      ['order number', orderNumber],
    ].map(([what, q]) => ({ name: `search ${what} '${q}'`, aimMs: 100, run: (d: Queryable) => listReviews(BENCH_URLS, d, storeId, { q, filter: 'all' }) })),
    ...(['all', '3', 'comments'] as ReviewFilter[]).flatMap((filter) =>
      (['first', '50%', '99%'] as const).map((at) => ({
        name: `page ${at === 'first' ? 'first' : `at ${at}`}, filter ${filter}`,
        aimMs: 50,
        run: (d: Queryable) => listReviews(BENCH_URLS, d, storeId, { filter, cursor: at === 'first' ? undefined : deep[at] }),
      })),
    ),
  ];

  console.log(`[${label}] insight measured store: ${reviews.toLocaleString('en')} reviews, ${counts!.requests.toLocaleString('en')} requests; ${runs} runs per query`);
  console.log(`[${label}] insight ${'query'.padEnd(52)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'aim p95'.padStart(8)}  p95/aim`);
  for (const measure of measures) {
    for (let i = 0; i < 2; i++) await measure.run(db);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await measure.run(db);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(
      `[${label}] insight ${measure.name.padEnd(52)} ${`${p50.toFixed(1)} ms`.padStart(9)} ${`${p95.toFixed(1)} ms`.padStart(9)} ${`< ${measure.aimMs} ms`.padStart(8)}  ${(p95 / measure.aimMs).toFixed(2)}`,
    );
    if (!explainTo) continue;
    const plans = `### [${label}] ${measure.name}\n\n\`\`\`\n${await explain(db, measure)}\n\`\`\`\n\n`;
    if (explainTo === '-') console.log(plans);
    else appendFileSync(explainTo, plans);
  }
}

/**
 * Generates the data on a database opened by `open('generate')`, then reopens it with `open('measure')`
 * (PGlite: generation may use more memory than the product's settings, measures use the product's).
 */
export async function benchInsight(label: string, open: (phase: 'generate' | 'measure') => Promise<DatabaseHandle>) {
  const reviews = Number(process.env.INSIGHT_BENCH_REVIEWS ?? 1_000_000);
  const runs = Number(process.env.INSIGHT_BENCH_RUNS ?? 30);
  const generating = await open('generate');
  let storeId: string;
  try {
    await migrateDatabase(generating);
    const began = performance.now();
    storeId = await generateInsightData(generating.db, reviews, new Date(), (line) => console.log(`[${label}] insight generating: ${line}`));
    const generated = (performance.now() - began) / 1000;
    // What the daily maintenance leaves (VACUUM (ANALYZE) on PGlite, autovacuum on PostgreSQL): planner
    // statistics and a visibility map, without which no plan is the product's.
    const t = performance.now();
    await generating.db.execute(sql`VACUUM (ANALYZE)`);
    console.log(
      `[${label}] insight generated ${STORES} stores, ${(3 * reviews).toLocaleString('en')} requests and ${reviews.toLocaleString('en')} reviews in the measured store ` +
        `in ${generated.toFixed(0)} s, VACUUM (ANALYZE) ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
  } finally {
    await generating.close();
  }
  const measuring = await open('measure');
  try {
    await measureInsight(label, measuring.db, storeId, runs, process.env.INSIGHT_BENCH_EXPLAIN);
  } finally {
    await measuring.close();
  }
}
