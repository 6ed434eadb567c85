/**
 * Plans and each store's plan state. The price list is `subscription_plans`; a store's subscription
 * status lives on the store and its plan, quota and billing window in `shop_plans`, written only here
 * (recordSubscription) from what Shopify reports, by the billing return and by the
 * app_subscriptions/update webhook alike. Usage against the quota is quota.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { shopifyStores, subscriptionPlans } from '../../db/schema';
import type { SubscriptionStatus } from '../../core/domain';
import { recordShopPlan } from './quota';

export interface PlanDto {
  id: string;
  code: string;
  name: string;
  price_amount: string;
  price_currency: string;
  email_quota: number | null;
  is_unlimited: boolean;
  features: string[];
  sort_order: number;
}

/** Active plans priced in USD, by sort order (spec section 7). */
export async function listActivePlans(db: Queryable): Promise<PlanDto[]> {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.isActive, true), eq(subscriptionPlans.priceCurrency, 'USD')))
    .orderBy(asc(subscriptionPlans.sortOrder));
  return rows.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    price_amount: p.priceAmount,
    price_currency: p.priceCurrency,
    email_quota: p.emailQuota,
    is_unlimited: p.isUnlimited,
    features: p.features,
    sort_order: p.sortOrder,
  }));
}

const SHOPIFY_STATUSES: Record<string, SubscriptionStatus> = {
  ACTIVE: 'active',
  PENDING: 'pending',
  DECLINED: 'declined',
  EXPIRED: 'expired',
  FROZEN: 'frozen',
  CANCELLED: 'cancelled',
};

/** Shopify's AppSubscription status (ACTIVE, FROZEN, …, any case) as stored; an unknown one reads as inactive. */
export const subscriptionStatusFromShopify = (status: string): SubscriptionStatus => SHOPIFY_STATUSES[status.toUpperCase()] ?? 'inactive';

export interface SubscriptionReport {
  status: SubscriptionStatus;
  /** The plan's name as Shopify reports it (the name we gave the subscription); for an active one. */
  planName?: string | null;
  /** The end of Shopify's current billing period, when Shopify tells it. */
  periodEnd?: Date | null;
  /** The Shopify subscription reported on (AppSubscription gid), when known. */
  subscriptionId?: string | null;
  /**
   * When Shopify changed it (app_subscriptions/update's `updated_at`, in the signed body). Absent for
   * a read of Shopify's current state (the billing return, a sync), which is the truth as of now.
   */
  changedAt?: Date | null;
}

export interface CurrentSubscription {
  status: SubscriptionStatus;
  subscriptionId: string | null;
  updatedAt: Date | null;
}

/**
 * Where one Shopify subscription can go from each state: pending is approved, declined or expires;
 * active is frozen or cancelled; frozen comes back or is cancelled; declined, expired and cancelled
 * are final. Timestamps alone cannot order a report against our own records (Shopify's are to the
 * second, and the store's pending state is ours), the lifecycle can.
 */
const NEXT: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  inactive: ['pending', 'active', 'declined', 'expired', 'frozen', 'cancelled'],
  pending: ['active', 'declined', 'expired'],
  active: ['frozen', 'cancelled'],
  frozen: ['active', 'cancelled'],
  declined: [],
  expired: [],
  cancelled: [],
};

/**
 * Whether a report changes the store's subscription state. Shopify does not order deliveries, even
 * within a topic, so a report is applied by what it is about, not by when it arrives:
 * - about the store's current subscription: only a step its lifecycle allows (NEXT), and not older
 *   than the last state Shopify dated;
 * - about another one becoming active (a new plan replacing the old): only if newer;
 * - another one pending (a plan change awaiting approval): only while no plan is active, or the
 *   sender would stop during a plan change;
 * - another one cancelled, declined, expired or frozen (the old plan's cancellation after the new one's
 *   activation, a declined plan change): never, unless the store knows no subscription yet.
 * A report without a subscription id (a state read without one) always applies.
 */
export function appliesTo(current: CurrentSubscription, report: SubscriptionReport): boolean {
  if (!report.subscriptionId) return true;
  const newer = !current.updatedAt || !report.changedAt || report.changedAt >= current.updatedAt;
  if (report.subscriptionId === current.subscriptionId) return newer && (report.status === current.status || NEXT[current.status].includes(report.status));
  if (report.status === 'active') return newer;
  if (report.status === 'pending') return current.status !== 'active';
  return current.subscriptionId === null && current.status !== 'active';
}

/**
 * Records the store's subscription: its status on the store and, when active, its plan, quota and
 * billing window in shop_plans. The window moves only when the period really changes (see
 * recordShopPlan): a replayed or repeated report never resets the quota. A plan name we do not know
 * gets the smallest limited quota, never an unlimited one by mistake. A report that does not apply
 * (appliesTo: stale, or about another subscription) changes nothing: returns false. Run it in the
 * caller's transaction when the store must not be seen active without its plan.
 */
export async function recordSubscription(db: Queryable, store: { id: string; shopDomain: string }, report: SubscriptionReport, now: Date): Promise<boolean> {
  // Locked: two deliveries about one store are decided one after the other.
  const [current] = await db
    .select({ status: shopifyStores.subscriptionStatus, subscriptionId: shopifyStores.shopifySubscriptionId, updatedAt: shopifyStores.subscriptionUpdatedAt })
    .from(shopifyStores)
    .where(eq(shopifyStores.id, store.id))
    .for('update');
  if (!current || !appliesTo(current, report)) return false;
  await db
    .update(shopifyStores)
    .set({
      subscriptionStatus: report.status,
      // Only Shopify's own time orders later reports; a read of the current state or our own pending
      // record leaves it to the lifecycle (NEXT).
      ...(report.subscriptionId ? { shopifySubscriptionId: report.subscriptionId, subscriptionUpdatedAt: report.changedAt ?? null } : {}),
      updatedAt: now,
    })
    .where(eq(shopifyStores.id, store.id));
  if (report.status !== 'active') return true;
  const [plan] = report.planName ? await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, report.planName)) : [];
  await recordShopPlan(db, store.shopDomain, plan ? { code: plan.code, quota: plan.emailQuota } : null, report.periodEnd ?? null, now);
  return true;
}
