import { describe, expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import * as s from '#db/schema';
import { uuidArray } from '#db/sql-arrays';
import { Browserish, uniqueEmail } from '#tests/support/http';
import type { TestContext } from '#tests/support/test-context';
import { recordOpen, recordVisit } from '../reviews/engagement';
import { submitReview } from '../reviews/public-review';
import { dashboardSummary } from './dashboard';
import { world, type StoreRow } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

let store: StoreRow;
const now = new Date('2026-11-24T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

async function review(ctx: TestContext, rating: number, at: Date, extra: Partial<typeof s.shopifyReviews.$inferInsert> = {}) {
  await world(ctx)
    .at(store)
    .review({ rating, createdAt: at, customerName: `Client ${rating}`, ...extra });
}

it.beforeAll(async ({ ctx }) => {
  store = (await world(ctx).merchant().store()).store;
  // Sent: 2 in the last week, 1 forty days ago, 1 shared link never e-mailed, 1 scheduled.
  await world(ctx)
    .at(store)
    .request({ status: 'sent', sentAt: daysAgo(1) });
  await world(ctx)
    .at(store)
    .request({ status: 'completed', sentAt: daysAgo(3) });
  await world(ctx)
    .at(store)
    .request({ status: 'opened', sentAt: daysAgo(40) });
  await world(ctx).at(store).request({ status: 'completed', channel: 'link', sentAt: null });
  await world(ctx).at(store).request({ status: 'scheduled' });
  // Reviews: 5, 5, 4 this week; 1 two months ago; 2 long ago.
  await review(ctx, 5, daysAgo(1), { comment: 'Parfait' });
  await review(ctx, 5, daysAgo(2));
  await review(ctx, 4, daysAgo(3));
  await review(ctx, 1, daysAgo(60));
  await review(ctx, 2, daysAgo(400));
  // An interrupted transmission (decision 008).
  await world(ctx)
    .at(store)
    .request({ status: 'sent', sentAt: daysAgo(5), unconfirmed: true, customerName: 'Marc Petit' });
  // Another store's data never shows.
  const other = (await world(ctx).merchant().store()).store;
  await world(ctx)
    .at(other)
    .review({ rating: 1, createdAt: daysAgo(1) });
});

describe('dashboard figures', () => {
  it('counts the week: invitations that left, reviews, average and distribution', async ({ ctx }) => {
    const week = await dashboardSummary(ctx.db, store.id, '7days', now);
    // Whole days: today and the six before it, from midnight UTC.
    expect(week).toMatchObject({ period: '7days', since: '2026-11-18T00:00:00.000Z', invitations_sent: 3, reviews_received: 3, average_rating: 4.7 });
    expect(week.distribution).toEqual([
      { rating: 5, count: 2 },
      { rating: 4, count: 1 },
      { rating: 3, count: 0 },
      { rating: 2, count: 0 },
      { rating: 1, count: 0 },
    ]);
    expect(week.recent_reviews.map((r) => [r.rating, r.comment])).toEqual([
      [5, 'Parfait'],
      [5, null],
      [4, null],
    ]);
  });

  it('widens with the period, and `all` has no start', async ({ ctx }) => {
    expect(await dashboardSummary(ctx.db, store.id, '90days', now)).toMatchObject({ invitations_sent: 4, reviews_received: 4, average_rating: 3.8 });
    const all = await dashboardSummary(ctx.db, store.id, 'all', now);
    expect(all).toMatchObject({ since: null, reviews_received: 5, average_rating: 3.4 });
    expect(all.recent_reviews).toHaveLength(5);
  });

  it('lists the unconfirmed sends, whatever the period', async ({ ctx }) => {
    const week = await dashboardSummary(ctx.db, store.id, '7days', now);
    expect(week.unconfirmed.count).toBe(1);
    expect(week.unconfirmed.items[0]).toMatchObject({ customer_name: 'Marc Petit', sent_at: daysAgo(5).toISOString() });
  });

  it('counts asks, not e-mails: a reminder is part of its first e-mail’s ask, and what the customer did with it is the ask’s', async ({ ctx, world }) => {
    const shop = (await world.merchant().store()).store;
    const first = await world.at(shop).request({ status: 'sent', sentAt: daysAgo(4) });
    const { token } = await world.at(shop).request({
      order: null,
      orderId: first.orderId,
      customerEmail: first.customerEmail,
      source: 'flow',
      kind: 'reminder',
      reminderOf: first.id,
      status: 'sent',
      sentAt: daysAgo(1),
      scheduledAt: daysAgo(1),
    });
    expect((await dashboardSummary(ctx.db, shop.id, '7days', now)).funnel).toEqual({ sent: 1, opened: 0, visited: 0, reviewed: 0 });
    await recordOpen(ctx.db, token);
    await recordVisit(ctx.db, token);
    await submitReview(ctx.db, token, { rating: 5, name: 'Léa', email: 'lea@exemple.test', comment: '' });
    const week = await dashboardSummary(ctx.db, shop.id, '7days', now);
    expect(week.invitations_sent).toBe(1);
    expect(week.funnel).toEqual({ sent: 1, opened: 1, visited: 1, reviewed: 1 });
    const [asked] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, first.id));
    expect(asked).toMatchObject({ status: 'completed' });
  });

  it('has nothing to say of an empty store', async ({ ctx, world }) => {
    const empty = (await world.merchant().store()).store;
    expect(await dashboardSummary(ctx.db, empty.id, '30days', now)).toMatchObject({
      invitations_sent: 0,
      reviews_received: 0,
      average_rating: null,
      recent_reviews: [],
      unconfirmed: { count: 0, items: [] },
      funnel: { sent: 0, opened: 0, visited: 0, reviewed: 0 },
    });
  });

  it('answers GET /api/dashboard for the session’s store, refusing an unknown period in French', async ({ app, world }) => {
    const browser = new Browserish(app);
    const signUp = await browser.json<{ user: { id: string } }>('/api/auth/sign-up/email', { json: { name: 'Camille', email: uniqueEmail(), password: 'Lumiere-des-Avis-2025' } });
    expect((await browser.json('/api/dashboard')).status).toBe(404);
    const { store: own } = await world.account(signUp.body.user.id).store({ plan: null });
    await world.at(own).review({ rating: 3 });
    const mine = await browser.json<{ reviews_received: number; distribution: { rating: number; count: number }[] }>('/api/dashboard?period=7days');
    expect(mine.status).toBe(200);
    expect(mine.body.reviews_received).toBe(1);
    expect((await browser.json<{ period: string }>('/api/dashboard')).body.period).toBe('30days');
    const bad = await browser.json<{ error: string }>('/api/dashboard?period=year');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Période inconnue');
  });
});

describe('engagement and representativeness', () => {
  let shop: StoreRow;
  const site = 'https://g.page/r/exemple/review';

  it.beforeAll(async ({ ctx }) => {
    shop = (await world(ctx).merchant().store()).store;
    // Sent this week: 6. Opened: 4 (one of them only through a visit). Visited: 3. Reviewed: 2.
    const sent = { status: 'sent' as const, sentAt: daysAgo(2) };
    await world(ctx).at(shop).request(sent);
    await world(ctx).at(shop).request(sent);
    await world(ctx)
      .at(shop)
      .request({ ...sent, status: 'opened', openedAt: daysAgo(2) });
    await world(ctx)
      .at(shop)
      .request({ ...sent, status: 'opened', visitedAt: daysAgo(1) });
    await world(ctx)
      .at(shop)
      .request({ ...sent, status: 'completed', openedAt: daysAgo(2), visitedAt: daysAgo(2) });
    await world(ctx)
      .at(shop)
      .request({ ...sent, status: 'completed', openedAt: daysAgo(1), visitedAt: daysAgo(1) });
    // Sent long ago and failed or withdrawn ones count nowhere this week.
    await world(ctx)
      .at(shop)
      .request({ status: 'completed', sentAt: daysAgo(200), visitedAt: daysAgo(199) });
    await world(ctx).at(shop).request({ status: 'failed' });
    // Responses: 5,5,4 offered the site (two followed), 2 and 1 offered too (nobody followed), 3 not offered.
    const add = (rating: number, offered: boolean, followed: boolean) =>
      world(ctx)
        .at(shop)
        .review({ rating, createdAt: daysAgo(1), publicReviewUrl: offered ? site : null, publicLinkFollowedAt: followed ? daysAgo(1) : null });
    await add(5, true, true);
    await add(5, true, true);
    await add(4, true, false);
    await add(3, false, false);
    await add(2, true, false);
    await add(1, true, false);
  });

  it('the funnel of the week’s e-mails: sent, opened (a visit proves an open), visited, reviewed', async ({ ctx }) => {
    const week = await dashboardSummary(ctx.db, shop.id, '7days', now);
    expect(week.funnel).toEqual({ sent: 6, opened: 4, visited: 3, reviewed: 2 });
    expect((await dashboardSummary(ctx.db, shop.id, 'all', now)).funnel).toEqual({ sent: 7, opened: 5, visited: 4, reviewed: 3 });
  });

  it('whom the public site hears from: every response, those offered the link, those who followed it', async ({ ctx }) => {
    const { representativeness } = await dashboardSummary(ctx.db, shop.id, '30days', now);
    expect(representativeness.ratings).toEqual([
      { rating: 5, responses: 2, offered: 2, followed: 2 },
      { rating: 4, responses: 1, offered: 1, followed: 0 },
      { rating: 3, responses: 1, offered: 0, followed: 0 },
      { rating: 2, responses: 1, offered: 1, followed: 0 },
      { rating: 1, responses: 1, offered: 1, followed: 0 },
    ]);
    expect(representativeness).toMatchObject({ average_responses: 3.3, average_offered: 3.4, average_followed: 5 });
  });

  it('reviews over time: a point per day for a week, per week for 90 days, per month for everything', async ({ ctx }) => {
    const week = await dashboardSummary(ctx.db, store.id, '7days', now);
    expect(week.timeline.bucket).toBe('day');
    expect(week.timeline.points.map((p) => [p.start, p.reviews, p.average_rating])).toEqual([
      ['2026-11-18', 0, null],
      ['2026-11-19', 0, null],
      ['2026-11-20', 0, null],
      ['2026-11-21', 1, 4],
      ['2026-11-22', 1, 5],
      ['2026-11-23', 1, 5],
      ['2026-11-24', 0, null],
    ]);
    const quarter = await dashboardSummary(ctx.db, store.id, '90days', now);
    expect(quarter.timeline.bucket).toBe('week');
    // Mondays, from the week holding 2026-08-27 to this week's.
    expect(quarter.timeline.points[0]!.start).toBe('2026-08-24');
    expect(quarter.timeline.points.at(-1)!.start).toBe('2026-11-23');
    expect(quarter.timeline.points.reduce((sum, p) => sum + p.reviews, 0)).toBe(4);
    const all = await dashboardSummary(ctx.db, store.id, 'all', now);
    expect(all.timeline.bucket).toBe('month');
    // From the month of the oldest review (400 days ago) to this month.
    expect(all.timeline.points[0]!.start).toBe('2025-10-01');
    expect(all.timeline.points.at(-1)!.start).toBe('2026-11-01');
    expect(all.timeline.points.reduce((sum, p) => sum + p.reviews, 0)).toBe(5);
  });
});

describe('the day-by-day figures kept by the database', () => {
  /** The same figures computed from the rows themselves, to compare with what the triggers kept. */
  async function recomputed(ctx: TestContext, shopId: string) {
    const requests = await queryRows<{ day: string; sent: number; opened: number; visited: number; reviewed: number }>(
      ctx.db,
      sql`SELECT (sent_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS sent,
                 count(*) FILTER (WHERE opened_at IS NOT NULL OR visited_at IS NOT NULL)::int AS opened,
                 count(*) FILTER (WHERE visited_at IS NOT NULL)::int AS visited, count(*) FILTER (WHERE status = 'completed')::int AS reviewed
          FROM shopify_review_requests WHERE shop_id = ${shopId}::uuid AND sent_at IS NOT NULL AND status IN ('sent', 'delivered', 'opened', 'completed')
          GROUP BY 1 ORDER BY 1`,
    );
    const reviews = await queryRows<{ day: string; rating: number; reviews: number; offered: number; followed: number }>(
      ctx.db,
      sql`SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day, rating, count(*)::int AS reviews,
                 count(*) FILTER (WHERE public_review_url IS NOT NULL)::int AS offered, count(*) FILTER (WHERE public_link_followed_at IS NOT NULL)::int AS followed
          FROM shopify_reviews WHERE shop_id = ${shopId}::uuid GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    return { requests, reviews };
  }
  async function kept(ctx: TestContext, shopId: string) {
    const requests = await queryRows<{ day: string; sent: number; opened: number; visited: number; reviewed: number }>(
      ctx.db,
      sql`SELECT day::text, sent, opened, visited, reviewed FROM insight_request_days
          WHERE shop_id = ${shopId}::uuid AND (sent, opened, visited, reviewed) <> (0, 0, 0, 0) ORDER BY 1`,
    );
    const reviews = await queryRows<{ day: string; rating: number; reviews: number; offered: number; followed: number }>(
      ctx.db,
      sql`SELECT day::text, rating, reviews, offered, followed FROM insight_review_days
          WHERE shop_id = ${shopId}::uuid AND (reviews, offered, followed) <> (0, 0, 0) ORDER BY 1, 2`,
    );
    return { requests, reviews };
  }

  it('stay exact through inserts, updates of any column, batch updates and deletes', async ({ ctx, world }) => {
    const shop = (await world.merchant().store()).store;
    const random = seeded(42);
    const statuses = ['scheduled', 'processing', 'sent', 'opened', 'completed', 'failed', 'cancelled'] as const;
    const requestIds: string[] = [];
    for (let i = 0; i < 40; i++) {
      const status = statuses[Math.floor(random() * statuses.length)]!;
      const request = await world.at(shop).request({ status, sentAt: ['sent', 'opened', 'completed'].includes(status) ? daysAgo(Math.floor(random() * 5)) : null });
      requestIds.push(request.id);
    }
    await world.at(shop).reviews(
      Array.from({ length: 30 }, (_, i) => ({
        rating: 1 + (i % 5),
        createdAt: daysAgo(i % 4),
        publicReviewUrl: i % 2 ? 'https://x.test' : null,
      })),
    );
    // What the sender, the review page, the pixel and the merchant do: one row, a batch, a move to another day, deletions.
    await ctx.db.execute(sql`UPDATE shopify_review_requests SET status = 'sent', sent_at = ${daysAgo(1)} WHERE shop_id = ${shop.id}::uuid AND status = 'processing'`);
    await ctx.db.execute(sql`UPDATE shopify_review_requests SET opened_at = now(), status = 'opened' WHERE id = ANY(${uuidArray(requestIds.slice(0, 10))}) AND status = 'sent'`);
    await ctx.db.execute(sql`UPDATE shopify_review_requests SET visited_at = now() WHERE shop_id = ${shop.id}::uuid AND status = 'opened'`);
    await ctx.db.execute(sql`UPDATE shopify_review_requests SET status = 'completed' WHERE id = ${requestIds[11]!}::uuid`);
    await ctx.db.execute(sql`UPDATE shopify_review_requests SET sent_at = sent_at - interval '2 days' WHERE id = ANY(${uuidArray(requestIds.slice(20, 30))})`);
    await ctx.db.execute(sql`UPDATE shopify_review_requests SET attempts = attempts + 1 WHERE shop_id = ${shop.id}::uuid`);
    await ctx.db.execute(sql`DELETE FROM shopify_review_requests WHERE id = ANY(${uuidArray(requestIds.slice(30, 35))})`);
    await ctx.db.execute(sql`UPDATE shopify_reviews SET public_link_followed_at = now() WHERE shop_id = ${shop.id}::uuid AND public_review_url IS NOT NULL AND rating >= 3`);
    await ctx.db.execute(sql`UPDATE shopify_reviews SET rating = 5, created_at = created_at - interval '1 day' WHERE shop_id = ${shop.id}::uuid AND rating = 1`);
    await ctx.db.execute(sql`DELETE FROM shopify_reviews WHERE shop_id = ${shop.id}::uuid AND rating = 2`);
    const expected = await recomputed(ctx, shop.id);
    expect(expected.requests.length).toBeGreaterThan(2);
    expect(await kept(ctx, shop.id)).toEqual(expected);
    // A store deleted with its rows leaves no figures behind.
    await ctx.db.delete(s.shopifyStores).where(eq(s.shopifyStores.id, shop.id));
    expect(await kept(ctx, shop.id)).toEqual({ requests: [], reviews: [] });
  });
});

/** A small deterministic generator, so a failure can be replayed. */
function seeded(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
}
