import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { verifyPassword } from '../auth/password';
import { DEMO_ACCOUNT, seedDemo } from './seed-demo';
import { CUSTOMER_LOCALES, demoHistory, type Rating } from './history';
import { FOREIGN_COMMENTS, REVIEW_COMMENTS } from './demo-data';
import { CUSTOMER_LANGUAGES, languageOf } from '#core/customer-language';
import { dashboardSummary } from '../insight/dashboard';
import { connectDemoShop } from './connect-demo-shop';
import { syncBilling } from '../billing/sync';
import { unseal } from '../security/encryption';
import { storeAccessToken } from '../shopify/store-tokens';
import { sql } from 'drizzle-orm';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

const DAY = 86_400_000;
const daysAgo = (date: Date, now: Date) => (now.getTime() - date.getTime()) / DAY;

describe('demo data', () => {
  it('creates a living demo merchant once', async ({ ctx }) => {
    const first = await seedDemo(ctx.db);
    expect(first.created).toBe(true);
    const counts = async () =>
      Promise.all(
        [s.shopifyOrders, s.shopifyReviewRequests, s.shopifyReviews].map(async (table) => (await ctx.db.select().from(table).where(eq(table.shopId, first.storeId))).length),
      );
    const before = await counts();
    const again = await seedDemo(ctx.db);
    expect(again).toEqual({ created: false, userId: first.userId, storeId: first.storeId });
    expect(await counts()).toEqual(before);

    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, first.storeId));
    expect(store).toMatchObject({ shopDomain: DEMO_ACCOUNT.shopDomain, isActive: true, subscriptionStatus: 'active', samePathForAllRatings: true });
    const requests = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, first.storeId));
    const reviews = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.shopId, first.storeId));
    expect(requests.length).toBeGreaterThan(400);
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(['scheduled', 'sent', 'opened', 'failed', 'completed']));
    expect(new Set(requests.map((r) => r.token)).size).toBe(requests.length);
    expect(reviews.length).toBeGreaterThan(60);
    // Answers to orders' requests: verified purchases, published whatever their rating (decision 044).
    expect(reviews.every((r) => r.origin === 'order' && r.isPublished)).toBe(true);
    expect(new Set(reviews.map((r) => r.rating)).size).toBeGreaterThan(2);
    const actions = await ctx.db.select().from(s.ratingActions).where(eq(s.ratingActions.shopId, first.storeId));
    expect(actions.sort((a, b) => b.rating - a.rating).map((a) => a.actionType)).toEqual(['redirect', 'redirect', 'collect_feedback', 'collect_feedback', 'notify_email']);

    const [account] = await ctx.db.select().from(s.account).where(eq(s.account.userId, first.userId));
    expect(await verifyPassword(account!.password!, DEMO_ACCOUNT.password)).toBe(true);
    expect(await verifyPassword(account!.password!, 'wrong-password')).toBe(false);
  });

  it('holds about 90 days of orders, sends and reviews, a few to fifteen orders a day', async ({ ctx }) => {
    const now = new Date();
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, DEMO_ACCOUNT.shopDomain));
    const orders = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, store!.id));
    const requests = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store!.id));
    const reviews = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.shopId, store!.id));

    const created = orders.map((o) => o.orderCreatedAt!);
    expect(Math.max(...created.map((d) => daysAgo(d, now)))).toBeGreaterThan(88);
    expect(Math.max(...created.map((d) => daysAgo(d, now)))).toBeLessThan(96);
    expect(Math.min(...created.map((d) => daysAgo(d, now)))).toBeLessThan(1);
    expect(created.every((d) => d <= now)).toBe(true);
    const perDay = new Map<string, number>();
    for (const d of created) perDay.set(d.toISOString().slice(0, 10), (perDay.get(d.toISOString().slice(0, 10)) ?? 0) + 1);
    expect(perDay.size).toBeGreaterThanOrEqual(94);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(15);
    expect(store!.installedAt.getTime()).toBeLessThan(Math.min(...created.map((d) => d.getTime())));

    // Order numbers and Shopify ids in order, one order per id; customers with names of their language and their own address.
    expect(new Set(orders.map((o) => o.shopifyOrderId)).size).toBe(orders.length);
    const numbers = orders.map((o) => Number(o.orderNumber!.slice(1))).sort((a, b) => a - b);
    expect(numbers[0]).toBe(1001);
    expect(numbers.at(-1)).toBe(1000 + orders.length);
    expect(orders.every((o) => /^#\d{4}$/.test(o.orderNumber!))).toBe(true);
    expect(orders.every((o) => /^[a-z-]+(\.[a-z-]+)+\.\d+@exemple\.test$/.test(o.customerEmail!))).toBe(true);
    expect(new Set(orders.map((o) => o.customerEmail)).size).toBe(orders.length);
    expect(orders.filter((o) => /[À-ÿ]/.test(o.customerName!)).length).toBeGreaterThan(orders.length / 5);
    // Each order in its customer's locale, French for most, about one in eight abroad; each request made
    // in it (the store serves the six languages, French by default).
    expect(store).toMatchObject({ defaultCustomerLanguage: 'fr', customerLanguages: [...CUSTOMER_LANGUAGES] });
    expect(orders.every((o) => CUSTOMER_LOCALES.some(([locale]) => locale === o.customerLocale))).toBe(true);
    const abroad = orders.filter((o) => languageOf(o.customerLocale) !== 'fr').length / orders.length;
    expect(abroad).toBeGreaterThan(0.1);
    expect(abroad).toBeLessThan(0.16);
    const ordersById = new Map(orders.map((o) => [o.id, o]));
    expect(requests.every((r) => r.locale === ordersById.get(r.orderId!)!.customerLocale)).toBe(true);
    expect(new Set(requests.map((r) => languageOf(r.locale)))).toEqual(new Set(CUSTOMER_LANGUAGES));

    // Sends over the 90 days, each after its date; the scheduled ones in the coming days.
    const sent = requests.filter((r) => r.sentAt);
    expect(Math.max(...sent.map((r) => daysAgo(r.sentAt!, now)))).toBeGreaterThan(85);
    expect(Math.min(...sent.map((r) => daysAgo(r.sentAt!, now)))).toBeLessThan(1);
    expect(sent.every((r) => r.sentAt! >= r.scheduledAt && r.sentAt! <= now && r.attempts >= 1)).toBe(true);
    const scheduled = requests.filter((r) => r.status === 'scheduled');
    expect(scheduled.length).toBeGreaterThanOrEqual(5);
    expect(scheduled.every((r) => r.scheduledAt > now && daysAgo(r.scheduledAt, now) > -4 && r.sentAt === null && r.attempts === 0)).toBe(true);
    const failed = requests.filter((r) => r.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    // Final failures (a bounce): the demo's worker has nothing to retry at start.
    expect(failed.every((r) => r.failureKind === 'permanent' && r.lastError && r.sentAt === null)).toBe(true);
    expect(requests.every((r) => ['sent', 'opened', 'completed', 'failed', 'scheduled'].includes(r.status))).toBe(true);

    // The funnel: about half the sends seen opened (an estimate), a third visited, each step within the previous one.
    const opened = sent.filter((r) => r.openedAt);
    const visited = sent.filter((r) => r.visitedAt);
    expect(opened.length / sent.length).toBeGreaterThan(0.4);
    expect(opened.length / sent.length).toBeLessThan(0.6);
    expect(visited.length / sent.length).toBeGreaterThan(0.22);
    expect(visited.length / sent.length).toBeLessThan(0.38);
    expect(requests.every((r) => !r.openedAt || (r.sentAt && r.openedAt >= r.sentAt && r.openedAt <= now))).toBe(true);
    expect(requests.every((r) => !r.visitedAt || (r.openedAt && r.visitedAt >= r.openedAt && r.visitedAt <= now))).toBe(true);
    expect(requests.every((r) => (r.status === 'opened') === (r.openedAt !== null && r.status !== 'completed'))).toBe(true);

    // Completed means reviewed, through that request, after the visit and within days of the send.
    const completed = requests.filter((r) => r.status === 'completed');
    expect(reviews).toHaveLength(completed.length);
    const byRequest = new Map(reviews.map((v) => [v.reviewRequestId, v]));
    for (const request of completed) {
      const review = byRequest.get(request.id)!;
      expect(review).toBeDefined();
      expect(request.visitedAt).not.toBeNull();
      expect(review.createdAt >= request.visitedAt! && review.createdAt <= now).toBe(true);
      expect(daysAgo(request.sentAt!, review.createdAt)).toBeLessThan(7);
      const order = ordersById.get(request.orderId!)!;
      expect(review).toMatchObject({ orderNumber: order.orderNumber, shopifyOrderId: order.shopifyOrderId, customerName: order.customerName, customerEmail: order.customerEmail });
    }
  });

  it('has mostly 5 and 4 stars, varied comments in each customer’s language, and the review site offered as a new store offers it', async ({ ctx }) => {
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, DEMO_ACCOUNT.shopDomain));
    const reviews = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.shopId, store!.id));
    const requests = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store!.id));
    const languageOfReview = new Map(requests.map((r) => [r.id, languageOf(r.locale)]));
    const share = (test: (rating: number) => boolean) => reviews.filter((r) => test(r.rating)).length / reviews.length;
    expect(share((r) => r >= 4)).toBeGreaterThan(0.7);
    expect(share((r) => r === 5)).toBeGreaterThan(share((r) => r === 4));
    expect(share((r) => r === 4)).toBeGreaterThan(share((r) => r === 3));
    for (const rating of [1, 2, 3]) {
      expect(share((r) => r === rating)).toBeGreaterThan(0);
      expect(share((r) => r === rating)).toBeLessThan(0.12);
    }

    const comments = reviews.map((r) => r.comment).filter((c): c is string => c !== null);
    expect(comments.length).toBeGreaterThan(reviews.length / 2);
    expect(comments.length).toBeLessThan(reviews.length);
    expect(comments.length - new Set(comments).size).toBeLessThanOrEqual(3);
    expect(comments.every((c) => c.trim() === c && c.length > 0 && !/lorem|ipsum|\{\{|\bTODO\b|\bxxx\b|placeholder/i.test(c))).toBe(true);
    // Each in the language its reviewer was asked in: a French reviewer's from the French pools, one
    // abroad from their language's, happy or not as their rating.
    for (const review of reviews.filter((r) => r.comment)) {
      const language = languageOfReview.get(review.reviewRequestId!)!;
      const pool = language === 'fr' ? REVIEW_COMMENTS[review.rating as Rating] : FOREIGN_COMMENTS[language][review.rating >= 4 ? 'happy' : 'unhappy'];
      expect(pool, `${language}: ${review.comment}`).toContain(review.comment);
    }
    const french = reviews.filter((r) => r.comment && languageOfReview.get(r.reviewRequestId!) === 'fr').map((r) => r.comment!);
    expect(french.length).toBeGreaterThan(comments.length * 0.75);
    // French: accented letters and the language's short words throughout; short ones and longer ones.
    expect(french.filter((c) => /[àâçéèêëîïôûùüÿœ]/i.test(c)).length).toBeGreaterThan(french.length / 2);
    expect(french.filter((c) => /\b(le|la|les|de|des|et|est|pour|très|un|une)\b/i.test(c)).length).toBeGreaterThan(french.length / 2);
    expect(french.some((c) => c.length < 20)).toBe(true);
    expect(french.some((c) => c.length > 90)).toBe(true);
    // Unhappy customers say why: late deliveries, broken or missing items.
    const unhappy = reviews.filter((r) => r.rating <= 2);
    expect(unhappy.every((r) => r.comment)).toBe(true);
    expect(unhappy.some((r) => /retard|jours|semaine/i.test(r.comment!))).toBe(true);
    expect(unhappy.some((r) => /cass|abîm|ébréch|fêl|morceaux/i.test(r.comment!))).toBe(true);

    // As submitReview records them: the rating's action, and the store's review site offered to everyone.
    const actions = await ctx.db.select().from(s.ratingActions).where(eq(s.ratingActions.shopId, store!.id));
    const site = actions.find((a) => a.rating === 5)!.redirectUrl;
    for (const review of reviews) {
      expect(review.actionTaken).toBe(actions.find((a) => a.rating === review.rating)!.actionType);
      expect(review.publicReviewUrl).toBe(site);
      if (review.publicLinkFollowedAt) expect(review.publicLinkFollowedAt >= review.createdAt).toBe(true);
    }
    const followed = (test: (rating: number) => boolean) => {
      const some = reviews.filter((r) => test(r.rating));
      return some.filter((r) => r.publicLinkFollowedAt).length / some.length;
    };
    expect(followed((r) => r === 5)).toBeGreaterThan(0.25);
    expect(followed((r) => r === 5)).toBeGreaterThan(followed((r) => r === 4));
    expect(followed((r) => r >= 4)).toBeGreaterThan(followed((r) => r <= 3));
  });

  it("shows a living dashboard: the database's day-by-day figures match the rows", async ({ ctx }) => {
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, DEMO_ACCOUNT.shopDomain));
    const now = new Date();
    const summary = await dashboardSummary(ctx.db, store!.id, '90days', now);
    const { sent, opened, visited, reviewed } = summary.funnel;
    expect(sent).toBeGreaterThan(300);
    expect(opened).toBeGreaterThan(0);
    expect(visited).toBeGreaterThan(0);
    expect(reviewed).toBeGreaterThan(0);
    expect(opened).toBeLessThanOrEqual(sent);
    expect(visited).toBeLessThanOrEqual(opened);
    expect(reviewed).toBeLessThanOrEqual(visited);
    expect(summary.invitations_sent).toBe(sent);
    expect(summary.average_rating).toBeGreaterThan(4);
    expect(summary.recent_reviews).toHaveLength(5);
    expect(summary.unconfirmed.count).toBe(0);

    // The same figures counted from the rows themselves, over the period's days.
    const since = new Date(summary.since!);
    const requests = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store!.id));
    const reviews = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.shopId, store!.id));
    const inPeriod = requests.filter((r) => r.sentAt && r.sentAt >= since);
    expect(summary.funnel).toEqual({
      sent: inPeriod.length,
      opened: inPeriod.filter((r) => r.openedAt).length,
      visited: inPeriod.filter((r) => r.visitedAt).length,
      reviewed: inPeriod.filter((r) => r.status === 'completed').length,
    });
    const received = reviews.filter((r) => r.createdAt >= since);
    expect(summary.reviews_received).toBe(received.length);
    expect(summary.distribution).toEqual([5, 4, 3, 2, 1].map((rating) => ({ rating, count: received.filter((r) => r.rating === rating).length })));
    expect(summary.representativeness.ratings.every((r) => r.offered === r.responses && r.followed <= r.offered)).toBe(true);
    // Reviews in (nearly) every week of the chart.
    expect(summary.timeline.points.filter((p) => p.reviews > 0).length).toBeGreaterThanOrEqual(summary.timeline.points.length - 2);

    // This month's and today's sends count against the plan's quota and the daily limit, as the sender's would have.
    const [plan] = await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, DEMO_ACCOUNT.shopDomain));
    const usage = await ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, DEMO_ACCOUNT.shopDomain));
    const used = (metric: string) => usage.find((u) => u.metric === metric)?.value ?? 0;
    const sentSince = (from: Date) => requests.filter((r) => r.sentAt && r.sentAt >= from).length;
    expect(used('emails_sent')).toBe(sentSince(plan!.periodStart));
    expect(used('emails_sent_day')).toBe(sentSince(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))));
  });

  it('is the same history for the same moment, and keeps its past as time goes on', () => {
    const now = new Date('2026-03-18T15:30:00Z');
    const history = demoHistory(now, { merchantName: DEMO_ACCOUNT.name });
    expect(demoHistory(now, { merchantName: DEMO_ACCOUNT.name })).toEqual(history);
    expect(history.some((o) => o.customerName === DEMO_ACCOUNT.name)).toBe(false);
    // An hour later, only what that hour brought is new: orders whose story ended weeks ago (shipped,
    // asked, opened, reviewed) keep their numbers, customers, ratings and comments.
    const later = demoHistory(new Date(now.getTime() + 3_600_000), { merchantName: DEMO_ACCOUNT.name });
    const settled = (orders: typeof history) => orders.filter((o) => o.createdAt.getTime() < now.getTime() - 25 * DAY);
    expect(settled(history).length).toBeGreaterThan(400);
    expect(settled(later)).toEqual(settled(history));
    expect(later.length).toBeGreaterThanOrEqual(history.length);
  });

  it('installs the demo store on the emulator once, with sealed tokens that work', async ({ ctx }) => {
    expect(await connectDemoShop(ctx)).toBe(true);
    expect(await connectDemoShop(ctx)).toBe(false);
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, DEMO_ACCOUNT.shopDomain));
    const token = unseal(ctx.config.encryptionKey, store!.accessToken!);
    const data = await ctx.shopify.graphql<{ shop: { myshopifyDomain: string } }>(DEMO_ACCOUNT.shopDomain, token, '{ shop { myshopifyDomain } }');
    expect(data.shop.myshopifyDomain).toBe(DEMO_ACCOUNT.shopDomain);
  });

  it('subscribes the demo store on the local Shopify to its seeded plan, so a sync keeps it as seeded', async ({ ctx }) => {
    const [before] = await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, DEMO_ACCOUNT.shopDomain));
    const subscriptions = await ctx.emulator!.state.listAppSubscriptions(DEMO_ACCOUNT.shopDomain);
    expect(subscriptions.filter((sub) => sub.status === 'ACTIVE').map((sub) => [sub.name, sub.currentPeriodEnd])).toEqual([['Pro', before!.periodEnd.toISOString()]]);
    // A second start adds none.
    await connectDemoShop(ctx);
    expect(await ctx.emulator!.state.listAppSubscriptions(DEMO_ACCOUNT.shopDomain)).toHaveLength(1);

    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, DEMO_ACCOUNT.shopDomain));
    expect((await syncBilling(ctx, store!.id)).verdict).toMatchObject({ status: 'active', active: { name: 'Pro' } });
    expect((await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store!.id)))[0]!.subscriptionStatus).toBe('active');
    const [after] = await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, DEMO_ACCOUNT.shopDomain));
    expect(after).toMatchObject({ plan: 'pro', emailsQuota: 3000, periodStart: before!.periodStart, periodEnd: before!.periodEnd });
  });

  it('refreshes an expiring token before use, rotating the refresh token, and the new one works', async ({ ctx }) => {
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, DEMO_ACCOUNT.shopDomain));
    const before = unseal(ctx.config.encryptionKey, store!.accessToken!);
    expect((await storeAccessToken(ctx, store!.id)).accessToken).toBe(before);

    await ctx.db.execute(sql`UPDATE shopify_stores SET access_token_expires_at = now() + interval '1 minute' WHERE id = ${store!.id}`);
    const refreshed = await storeAccessToken(ctx, store!.id);
    expect(refreshed.accessToken).not.toBe(before);
    const [after] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store!.id));
    expect(after!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(unseal(ctx.config.encryptionKey, after!.refreshToken!)).not.toBe(unseal(ctx.config.encryptionKey, store!.refreshToken!));
    const data = await ctx.shopify.graphql<{ shop: { name: string } }>(DEMO_ACCOUNT.shopDomain, refreshed.accessToken, '{ shop { name } }');
    expect(data.shop.name).toBe(DEMO_ACCOUNT.shopName);
  });
});
