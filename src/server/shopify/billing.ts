/**
 * Plans are billed through Shopify: appSubscriptionCreate sends the merchant to Shopify's confirmation
 * page; on return we read currentAppInstallation and record the result through the plans module
 * (plans/service.ts recordSubscription: the store's status, and its plan and quota in shop_plans).
 */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { shopifyStores, subscriptionPlans } from '../../db/schema';
import type { SubscriptionStatus } from '../../core/domain';
import type { AppContext } from '../context';
import { storeAccessToken } from './store-tokens';
import { recordSubscription } from '../plans/service';
import type { ShopifyFacade } from './facade';
import { ACTIVE_SUBSCRIPTIONS, CREATE_SUBSCRIPTION } from './admin-documents';

type Plan = typeof subscriptionPlans.$inferSelect;
type Store = typeof shopifyStores.$inferSelect;

export class BillingError extends Error {}

export async function findPlan(db: Queryable, planId: string): Promise<Plan | null> {
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.isActive, true)));
  return plan ?? null;
}

/** Starts a subscription for `plan` and returns Shopify's confirmation URL. */
export async function startSubscription(ctx: AppContext, shopify: ShopifyFacade, store: Store, plan: Plan): Promise<string> {
  if (!store.accessToken) throw new BillingError('store has no access token');
  const { accessToken } = await storeAccessToken(ctx, store.id);
  const data = await shopify.graphql<{
    appSubscriptionCreate: { appSubscription: { id: string } | null; confirmationUrl: string | null; userErrors: { message: string }[] };
  }>(store.shopDomain, accessToken, CREATE_SUBSCRIPTION, {
    name: plan.name,
    returnUrl: `${ctx.config.appUrl}/functions/v1/shopify-billing-callback?store_id=${store.id}`,
    // Test charges everywhere but production: nobody is billed by a demo or a test run.
    test: !ctx.config.production,
    lineItems: [{ plan: { appRecurringPricingDetails: { price: { amount: Number(plan.priceAmount), currencyCode: plan.priceCurrency }, interval: 'EVERY_30_DAYS' } } }],
    // Shopify's standard replacement: an upgrade replaces the current plan at once (prorated), a
    // downgrade at the end of the period already paid.
    replacementBehavior: 'STANDARD',
  });
  const result = data.appSubscriptionCreate;
  if (!result.confirmationUrl || result.userErrors.length > 0) {
    throw new BillingError(result.userErrors.map((e) => e.message).join('; ') || 'no confirmation URL');
  }
  // Pending only for a store without an active plan: a plan change must not stop the sender while
  // the merchant decides (plans/service.ts appliesTo).
  await recordSubscription(ctx.db, store, { status: 'pending', subscriptionId: result.appSubscription?.id ?? null }, new Date());
  return result.confirmationUrl;
}

/** The shop's active subscription as Shopify reports it (the name is the plan's, as startSubscription gave it). */
export interface ActiveSubscription {
  id: string;
  name: string;
  /** The end of Shopify's current billing period, when Shopify tells it. */
  periodEnd: Date | null;
}

/**
 * Reads the shop's active subscription from Shopify (or the emulator), or null when none is active.
 * Records nothing. Throws StoreTokenError (no usable token) or ShopifyRequestError.
 */
export async function readActiveSubscription(ctx: AppContext, shopify: ShopifyFacade, store: Store): Promise<ActiveSubscription | null> {
  const { accessToken } = await storeAccessToken(ctx, store.id);
  const data = await shopify.graphql<{
    currentAppInstallation: { activeSubscriptions: { id: string; name: string; status: string; currentPeriodEnd: string | null }[] };
  }>(store.shopDomain, accessToken, ACTIVE_SUBSCRIPTIONS);
  const active = data.currentAppInstallation.activeSubscriptions.find((s) => s.status === 'ACTIVE');
  return active ? { id: active.id, name: active.name, periodEnd: active.currentPeriodEnd ? new Date(active.currentPeriodEnd) : null } : null;
}

/**
 * Records an active subscription read from Shopify: status on the store, and the plan, quota and
 * period in shop_plans, together. False when it did not apply (plans/service.ts appliesTo).
 */
export function recordActiveSubscription(ctx: AppContext, store: Store, active: ActiveSubscription, now = new Date()): Promise<boolean> {
  return ctx.db.transaction((tx) => recordSubscription(tx, store, { status: 'active', planName: active.name, periodEnd: active.periodEnd, subscriptionId: active.id }, now));
}

/**
 * Reads the shop's active subscription from Shopify and records it: status on the store, and the
 * plan, quota and period in shop_plans. Returns the status recorded.
 */
export async function syncSubscription(ctx: AppContext, shopify: ShopifyFacade, store: Store, now = new Date()): Promise<SubscriptionStatus> {
  if (!store.accessToken) throw new BillingError('store has no access token');
  const active = await readActiveSubscription(ctx, shopify, store);
  if (!active) {
    // Shopify's current state, read now: nothing active. No id: this is about whatever the store had.
    const status: SubscriptionStatus = store.subscriptionStatus === 'active' ? 'cancelled' : 'declined';
    await recordSubscription(ctx.db, store, { status }, now);
    return status;
  }
  await recordActiveSubscription(ctx, store, active, now);
  return 'active';
}
