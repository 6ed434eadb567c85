import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { DomainError } from '../domain-error';
import { Browserish, uniqueEmail } from '#tests/support/http';
import { allReviews, listReviews, SEARCH_WINDOW, searchPattern } from './reviews';
import { reviewCsvLine, reviewsCsv } from './reviews-csv';
import { world, type StoreRow } from '#tests/support/world';
import type { ReviewFilter } from '#core/api/reviews';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

let store: StoreRow;
let orderNumber: string;
const base = new Date('2026-11-01T10:00:00Z');

it.beforeAll(async ({ ctx }) => {
  store = (await world(ctx).merchant().store()).store;
  // 45 reviews: ratings cycle 5..1, every third with a comment, two pairs at the very same instant.
  const rows = Array.from({ length: 45 }, (_, i) => ({
    rating: 5 - (i % 5),
    customerName: `Client ${i}`,
    customerEmail: `client${i}@exemple.test`,
    comment: i % 3 === 0 ? `Commentaire ${i}` : i % 3 === 1 ? '   ' : null,
    createdAt: new Date(base.getTime() + (i === 11 ? 10 : i === 31 ? 30 : i) * 60_000),
  }));
  await world(ctx).at(store).reviews(rows);
  // One review reached through its request and order, with an accented name.
  const request = await world(ctx).at(store).request({ status: 'completed' });
  const [order] = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.id, request.orderId!));
  await world(ctx)
    .at(store)
    .review({
      reviewRequestId: request.id,
      // As the review page stores it (public-review.ts).
      orderNumber: order!.orderNumber,
      rating: 4,
      customerName: 'Léa Dubois',
      customerEmail: 'Lea.Dubois@Exemple.test',
      comment: 'Très bien',
      createdAt: new Date(base.getTime() + 100 * 60_000),
    });
  orderNumber = order!.orderNumber!;
  const other = (await world(ctx).merchant().store()).store;
  await world(ctx).at(other).review({ rating: 5, customerName: 'Léa Ailleurs', createdAt: base });
});

const all = async (ctx: TestContext, options: { q?: string; filter?: ReviewFilter }) => {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const result = await listReviews(ctx, ctx.db, store.id, { filter: options.filter ?? 'all', q: options.q, cursor });
    seen.push(...result.items.map((r) => r.customer_name ?? ''));
    if (!result.next_cursor) break;
    cursor = result.next_cursor;
  }
  return seen;
};

describe('the reviews list', () => {
  it('pages newest first, 20 at a time, never skipping nor repeating a review (even at the same instant)', async ({ ctx }) => {
    const first = await listReviews(ctx, ctx.db, store.id, { filter: 'all' });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ customer_name: 'Léa Dubois', order_number: orderNumber, rating: 4 });
    const names = await all(ctx, {});
    expect(names).toHaveLength(46);
    expect(new Set(names).size).toBe(46);
  });

  it('filters by rating and by comment (blank ones are no comment)', async ({ ctx }) => {
    expect(await all(ctx, { filter: '5' })).toHaveLength(9);
    expect(await all(ctx, { filter: '4' })).toHaveLength(10);
    // The low ratings a merchant looks for first (decision 045).
    expect(await all(ctx, { filter: '2' })).toHaveLength(9);
    expect(await all(ctx, { filter: '1' })).toEqual(Array.from({ length: 9 }, (_, k) => `Client ${44 - 5 * k}`));
    expect(await all(ctx, { filter: 'comments' })).toHaveLength(16);
  });

  it('searches name, e-mail and order number, whatever the case and the accents', async ({ ctx }) => {
    for (const q of ['lea', 'LÉA', 'LEA DUB', 'dubois', 'lea.dubois@exemple', orderNumber, orderNumber.replace('#', '')]) {
      expect(await all(ctx, { q }), q).toEqual(['Léa Dubois']);
    }
    expect(await all(ctx, { q: 'client1@' })).toEqual(['Client 1']);
    // LIKE's wildcards are text, not patterns.
    expect(await all(ctx, { q: '%' })).toEqual([]);
    expect(searchPattern('50%_x')).toBe('%50\\%\\_x%');
  });

  it('finds names written in capitals with accents, whatever the database’s locale', async ({ ctx, world }) => {
    await world.at(store).review({ rating: 5, customerName: 'ÉLODIE ÇÀVÉ', createdAt: base });
    expect(await all(ctx, { q: 'elodie cave' })).toEqual(['ÉLODIE ÇÀVÉ']);
    expect(await all(ctx, { q: 'Élodie' })).toEqual(['ÉLODIE ÇÀVÉ']);
    await ctx.db.delete(s.shopifyReviews).where(eq(s.shopifyReviews.customerName, 'ÉLODIE ÇÀVÉ'));
  });

  it('finds a search’s matches beyond the newest reviews it reads first, in order, page after page', async ({ ctx, world }) => {
    // Two matches among the newest reviews, fifty older than the window the search reads before the trigram index.
    const big = (await world.merchant().store()).store;
    const total = SEARCH_WINDOW + 100;
    await ctx.db.execute(sql`
      INSERT INTO shopify_reviews (user_id, shop_id, rating, origin, is_published, customer_name, created_at)
      SELECT ${big.userId}, ${big.id}::uuid, 5, 'order', true, CASE WHEN g IN (3, 10) OR g > ${SEARCH_WINDOW + 50} THEN 'Rare ' ELSE 'Client ' END || g,
             ${base}::timestamptz - make_interval(mins => g)
      FROM generate_series(1, ${total}) AS g`);
    const pages = async (q: string, limit: number) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const result = await listReviews(ctx, ctx.db, big.id, { filter: 'all', q, cursor });
        seen.push(...result.items.map((r) => r.customer_name ?? ''));
        cursor = result.next_cursor ?? undefined;
      } while (cursor && seen.length < limit);
      return seen;
    };
    const rare = ['Rare 3', 'Rare 10', ...Array.from({ length: 50 }, (_, i) => `Rare ${SEARCH_WINDOW + 51 + i}`)];
    expect(await pages('rare', Infinity)).toEqual(rare);
    expect(await pages('client', 60)).toEqual(
      Array.from({ length: 62 }, (_, i) => i + 1)
        .filter((g) => g !== 3 && g !== 10)
        .map((g) => `Client ${g}`),
    );
  });

  it('refuses a cursor it did not make', async ({ ctx }) => {
    await expect(listReviews(ctx, ctx.db, store.id, { filter: 'all', cursor: 'pas-un-curseur' })).rejects.toBeInstanceOf(DomainError);
  });
});

describe('the CSV export', () => {
  // Keeps the byte-order mark (Response.text() drops it).
  const read = async (stream: ReadableStream<Uint8Array>) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

  it('holds every review the list selects (past any page or batch size), newest first, for a French spreadsheet', async ({ ctx }) => {
    const csv = await read(reviewsCsv(ctx, ctx.db, store.id, { filter: 'all' }));
    expect(csv.startsWith('\uFEFFDate (UTC);Note;Nom;E-mail;Commande;Commentaire;Publié;Lien public;Formulaire privé;Raison de non-publication;Origine;Photos\r\n')).toBe(true);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 46);
    expect(lines[1]).toBe(`2026-11-01 11:40;4;Léa Dubois;Lea.Dubois@Exemple.test;${orderNumber};Très bien;Oui;Non proposé;Non;;Achat vérifié (commande);`);
    // Batches smaller than the list: nothing lost or repeated at their seams.
    const names: string[] = [];
    for await (const batch of allReviews(ctx, ctx.db, store.id, { filter: 'all' }, 7)) names.push(...batch.map((r) => r.customer_name ?? ''));
    expect(names).toEqual(await all(ctx, {}));
    const fives = await read(reviewsCsv(ctx, ctx.db, store.id, { filter: '5' }));
    expect(fives.trimEnd().split('\r\n')).toHaveLength(1 + 9);
    expect(await read(reviewsCsv(ctx, ctx.db, store.id, { filter: 'all', q: 'dubois' }))).toContain('Léa Dubois');
  });

  it('writes a review as one line, its cells guarded (src/core/csv.ts)', () => {
    expect(
      reviewCsvLine({
        id: 'x',
        rating: 5,
        customer_name: 'Léa',
        customer_email: null,
        order_number: '#1001',
        comment: null,
        is_published: true,
        hidden_reason: null,
        origin: 'order',
        action_taken: 'redirect',
        outcome: { public_link: 'offered', private_feedback: false },
        created_at: '2026-11-24T09:05:00.000Z',
        photos: [],
      }),
    ).toBe('2026-11-24 09:05;5;Léa;;#1001;;Oui;Proposé, non suivi;Non;;Achat vérifié (commande);\r\n');
  });

  it('says what happened, not what the action intended: a link offered and never followed is not a redirection', async ({ ctx, world }) => {
    // A disconnected store of the same account (no plan of its own).
    const { store: own } = await world.account(store.userId).store({ subscriptionStatus: 'inactive', plan: null, row: { isActive: false } });
    const base = { rating: 5, actionTaken: 'redirect', publicReviewUrl: 'https://g.page/r/avis' };
    const shown = { same_path_for_all_ratings: false, action_type: 'redirect' as const, public_link_offered: true, redirected: false, feedback_form: false };
    await world.at(own).reviews([
      { ...base, customerName: 'Jamais cliqué', shown, createdAt: new Date('2026-10-01T10:00:00Z') },
      { ...base, customerName: 'A suivi', shown, publicLinkFollowedAt: new Date('2026-10-02T10:05:00Z'), createdAt: new Date('2026-10-02T10:00:00Z') },
      {
        ...base,
        rating: 2,
        actionTaken: 'collect_feedback',
        publicReviewUrl: null,
        customerName: 'Formulaire',
        shown: { ...shown, action_type: 'collect_feedback' as const, public_link_offered: false, feedback_form: true },
        createdAt: new Date('2026-10-03T10:00:00Z'),
      },
    ]);
    const { items } = await listReviews(ctx, ctx.db, own.id, { filter: 'all' });
    expect(Object.fromEntries(items.map((r) => [r.customer_name, r.outcome]))).toEqual({
      'Jamais cliqué': { public_link: 'offered', private_feedback: false },
      'A suivi': { public_link: 'followed', private_feedback: false },
      Formulaire: { public_link: 'none', private_feedback: true },
    });
    const csv = await read(reviewsCsv(ctx, ctx.db, own.id, { filter: 'all' }));
    expect(csv).toContain('Jamais cliqué;;;;Oui;Proposé, non suivi;Non');
    expect(csv).not.toContain('Redirigé');
  });

  it('answers GET /api/reviews/export as a CSV attachment for the session’s store only', async ({ app, world }) => {
    const browser = new Browserish(app);
    const signUp = await browser.json<{ user: { id: string } }>('/api/auth/sign-up/email', { json: { name: 'Camille', email: uniqueEmail(), password: 'Lumiere-des-Avis-2025' } });
    const { store: own } = await world.account(signUp.body.user.id).store({ plan: null });
    await world.at(own).review({ rating: 4, customerName: 'Mon client', comment: '=1+1' });
    const res = await browser.request('/api/reviews/export?filter=4');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="avis-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await res.text();
    expect(csv).toContain(";Mon client;;;'=1+1;");
    // Another store's reviews (the 45 above) never show.
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
    const bad = await browser.json<{ error: string }>('/api/reviews/export?filter=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Filtre inconnu');
  });
});
