import { inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { sendForecastResult, requestPage, type SendForecast } from '#core/api/review-requests';
import { DAY_METRIC, MONTH_METRIC, utcDayStart } from '../plans/quota';
import { markWaiting, sendForecast } from './forecast';
import { runDueSends } from './sender';
import { listRequests } from './service';
import type { StoreRow, World } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ SEND_MAX_ATTEMPTS: '3' });

const at = (iso: string) => new Date(iso);
const options = (now: Date) => ({ now, maxAttempts: 3 });
const summary = (store: StoreRow) => ({ id: store.id, shop_domain: store.shopDomain, subscription_status: store.subscriptionStatus });

/** `count` scheduled requests due at `iso`, their ids in FIFO order (same time: by id). */
async function scheduleAt(world: World, store: StoreRow, iso: string, count = 1, overrides: Partial<typeof s.shopifyReviewRequests.$inferInsert> = {}) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await world.at(store).request({ scheduledAt: at(iso), ...overrides })).id);
  return ids.sort();
}

describe('the send forecast of a seeded calendar', () => {
  // A period from 20 April to 20 May 2031; "now" is 10 May, 09:00 UTC.
  const now = at('2031-05-10T09:00:00Z');
  const periodStart = at('2031-04-20T00:00:00Z');

  it('counts per day in FIFO order against the quota and the daily limit, and marks the requests that wait', async ({ ctx, world }) => {
    const shop = await world.merchant().store({ quota: 10, dailyLimit: 4, periodStart });
    const { store } = shop;
    const other = (await world.merchant().store({ quota: 10, periodStart })).store;
    await shop.usage(MONTH_METRIC, 1);
    await shop.usage(DAY_METRIC, 1, utcDayStart(now));

    const overdue = await scheduleAt(world, store, '2031-05-08T12:00:00Z', 2);
    const laterToday = await scheduleAt(world, store, '2031-05-10T20:00:00Z');
    // A temporary failure the sender retries: it takes its turn too (at its scheduled time, overdue).
    const retry = await scheduleAt(world, store, '2031-05-07T08:00:00Z', 1, { status: 'failed', failureKind: 'temporary', attempts: 1 });
    const tomorrow = await scheduleAt(world, store, '2031-05-11T10:00:00Z', 3);
    // Four at the very same time: the sender takes them by id.
    const sameTime = await scheduleAt(world, store, '2031-05-13T10:00:00Z', 4);
    const nextPeriod = await scheduleAt(world, store, '2031-05-25T10:00:00Z', 2);
    // Not the sender's: sent, cancelled, failed for good, out of attempts, without an address, a shared link.
    await scheduleAt(world, store, '2031-05-09T10:00:00Z', 1, { status: 'sent', sentAt: at('2031-05-09T10:00:00Z') });
    await scheduleAt(world, store, '2031-05-11T10:00:00Z', 1, { status: 'cancelled' });
    await scheduleAt(world, store, '2031-05-09T10:00:00Z', 1, { status: 'failed', failureKind: 'permanent', attempts: 1 });
    await scheduleAt(world, store, '2031-05-09T10:00:00Z', 1, { status: 'failed', failureKind: 'temporary', attempts: 3 });
    await scheduleAt(world, store, '2031-05-11T10:00:00Z', 1, { customerEmail: null });
    await scheduleAt(world, store, '2031-05-11T10:00:00Z', 1, { channel: 'link' });
    // Another store's calendar counts for it alone.
    await scheduleAt(world, other, '2031-05-10T10:00:00Z', 7);

    const forecast = await sendForecast(ctx.db, summary(store), options(now));
    expect(sendForecastResult.parse(forecast)).toEqual(forecast);
    expect(forecast).toMatchObject({
      store_id: store.id,
      period_end: '2031-05-20T00:00:00.000Z',
      quota: 10,
      used: 1,
      remaining_quota: 9,
      daily_limit: 4,
      sent_today: 1,
      paused: false,
    });
    expect(forecast.days.map((d) => d.date)).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19'].map((d) => `2031-05-${d}`));
    // Today: 2 overdue + 1 later today + 1 retry, 3 left of the daily limit. Tomorrow: 3 + 1 carried,
    // 4 sent (quota: 2 left). The 13th: 4 due, 2 sent, then the quota is used up.
    expect(forecast.days.slice(0, 4)).toEqual([
      { date: '2031-05-10', due: 4, capacity: 3, sent: 3, carried: 1 },
      { date: '2031-05-11', due: 3, capacity: 4, sent: 4, carried: 0 },
      { date: '2031-05-12', due: 0, capacity: 2, sent: 0, carried: 0 },
      { date: '2031-05-13', due: 4, capacity: 2, sent: 2, carried: 2 },
    ]);
    expect(forecast.days.at(-1)).toEqual({ date: '2031-05-19', due: 0, capacity: 0, sent: 0, carried: 2 });
    expect(forecast.totals).toEqual({ due: 11, sent: 9, waiting: 2, first_waiting_at: '2031-05-13T10:00:00.000Z', limited_by: 'quota' });

    // The calendar marks the last two of the 13th (by id) and nothing of the next period.
    const page = await markWaiting(ctx.db, summary(store), await listRequests(ctx.db, store.id, 1), options(now));
    const pageTwo = await markWaiting(ctx.db, summary(store), await listRequests(ctx.db, store.id, 2), options(now));
    const verdict = new Map([...page.items, ...pageTwo.items].map((i) => [i.id, i.fits_in_period]));
    expect(requestPage.parse(page)).toBeTruthy();
    expect(sameTime.map((id) => verdict.get(id))).toEqual([true, true, false, false]);
    expect([...overdue, ...laterToday, ...tomorrow].map((id) => verdict.get(id))).toEqual(Array(6).fill(true));
    expect(nextPeriod.map((id) => verdict.get(id))).toEqual([null, null]);
    // Only scheduled e-mail requests get a verdict (the retry shows as failed).
    expect(verdict.get(retry[0]!)).toBeNull();
    expect([...verdict.values()].filter((v) => v === false)).toHaveLength(2);

    // The daily limit moves the one due later today to tomorrow (three of today's four go first, in
    // FIFO order); everything else goes on the day it falls due, or waits for the quota.
    const moved = new Map([...page.items, ...pageTwo.items].map((i) => [i.id, i.daily_limit_until]));
    expect(moved.get(laterToday[0]!)).toBe('2031-05-11');
    expect([...overdue, ...tomorrow, ...sameTime].map((id) => moved.get(id))).toEqual(Array(9).fill(null));
    expect([...moved.values()].filter((day) => day !== null)).toEqual(['2031-05-11']);

    // The other store: its own seven, today.
    const theirs = await sendForecast(ctx.db, summary(other), options(now));
    expect(theirs.totals).toMatchObject({ due: 7, sent: 7, waiting: 0, first_waiting_at: null, limited_by: null });
  });

  it('after a downgrade below this period’s usage: nothing left, every request waits from the first one', async ({ ctx, world }) => {
    const shop = await world.merchant().store({ quota: 100, periodStart });
    const { store } = shop;
    await shop.usage(MONTH_METRIC, 150);
    const [first] = await scheduleAt(world, store, '2031-05-09T07:00:00Z');
    await scheduleAt(world, store, '2031-05-15T07:00:00Z', 2);
    const forecast = await sendForecast(ctx.db, summary(store), options(now));
    expect(forecast).toMatchObject({ quota: 100, used: 150, remaining_quota: 0 });
    expect(forecast.days.every((d) => d.capacity === 0)).toBe(true);
    expect(forecast.totals).toEqual({ due: 3, sent: 0, waiting: 3, first_waiting_at: '2031-05-09T07:00:00.000Z', limited_by: 'quota' });
    const page = await markWaiting(ctx.db, summary(store), await listRequests(ctx.db, store.id, 1), options(now));
    expect(page.items.find((i) => i.id === first)?.fits_in_period).toBe(false);
    expect(page.items.every((i) => i.fits_in_period === false)).toBe(true);
  });

  it('applies only the daily limit to an unlimited plan', async ({ ctx, world }) => {
    const store = (await world.merchant().store({ quota: null, dailyLimit: 1, periodStart })).store;
    await scheduleAt(world, store, '2031-05-10T10:00:00Z', 12);
    const forecast = await sendForecast(ctx.db, summary(store), options(now));
    expect(forecast).toMatchObject({ quota: null, remaining_quota: null, daily_limit: 1 });
    // Ten days of one e-mail each.
    expect(forecast.totals).toEqual({ due: 12, sent: 10, waiting: 2, first_waiting_at: '2031-05-10T10:00:00.000Z', limited_by: 'daily_limit' });
    // The calendar: the first goes today, the next nine are moved a day each by the daily limit.
    const items = [
      ...(await markWaiting(ctx.db, summary(store), await listRequests(ctx.db, store.id, 1), options(now))).items,
      ...(await markWaiting(ctx.db, summary(store), await listRequests(ctx.db, store.id, 2), options(now))).items,
    ];
    const ids = items.map((i) => i.id).sort();
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(ids.map((id) => byId.get(id)?.daily_limit_until ?? null)).toEqual([
      null,
      ...['11', '12', '13', '14', '15', '16', '17', '18', '19'].map((d) => `2031-05-${d}`),
      null,
      null,
    ]);
  });

  it('sends nothing for a store without an active subscription, and says so', async ({ ctx, world }) => {
    const store = (await world.merchant().store({ subscriptionStatus: 'cancelled', periodStart })).store;
    await scheduleAt(world, store, '2031-05-12T10:00:00Z', 2);
    const forecast = await sendForecast(ctx.db, summary(store), options(now));
    expect(forecast.paused).toBe(true);
    expect(forecast.totals).toMatchObject({ due: 2, sent: 0, waiting: 2, limited_by: 'subscription' });
  });

  it('follows the billing window once the recorded period is over: 30 days on, usage counted from its start', async ({ ctx, world }) => {
    const shop = await world.merchant().store({ quota: 10, periodStart: at('2031-03-01T00:00:00Z') });
    const { store } = shop;
    // Recorded 1 March → 31 March; on 10 May the window is 30 April → 30 May.
    await shop.usage(MONTH_METRIC, 10, at('2031-03-01T00:00:00Z'));
    await shop.usage(MONTH_METRIC, 4, at('2031-04-30T00:00:00Z'));
    const forecast = await sendForecast(ctx.db, summary(store), options(now));
    expect(forecast).toMatchObject({ period_end: '2031-05-30T00:00:00.000Z', used: 4, remaining_quota: 6 });
    expect(forecast.days).toHaveLength(20);
    expect(forecast.totals).toMatchObject({ due: 0, waiting: 0, limited_by: null });
  });

  it('agrees with the sender: what it says goes today goes, the ones it marks stay scheduled', async ({ ctx, world }) => {
    // Real time: the sender's run is now. Five overdue requests, three left in the quota.
    const realNow = new Date();
    const shop = await world.merchant().store({ quota: 10 });
    const { store } = shop;
    await shop.usage(MONTH_METRIC, 7);
    const ids = [
      ...(await scheduleAt(world, store, new Date(realNow.getTime() - 3 * 3_600_000).toISOString(), 2)),
      ...(await scheduleAt(world, store, new Date(realNow.getTime() - 2 * 3_600_000).toISOString(), 3)),
    ];
    const forecast = await sendForecast(ctx.db, summary(store), options(realNow));
    expect(forecast.days[0]).toMatchObject({ due: 5, sent: 3, carried: 2 });
    const marked = await markWaiting(ctx.db, summary(store), await listRequests(ctx.db, store.id, 1), options(realNow));
    const waiting = marked.items.filter((i) => i.fits_in_period === false).map((i) => i.id);
    expect(waiting).toHaveLength(2);

    await runDueSends(ctx, { workerId: 'forecast-check', now: realNow });
    const rows = await ctx.db.select().from(s.shopifyReviewRequests).where(inArray(s.shopifyReviewRequests.id, ids));
    const stillScheduled = rows.filter((r) => r.status === 'scheduled').map((r) => r.id);
    expect(stillScheduled.sort()).toEqual(waiting.sort());
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
  });
});

describe('requests moved by the daily limit', () => {
  it('agrees with the sender: the ones it flags stay scheduled today, the others go', async ({ ctx, world }) => {
    // Real time: the sender's run is now. Five overdue requests, a daily limit of 3, one sent today.
    const realNow = new Date();
    const shop = await world.merchant().store({ quota: 100, dailyLimit: 3 });
    const { store } = shop;
    await shop.usage(DAY_METRIC, 1, utcDayStart(realNow));
    const ids = [
      ...(await scheduleAt(world, store, new Date(realNow.getTime() - 3 * 3_600_000).toISOString(), 2)),
      ...(await scheduleAt(world, store, new Date(realNow.getTime() - 2 * 3_600_000).toISOString(), 3)),
    ];
    const marked = await markWaiting(ctx.db, summary(store), await listRequests(ctx.db, store.id, 1), options(realNow));
    expect(requestPage.parse(marked)).toBeTruthy();
    const tomorrow = new Date(utcDayStart(realNow).getTime() + 86_400_000).toISOString().slice(0, 10);
    const flagged = marked.items.filter((i) => i.daily_limit_until !== null);
    expect(flagged.map((i) => i.daily_limit_until)).toEqual([tomorrow, tomorrow, tomorrow]);
    expect(marked.items.every((i) => i.fits_in_period === true)).toBe(true);

    await runDueSends(ctx, { workerId: 'daily-limit-check', now: realNow });
    const rows = await ctx.db.select().from(s.shopifyReviewRequests).where(inArray(s.shopifyReviewRequests.id, ids));
    expect(
      rows
        .filter((r) => r.status === 'scheduled')
        .map((r) => r.id)
        .sort(),
    ).toEqual(flagged.map((i) => i.id).sort());
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
  });
});

describe('GET /api/review-requests/forecast', () => {
  it("answers the signed-in merchant's own forecast, and the calendar marks the requests that wait", async ({ app, world }) => {
    const a = await world.signedIn(app).store({ shopName: 'Boutique A' });
    const b = await world.signedIn(app).store({ shopName: 'Boutique B' });
    // Starter (300): 298 used, so of A's five requests due tomorrow, two go and three wait.
    await a.usage(MONTH_METRIC, 298);
    const tomorrow = new Date(utcDayStart(new Date()).getTime() + 86_400_000 + 10 * 3_600_000).toISOString();
    const ids = await scheduleAt(world, a.store, tomorrow, 5);

    const mine = await a.browser.json<SendForecast>('/api/review-requests/forecast');
    expect(mine.status).toBe(200);
    expect(sendForecastResult.parse(mine.body)).toBeTruthy();
    expect(mine.body).toMatchObject({ store_id: a.store.id, quota: 300, used: 298, remaining_quota: 2, paused: false });
    expect(mine.body.totals).toEqual({ due: 5, sent: 2, waiting: 3, first_waiting_at: new Date(tomorrow).toISOString(), limited_by: 'quota' });

    const page = await a.browser.json<{ items: { id: string; fits_in_period?: boolean | null }[] }>('/api/review-requests');
    expect(page.status).toBe(200);
    expect(ids.map((id) => page.body.items.find((i) => i.id === id)?.fits_in_period)).toEqual([true, true, false, false, false]);

    // B sees its own empty calendar, never A's.
    const theirs = await b.browser.json<SendForecast>('/api/review-requests/forecast');
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ store_id: b.store.id, used: 0, remaining_quota: 300 });
    expect(theirs.body.totals).toEqual({ due: 0, sent: 0, waiting: 0, first_waiting_at: null, limited_by: null });
  });
});
