/**
 * plans-current (docs/product/calls.md): the store's plan and this billing period's usage, read from the
 * very counters the sender reserves against (quota.ts), so the screen and the sender never disagree:
 * the same window (rolled forward in 30-day steps once the recorded period ended), the same monthly
 * counter, the same daily limit and day counter.
 *
 * A store without a recorded plan: before any subscription the sender sends nothing for it (it
 * claims only for active subscriptions), so the answer is plan 'none', quota 0, remaining 0. An
 * active store without a plan row (which recordSubscription never leaves) gets what the sender then
 * applies: the smallest plan's quota (quota.ts fallbackWindow).
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '#db/client';
import { shopifyStores, storeEmailConfig } from '#db/schema';
import type { SubscriptionStatus } from '#core/domain';
import { planMessages } from '../messages/plans';
import { DEFAULT_DAILY_LIMIT, PERIOD_MS, fallbackWindow, planDisplayName, recordedWindow, usageOf, utcDayStart, type PlanWindow } from './quota';

/** The plan code of a store that has none. */
export const NO_PLAN = 'none';

export interface CurrentPlanState {
  plan: string;
  plan_name: string;
  emails_quota: number | null;
  usage: { emails_sent: number };
  remaining: number | null;
  period_start: Date;
  period_end: Date;
  billing_period_end: Date | null;
  subscription_status: SubscriptionStatus;
  daily_limit: number;
  sent_today: number;
}

export async function readCurrentPlan(db: Queryable, store: { id: string; shopDomain: string; subscriptionStatus: SubscriptionStatus }, now: Date): Promise<CurrentPlanState> {
  const recorded = await recordedWindow(db, store.shopDomain, now);
  const window: PlanWindow = recorded ?? (store.subscriptionStatus === 'active' ? await fallbackWindow(db, now) : noPlanWindow(now));
  const dayStart = utcDayStart(now);
  const usage = await usageOf(db, store.shopDomain, window.periodStart, dayStart);
  const [config] = await db.select({ dailyLimit: storeEmailConfig.dailySendLimit }).from(storeEmailConfig).where(eq(storeEmailConfig.shopId, store.id));
  // Shopify's own billing cycle, recorded by every billing read (billing/sync.ts), told beside the usage period.
  const [billing] = await db.select({ periodEnd: shopifyStores.billingPeriodEnd }).from(shopifyStores).where(eq(shopifyStores.id, store.id));
  return {
    plan: window.plan,
    plan_name: window.plan === NO_PLAN ? planMessages.noPlanName : await planDisplayName(db, window.plan),
    emails_quota: window.quota,
    usage: { emails_sent: usage.month },
    // A downgrade below what the period already used leaves nothing, never a negative count.
    remaining: window.quota === null ? null : Math.max(0, window.quota - usage.month),
    period_start: window.periodStart,
    period_end: window.periodEnd,
    billing_period_end: store.subscriptionStatus === 'active' ? (billing?.periodEnd ?? null) : null,
    subscription_status: store.subscriptionStatus,
    daily_limit: config?.dailyLimit ?? DEFAULT_DAILY_LIMIT,
    sent_today: usage.day,
  };
}

/** No plan: nothing to send; the calendar month as the window, as the sender's fallback counts it. */
function noPlanWindow(now: Date): PlanWindow {
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { plan: NO_PLAN, quota: 0, periodStart, periodEnd: new Date(periodStart.getTime() + PERIOD_MS) };
}
