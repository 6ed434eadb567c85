/**
 * Send quotas: the plan's monthly quota (shop_plans + shop_usage 'emails_sent' for the period;
 * unlimited plans have none) and the store's daily limit (store_email_config, counted in shop_usage
 * 'emails_sent_day' for the UTC day). Both are checked and consumed in one transaction under row
 * locks on the usage rows, so concurrent workers can never exceed them. A reservation that makes the
 * period's usage cross 80 % or 100 % of the quota records the merchant's alert in the same
 * transaction (quota-alerts.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Queryable, type Transaction } from '#db/client';
import { shopPlans, subscriptionPlans } from '#db/schema';
import { crossedAlerts } from '#core/quota';
import { recordQuotaAlerts, type QuotaAlert } from './quota-alerts';

export const MONTH_METRIC = 'emails_sent';
export const DAY_METRIC = 'emails_sent_day';
export const PERIOD_MS = 30 * 86_400_000;
export const DEFAULT_DAILY_LIMIT = 1000;

export interface PlanWindow {
  plan: string;
  /** null: unlimited. */
  quota: number | null;
  periodStart: Date;
  /** The recorded end while the recorded period runs, else the rolled window's (start + 30 days). */
  periodEnd: Date;
}

export interface QuotaState extends PlanWindow {
  used: number;
  dailyLimit: number;
  dailyUsed: number;
  dayStart: Date;
}

export const utcDayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The recorded window, or once it has ended, the 30-day window after its end that holds `now`. */
function rollWindow(row: { plan: string; quota: number | null; periodStart: Date; periodEnd: Date }, now: Date): PlanWindow {
  const end = row.periodEnd.getTime();
  if (now.getTime() < end) return { plan: row.plan, quota: row.quota, periodStart: row.periodStart, periodEnd: row.periodEnd };
  const start = end + Math.floor((now.getTime() - end) / PERIOD_MS) * PERIOD_MS;
  return { plan: row.plan, quota: row.quota, periodStart: new Date(start), periodEnd: new Date(start + PERIOD_MS) };
}

/**
 * Records the shop's plan and its usage period (called by billing/sync.ts applyBilling, the one
 * writer of plan state, and by tests). Usage belongs to the billing period, not to the plan
 * (decision 021): once a shop has a period, a plan change, a cancellation or a reinstall keeps it
 * (rolled forward in 30-day steps), so what was sent stays counted and the new plan's quota applies
 * to the rest of the period; toggling plans never gives fresh e-mails. A shop's first plan starts its
 * period from Shopify's current period when Shopify tells it (`currentPeriodEnd`), else now.
 * An unknown plan (null) gets the smallest limited quota: never unlimited by mistake.
 */
export async function recordShopPlan(db: Queryable, shopDomain: string, plan: { code: string; quota: number | null } | null, periodEnd: Date | null, now: Date): Promise<void> {
  let code: string;
  let quota: number | null;
  if (plan) ({ code, quota } = plan);
  else ({ plan: code, quota } = await fallbackWindow(db, now));
  const [current] = await db.select().from(shopPlans).where(eq(shopPlans.shopDomain, shopDomain));
  let start: Date;
  let end: Date;
  if (current) {
    ({ periodStart: start, periodEnd: end } = rollWindow({ plan: current.plan, quota: current.emailsQuota, periodStart: current.periodStart, periodEnd: current.periodEnd }, now));
  } else if (periodEnd) {
    start = new Date(Math.min(periodEnd.getTime() - PERIOD_MS, now.getTime()));
    end = periodEnd;
  } else {
    start = now;
    end = new Date(now.getTime() + PERIOD_MS);
  }
  const values = { plan: code, emailsQuota: quota, periodStart: start, periodEnd: end, updatedAt: now };
  await db
    .insert(shopPlans)
    .values({ shopDomain, ...values })
    .onConflictDoUpdate({ target: shopPlans.shopDomain, set: values });
}

/** No plan recorded (should not happen for an active subscription): the smallest plan, never unlimited. */
export async function fallbackWindow(db: Queryable, now: Date): Promise<PlanWindow> {
  const [smallest] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.isActive, true), eq(subscriptionPlans.isUnlimited, false)))
    .orderBy(asc(subscriptionPlans.emailQuota))
    .limit(1);
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { plan: smallest?.code ?? 'starter', quota: smallest?.emailQuota ?? 0, periodStart, periodEnd: new Date(periodStart.getTime() + PERIOD_MS) };
}

/**
 * The current billing window of a shop. Shopify bills every 30 days: when the recorded period has
 * ended and no newer one was synced yet, the window rolls forward in 30-day steps.
 */
export async function planWindow(db: Queryable, shopDomain: string, now: Date): Promise<PlanWindow> {
  return (await recordedWindow(db, shopDomain, now)) ?? fallbackWindow(db, now);
}

/** The shop's recorded plan and its current window (rolled as planWindow does), or null when none is recorded. */
export async function recordedWindow(db: Queryable, shopDomain: string, now: Date): Promise<PlanWindow | null> {
  const [row] = await db.select().from(shopPlans).where(eq(shopPlans.shopDomain, shopDomain));
  return row ? rollWindow({ plan: row.plan, quota: row.emailsQuota, periodStart: row.periodStart, periodEnd: row.periodEnd }, now) : null;
}

/** What the window and the UTC day of `dayStart` used, read from the counters the sender reserves against. */
export async function usageOf(db: Queryable, shopDomain: string, monthStart: Date, dayStart: Date): Promise<{ month: number; day: number }> {
  const rows = await queryRows<{ metric: string; value: number }>(
    db,
    sql`SELECT metric, value::int AS value FROM shop_usage
        WHERE shop_domain = ${shopDomain}
          AND ((metric = ${MONTH_METRIC} AND period_start = ${monthStart.toISOString()}::timestamptz)
            OR (metric = ${DAY_METRIC} AND period_start = ${dayStart.toISOString()}::timestamptz))`,
  );
  return { month: rows.find((r) => r.metric === MONTH_METRIC)?.value ?? 0, day: rows.find((r) => r.metric === DAY_METRIC)?.value ?? 0 };
}

export interface ReservationWanted {
  id: string;
  shopDomain: string;
  wanted: number;
}

/**
 * Reserves sends for several stores at once and returns, per store id, how many were granted with
 * the state after the reservation. Four statements whatever the number of stores; usage rows are
 * locked in one fixed order (shop, metric) so concurrent claims never wait on each other in a cycle.
 * Must run inside the transaction that marks the granted requests as processing.
 */
export async function reserveSendsMany(tx: Transaction, wanted: ReservationWanted[], now: Date): Promise<Map<string, { granted: number; state: QuotaState }>> {
  const out = new Map<string, { granted: number; state: QuotaState }>();
  if (wanted.length === 0) return out;
  const dayStart = utcDayStart(now);
  const settings = await queryRows<{
    id: string;
    shop_domain: string;
    plan: string | null;
    quota: number | null;
    period_start: string | null;
    period_end: string | null;
    daily_limit: number | null;
  }>(
    tx,
    sql`SELECT s.id::text, s.shop_domain, p.plan, p.emails_quota::int AS quota, to_json(p.period_start)#>>'{}' AS period_start,
               to_json(p.period_end)#>>'{}' AS period_end, c.daily_send_limit::int AS daily_limit
        FROM shopify_stores s
        LEFT JOIN shop_plans p ON p.shop_domain = s.shop_domain
        LEFT JOIN store_email_config c ON c.shop_id = s.id
        WHERE s.id IN (${sql.join(
          wanted.map((w) => sql`${w.id}::uuid`),
          sql`, `,
        )})`,
  );
  const byId = new Map(settings.map((r) => [r.id, r]));
  const windows = new Map<string, PlanWindow & { dailyLimit: number }>();
  for (const w of wanted) {
    const r = byId.get(w.id);
    const window =
      r?.plan && r.period_start && r.period_end
        ? rollWindow({ plan: r.plan, quota: r.quota, periodStart: new Date(r.period_start), periodEnd: new Date(r.period_end) }, now)
        : await fallbackWindow(tx, now);
    windows.set(w.id, { ...window, dailyLimit: r?.daily_limit ?? DEFAULT_DAILY_LIMIT });
  }
  // Every lock on usage rows is taken in (shop, metric) order, inserts included: no deadlock cycle.
  const keys = [...wanted]
    .sort((a, b) => (a.shopDomain < b.shopDomain ? -1 : a.shopDomain > b.shopDomain ? 1 : 0))
    .flatMap((w) => [
      sql`(${w.shopDomain}, ${windows.get(w.id)!.periodStart.toISOString()}::timestamptz, ${MONTH_METRIC})`,
      sql`(${w.shopDomain}, ${dayStart.toISOString()}::timestamptz, ${DAY_METRIC})`,
    ]);
  await tx.execute(sql`INSERT INTO shop_usage (shop_domain, period_start, metric, value) SELECT k.*, 0 FROM (VALUES ${sql.join(keys, sql`, `)}) AS k ON CONFLICT DO NOTHING`);
  const rows = await queryRows<{ shop_domain: string; period_start: string; metric: string; value: number }>(
    tx,
    sql`SELECT shop_domain, to_json(period_start)#>>'{}' AS period_start, metric, value::int AS value FROM shop_usage
        WHERE (shop_domain, period_start, metric) IN (VALUES ${sql.join(keys, sql`, `)})
        ORDER BY shop_domain, metric, period_start FOR UPDATE`,
  );
  const value = (domain: string, metric: string, start: Date) =>
    rows.find((r) => r.shop_domain === domain && r.metric === metric && new Date(r.period_start).getTime() === start.getTime())?.value ?? 0;
  const increments: ReturnType<typeof sql>[] = [];
  const alerts: QuotaAlert[] = [];
  for (const w of wanted) {
    const window = windows.get(w.id)!;
    const used = value(w.shopDomain, MONTH_METRIC, window.periodStart);
    const dailyUsed = value(w.shopDomain, DAY_METRIC, dayStart);
    const monthRoom = window.quota === null ? Infinity : Math.max(0, window.quota - used);
    const granted = Math.max(0, Math.min(w.wanted, monthRoom, window.dailyLimit - dailyUsed));
    if (granted > 0) {
      increments.push(sql`(${w.shopDomain}, ${window.periodStart.toISOString()}::timestamptz, ${MONTH_METRIC}, ${granted}::int)`);
      increments.push(sql`(${w.shopDomain}, ${dayStart.toISOString()}::timestamptz, ${DAY_METRIC}, ${granted}::int)`);
    }
    const { dailyLimit: limit, ...plan } = window;
    out.set(w.id, { granted, state: { ...plan, used: used + granted, dailyLimit: limit, dailyUsed: dailyUsed + granted, dayStart } });
    const { quota } = window;
    if (quota !== null) {
      for (const ratio of crossedAlerts(used, used + granted, quota)) {
        alerts.push({
          storeId: w.id,
          shopDomain: w.shopDomain,
          ratio,
          plan: window.plan,
          quota,
          used: used + granted,
          periodStart: window.periodStart,
          periodEnd: window.periodEnd,
        });
      }
    }
  }
  if (increments.length) {
    await tx.execute(sql`
      UPDATE shop_usage u SET value = u.value + v.delta
      FROM (VALUES ${sql.join(increments, sql`, `)}) AS v(shop_domain, period_start, metric, delta)
      WHERE u.shop_domain = v.shop_domain AND u.period_start = v.period_start AND u.metric = v.metric`);
  }
  // Under the usage locks taken above: only one reservation can cross a threshold at a time, and the
  // alert's row says once and for all whether this period's e-mail was already decided.
  if (alerts.length) await recordQuotaAlerts(tx, alerts);
  return out;
}

/** One store: see reserveSendsMany. */
export async function reserveSends(tx: Transaction, store: { id: string; shopDomain: string }, wanted: number, now: Date): Promise<{ granted: number; state: QuotaState }> {
  return (await reserveSendsMany(tx, [{ ...store, wanted }], now)).get(store.id)!;
}

/** Adds (or, negative, gives back) sends to both counters, locking them in the same order as a claim. */
export async function addUsage(tx: Queryable, shopDomain: string, monthStart: Date | null, dayStart: Date, delta: number) {
  const rows = sql`shop_domain = ${shopDomain}
      AND ((metric = ${DAY_METRIC} AND period_start = ${dayStart.toISOString()})
        ${monthStart ? sql`OR (metric = ${MONTH_METRIC} AND period_start = ${monthStart.toISOString()})` : sql``})`;
  await tx.execute(sql`
    WITH locked AS (SELECT shop_domain, period_start, metric FROM shop_usage WHERE ${rows} ORDER BY shop_domain, metric, period_start FOR UPDATE)
    UPDATE shop_usage u SET value = greatest(0, u.value + ${delta})
    FROM locked l WHERE u.shop_domain = l.shop_domain AND u.period_start = l.period_start AND u.metric = l.metric`);
}

/** The plan's name as the merchant knows it ('Starter'), for quota messages; the code if unknown. */
export async function planDisplayName(db: Queryable, code: string): Promise<string> {
  const [plan] = await db.select({ name: subscriptionPlans.name }).from(subscriptionPlans).where(eq(subscriptionPlans.code, code));
  return plan?.name ?? code;
}
