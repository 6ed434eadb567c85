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
}

/**
 * Records the store's subscription: its status on the store and, when active, its plan, quota and
 * billing window in shop_plans. The window moves only when the period really changes (see
 * recordShopPlan): a replayed or repeated report never resets the quota. A plan name we do not know
 * gets the smallest limited quota, never an unlimited one by mistake. Run it in the caller's
 * transaction when the store must not be seen active without its plan.
 */
export async function recordSubscription(db: Queryable, store: { id: string; shopDomain: string }, report: SubscriptionReport, now: Date): Promise<void> {
  await db.update(shopifyStores).set({ subscriptionStatus: report.status, updatedAt: now }).where(eq(shopifyStores.id, store.id));
  if (report.status !== 'active') return;
  const [plan] = report.planName ? await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, report.planName)) : [];
  await recordShopPlan(db, store.shopDomain, plan ? { code: plan.code, quota: plan.emailQuota } : null, report.periodEnd ?? null, now);
}
