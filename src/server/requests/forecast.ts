/**
 * The send planner: what the sender will do with the store's scheduled requests until the billing
 * period ends, day by day, against the period's quota and the daily limit, so that requests which
 * will not fit are seen before it happens. The sender never drops them: over the quota or the daily
 * limit a request stays `scheduled` and goes out on a later run (sender.ts, plans/quota.ts).
 *
 * Order: the sender claims due requests `ORDER BY r.scheduled_at, r.id` (claimBatch in sender.ts)
 * and grants each store the first ones of its batch, so within a store requests go first in, first
 * out by (scheduled_at, id), temporary failures it retries included. Whatever the limits, the ones
 * still waiting when the period ends are therefore the last ones of that order: a suffix, which
 * starts at the first waiting request (`boundary` below).
 *
 * Cost: one grouped query gives the count per UTC day (a store may hold hundreds of thousands of
 * scheduled requests: they are never loaded), the simulation runs over at most ~31 days in memory,
 * and one more query finds the first waiting request when some wait.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '#db/client';
import { RETRYABLE } from '#core/domain';
import type { ForecastDay, ForecastLimit, RequestItem, SendForecast } from '#core/api/review-requests';
import { DEFAULT_DAILY_LIMIT, planWindow, usageOf, utcDayStart } from '../plans/quota';
import type { TenantStore } from '../stores/tenancy';

const DAY_MS = 86_400_000;

/** The requests the sender will send for a store: as its claim selects them (sender.ts), literals kept. */
const RETRYABLE_SQL = sql.raw(`r.status = '${RETRYABLE.status}' AND r.failure_kind = '${RETRYABLE.failureKind}'`);

// ---- The pure part ----

/** YYYY-MM-DD of a UTC day. */
export const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/** The UTC days from today's to the one holding the period's last instant. */
export function forecastDates(now: Date, periodEnd: Date): string[] {
  const dates: string[] = [];
  const last = utcDayStart(new Date(Math.max(periodEnd.getTime() - 1, now.getTime()))).getTime();
  for (let day = utcDayStart(now).getTime(); day <= last; day += DAY_MS) dates.push(utcDate(new Date(day)));
  return dates;
}

export interface SimulationInput {
  /** The days to simulate, today first (forecastDates). */
  dates: string[];
  /** Requests falling due per date; overdue ones under today's date. Dates outside `dates` are ignored. */
  due: Record<string, number>;
  dailyLimit: number;
  /** Already sent today (the daily counter). */
  sentToday: number;
  /** What is left of the period's quota; null: unlimited. */
  remainingQuota: number | null;
  /** No active subscription: nothing is sent. */
  paused: boolean;
}

export interface Simulation {
  days: ForecastDay[];
  totals: { due: number; sent: number; waiting: number; limitedBy: ForecastLimit | null };
}

/**
 * Day by day: what falls due joins what was carried, and the sender sends the oldest first up to
 * the lower of what is left of the daily limit (today: minus what already went) and of the quota.
 */
export function simulateForecast(input: SimulationInput): Simulation {
  let quotaLeft = input.remainingQuota === null ? Infinity : Math.max(0, input.remainingQuota);
  let backlog = 0;
  const totals = { due: 0, sent: 0, waiting: 0, limitedBy: null as ForecastLimit | null };
  const days = input.dates.map((date, index) => {
    const due = Math.max(0, input.due[date] ?? 0);
    const dailyLeft = Math.max(0, input.dailyLimit - (index === 0 ? input.sentToday : 0));
    const capacity = input.paused ? 0 : Math.min(dailyLeft, quotaLeft);
    backlog += due;
    const sent = Math.min(backlog, capacity);
    backlog -= sent;
    quotaLeft -= sent;
    totals.due += due;
    totals.sent += sent;
    return { date, due, capacity, sent, carried: backlog };
  });
  totals.waiting = backlog;
  if (backlog > 0) totals.limitedBy = input.paused ? 'subscription' : quotaLeft === 0 ? 'quota' : 'daily_limit';
  return { days, totals };
}

/**
 * Where the first waiting request is: the day it falls due and how many of that day's requests
 * precede it. The first `sent` requests in FIFO order go out, so it is the one at that position.
 */
export function firstWaitingSlot(days: readonly Pick<ForecastDay, 'date' | 'due'>[], sent: number, waiting: number): { date: string; offset: number } | null {
  if (waiting <= 0) return null;
  let before = 0;
  for (const day of days) {
    if (before + day.due > sent) return { date: day.date, offset: sent - before };
    before += day.due;
  }
  return null;
}

// ---- The store's figures ----

export interface ForecastOptions {
  now: Date;
  /** SEND_MAX_ATTEMPTS: temporary failures below it are retried, and count. */
  maxAttempts: number;
}

/** The first request that waits, its key as the database holds it (microseconds kept). */
type Boundary = { scheduledAt: string; id: string };

interface Computed {
  forecast: SendForecast;
  periodEnd: Date;
  boundary: Boundary | null;
  /** The simulated days, today first. */
  days: ForecastDay[];
}

/**
 * The requests the sender will send for this store: e-mail requests scheduled, or failed for a
 * temporary reason with attempts left (the claim's own condition). Requests without an address fail
 * at the claim without using the quota, so they are left out. (Addresses that unsubscribed after
 * scheduling are cancelled at the claim too, but unsubscribing already cancels them: a rare case,
 * counted here.) Reminders are requests like the others (kind 'reminder'): each counts as one e-mail
 * on its day, and waits at the quota like any other. A reminder exists only once its first e-mail
 * went (requests/reminders.ts), so the reminders of first e-mails still to come are not foreseen.
 */
const pendingOf = (storeId: string, maxAttempts: number) =>
  sql`r.shop_id = ${storeId}::uuid AND r.channel = 'email' AND r.customer_email IS NOT NULL
      AND (r.status = 'scheduled' OR (${RETRYABLE_SQL} AND r.attempts < ${maxAttempts}))`;

async function computeForecast(db: Queryable, store: Pick<TenantStore, 'id' | 'shop_domain' | 'subscription_status'>, options: ForecastOptions): Promise<Computed> {
  const { now } = options;
  const today = utcDayStart(now);
  // The window the sender reserves against (rolled forward when the recorded period is over).
  const window = await planWindow(db, store.shop_domain, now);
  const periodEnd = window.periodEnd;
  const usage = await usageOf(db, store.shop_domain, window.periodStart, today);
  const [config] = await queryRows<{ daily_limit: number }>(db, sql`SELECT daily_send_limit::int AS daily_limit FROM store_email_config WHERE shop_id = ${store.id}::uuid`);
  const dailyLimit = config?.daily_limit ?? DEFAULT_DAILY_LIMIT;
  const used = usage.month;
  const sentToday = usage.day;
  const remainingQuota = window.quota === null ? null : Math.max(0, window.quota - used);
  const pending = pendingOf(store.id, options.maxAttempts);

  // One row per UTC day; overdue requests fall due today.
  const perDay = await queryRows<{ day: string; due: number }>(
    db,
    sql`SELECT to_char(greatest(r.scheduled_at, ${today.toISOString()}::timestamptz) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS due
        FROM shopify_review_requests r
        WHERE ${pending} AND r.scheduled_at < ${periodEnd.toISOString()}::timestamptz
        GROUP BY 1`,
  );
  const simulation = simulateForecast({
    dates: forecastDates(now, periodEnd),
    due: Object.fromEntries(perDay.map((d) => [d.day, d.due])),
    dailyLimit,
    sentToday,
    remainingQuota,
    // The sender claims only for stores with an active subscription.
    paused: store.subscription_status !== 'active',
  });

  let boundary: Boundary | null = null;
  const slot = firstWaitingSlot(simulation.days, simulation.totals.sent, simulation.totals.waiting);
  if (slot) {
    // Within its day only: the day's rows are sorted, not the store's whole calendar.
    const dayStart = new Date(`${slot.date}T00:00:00Z`);
    const dayEnd = new Date(Math.min(dayStart.getTime() + DAY_MS, periodEnd.getTime()));
    const from = slot.date === utcDate(today) ? sql`` : sql`AND r.scheduled_at >= ${dayStart.toISOString()}::timestamptz`;
    const [first] = await queryRows<{ scheduled_at: string; id: string }>(
      db,
      sql`SELECT to_json(r.scheduled_at)#>>'{}' AS scheduled_at, r.id::text
          FROM shopify_review_requests r
          WHERE ${pending} ${from} AND r.scheduled_at < ${dayEnd.toISOString()}::timestamptz
          ORDER BY r.scheduled_at, r.id
          OFFSET ${slot.offset} LIMIT 1`,
    );
    if (first) boundary = { scheduledAt: first.scheduled_at, id: first.id };
  }

  const { limitedBy, ...counts } = simulation.totals;
  return {
    periodEnd,
    boundary,
    days: simulation.days,
    forecast: {
      store_id: store.id,
      period_end: periodEnd.toISOString(),
      quota: window.quota,
      used,
      remaining_quota: remainingQuota,
      daily_limit: dailyLimit,
      sent_today: sentToday,
      paused: store.subscription_status !== 'active',
      days: simulation.days,
      totals: { ...counts, first_waiting_at: boundary ? new Date(boundary.scheduledAt).toISOString() : null, limited_by: limitedBy },
    },
  };
}

/** GET /api/review-requests/forecast. */
export async function sendForecast(db: Queryable, store: Pick<TenantStore, 'id' | 'shop_domain' | 'subscription_status'>, options: ForecastOptions): Promise<SendForecast> {
  return (await computeForecast(db, store, options)).forecast;
}

/**
 * The day a request goes out, from its place in the first-in, first-out order (`position` requests
 * go before it): the first simulated day by the end of which more than `position` have gone. Null
 * when it waits past the last day.
 */
export function sendingDay(days: readonly Pick<ForecastDay, 'date' | 'sent'>[], position: number): string | null {
  let sent = 0;
  for (const day of days) {
    sent += day.sent;
    if (sent > position) return day.date;
  }
  return null;
}

/**
 * The request's place in the order: the requests due on earlier days, plus those of its own day
 * before it (`rank`). Its day is the day it falls due, today for an overdue one.
 */
export function fifoPosition(days: readonly Pick<ForecastDay, 'date' | 'due'>[], dueDate: string, rank: number): number {
  return days.filter((day) => day.date < dueDate).reduce((sum, day) => sum + day.due, 0) + rank;
}

/**
 * Marks a calendar page's scheduled e-mail requests due before the period ends: `fits_in_period`
 * false from the first waiting request on (FIFO), true before it; null for every other request.
 * A request that fits but goes out on a later day than it falls due, because the days before filled
 * the store's daily limit, gets that day in `daily_limit_until` (« Reporté : limite quotidienne
 * atteinte »). The forecast runs only when the page shows such a request.
 */
export async function markWaiting<P extends { items: RequestItem[] }>(
  db: Queryable,
  store: Pick<TenantStore, 'id' | 'shop_domain' | 'subscription_status'>,
  page: P,
  options: ForecastOptions,
): Promise<P> {
  const candidates = page.items.filter((i) => i.status === 'scheduled' && i.channel === 'email' && i.customer_email);
  if (candidates.length === 0) return { ...page, items: page.items.map((i) => ({ ...i, fits_in_period: null, daily_limit_until: null })) };
  const { periodEnd, boundary, days } = await computeForecast(db, store, options);
  const tomorrow = new Date(utcDayStart(options.now).getTime() + DAY_MS);
  const pending = pendingOf(store.id, options.maxAttempts);
  // `rank`: the pending requests of its day before it (for today's, the overdue ones too).
  const rows = await queryRows<{ id: string; in_period: boolean; waits: boolean; due_date: string; rank: number }>(
    db,
    sql`SELECT c.id::text, c.scheduled_at < ${periodEnd.toISOString()}::timestamptz AS in_period,
               ${boundary ? sql`(c.scheduled_at, c.id) >= (${boundary.scheduledAt}::timestamptz, ${boundary.id}::uuid)` : sql`false`} AS waits,
               to_char(greatest(c.scheduled_at, ${utcDayStart(options.now).toISOString()}::timestamptz) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due_date,
               (SELECT count(*) FROM shopify_review_requests r
                 WHERE ${pending} AND (r.scheduled_at, r.id) < (c.scheduled_at, c.id)
                   AND (c.scheduled_at < ${tomorrow.toISOString()}::timestamptz
                        OR r.scheduled_at >= date_trunc('day', c.scheduled_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'))::int AS rank
        FROM shopify_review_requests c
        WHERE c.shop_id = ${store.id}::uuid AND c.id IN (${sql.join(
          candidates.map((c) => sql`${c.id}::uuid`),
          sql`, `,
        )})`,
  );
  const verdict = new Map(
    rows.map((r) => {
      const fits = r.in_period ? !r.waits : null;
      const day = fits ? sendingDay(days, fifoPosition(days, r.due_date, r.rank)) : null;
      return [r.id, { fits, movedTo: day && day > r.due_date ? day : null }];
    }),
  );
  return {
    ...page,
    items: page.items.map((i) => ({ ...i, fits_in_period: verdict.get(i.id)?.fits ?? null, daily_limit_until: verdict.get(i.id)?.movedTo ?? null })),
  };
}
