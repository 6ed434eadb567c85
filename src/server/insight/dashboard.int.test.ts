import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema';
import { makeDueRequest, makeStore, type TestStore } from '../../../tests/support/factories';
import { Browserish, uniqueEmail } from '../../../tests/support/http';
import { createTestContext, type TestContext } from '../../../tests/support/test-context';
import { createApp } from '../app';
import { UNCONFIRMED_NOTE } from '../requests/sender';
import { dashboardSummary } from './dashboard';

let ctx: TestContext;
let store: TestStore;
const now = new Date('2026-11-24T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

async function review(rating: number, at: Date, extra: Partial<typeof s.shopifyReviews.$inferInsert> = {}) {
  await ctx.db.insert(s.shopifyReviews).values({ userId: store.userId, shopId: store.id, rating, createdAt: at, customerName: `Client ${rating}`, ...extra });
}

beforeAll(async () => {
  ctx = await createTestContext();
  store = await makeStore(ctx.db);
  // Sent: 2 in the last week, 1 forty days ago, 1 shared link never e-mailed, 1 scheduled.
  await makeDueRequest(ctx.db, store, { status: 'sent', sentAt: daysAgo(1) });
  await makeDueRequest(ctx.db, store, { status: 'completed', sentAt: daysAgo(3) });
  await makeDueRequest(ctx.db, store, { status: 'opened', sentAt: daysAgo(40) });
  await makeDueRequest(ctx.db, store, { status: 'completed', channel: 'link', sentAt: null });
  await makeDueRequest(ctx.db, store, { status: 'scheduled' });
  // Reviews: 5, 5, 4 this week; 1 two months ago; 2 long ago.
  await review(5, daysAgo(1), { comment: 'Parfait' });
  await review(5, daysAgo(2));
  await review(4, daysAgo(3));
  await review(1, daysAgo(60));
  await review(2, daysAgo(400));
  // An interrupted transmission (decision 008).
  await makeDueRequest(ctx.db, store, { status: 'sent', sentAt: daysAgo(5), lastError: UNCONFIRMED_NOTE, customerName: 'Marc Petit' });
  // Another store's data never shows.
  const other = await makeStore(ctx.db);
  await ctx.db.insert(s.shopifyReviews).values({ userId: other.userId, shopId: other.id, rating: 1, createdAt: daysAgo(1) });
});
afterAll(() => ctx.destroy());

describe('dashboard figures', () => {
  it('counts the week: invitations that left, reviews, average and distribution', async () => {
    const week = await dashboardSummary(ctx.db, store.id, '7days', now);
    expect(week).toMatchObject({ period: '7days', since: daysAgo(7).toISOString(), invitations_sent: 3, reviews_received: 3, average_rating: 4.7 });
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

  it('widens with the period, and `all` has no start', async () => {
    expect(await dashboardSummary(ctx.db, store.id, '90days', now)).toMatchObject({ invitations_sent: 4, reviews_received: 4, average_rating: 3.8 });
    const all = await dashboardSummary(ctx.db, store.id, 'all', now);
    expect(all).toMatchObject({ since: null, reviews_received: 5, average_rating: 3.4 });
    expect(all.recent_reviews).toHaveLength(5);
  });

  it('lists the unconfirmed sends, whatever the period', async () => {
    const week = await dashboardSummary(ctx.db, store.id, '7days', now);
    expect(week.unconfirmed.count).toBe(1);
    expect(week.unconfirmed.items[0]).toMatchObject({ customer_name: 'Marc Petit', sent_at: daysAgo(5).toISOString() });
  });

  it('has nothing to say of an empty store', async () => {
    const empty = await makeStore(ctx.db);
    expect(await dashboardSummary(ctx.db, empty.id, '30days', now)).toMatchObject({
      invitations_sent: 0,
      reviews_received: 0,
      average_rating: null,
      recent_reviews: [],
      unconfirmed: { count: 0, items: [] },
    });
  });

  it('answers GET /api/dashboard for the session’s store, refusing an unknown period in French', async () => {
    const app = createApp(ctx);
    const browser = new Browserish(app);
    const signUp = await browser.json<{ user: { id: string } }>('/api/auth/sign-up/email', { json: { name: 'Camille', email: uniqueEmail(), password: 'Lumiere-des-Avis-2025' } });
    expect((await browser.json('/api/dashboard')).status).toBe(404);
    const [own] = await ctx.db
      .insert(s.shopifyStores)
      .values({ userId: signUp.body.user.id, shopDomain: 'tableau-de-bord.myshopify.com', subscriptionStatus: 'active' })
      .returning();
    await ctx.db.insert(s.shopifyReviews).values({ userId: own!.userId, shopId: own!.id, rating: 3 });
    const mine = await browser.json<{ reviews_received: number; distribution: { rating: number; count: number }[] }>('/api/dashboard?period=7days');
    expect(mine.status).toBe(200);
    expect(mine.body.reviews_received).toBe(1);
    expect((await browser.json<{ period: string }>('/api/dashboard')).body.period).toBe('30days');
    const bad = await browser.json<{ error: string }>('/api/dashboard?period=year');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Période inconnue');
  });
});
