/**
 * shopify-sync-plan and plans-set (spec section 7): both re-read the store's active subscription
 * from Shopify (the local emulator in development and tests: there too its subscription is the
 * truth) and record it through the one writer of plan state (service.ts recordSubscription, by way
 * of shopify/billing.ts). plans-set records a plan only when it is the active subscription's: no plan
 * without payment, on the emulator as anywhere.
 */
import { and, eq } from 'drizzle-orm';
import { subscriptionPlans } from '../../db/schema';
import type { PlanCode } from '../../core/api/plans';
import type { SubscriptionStatus } from '../../core/domain';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { readActiveSubscription, recordActiveSubscription, type ActiveSubscription } from '../shopify/billing';
import { ShopifyRequestError } from '../shopify/facade';
import { storeRecord } from '../shopify/install-service';
import { readCurrentPlan } from './current';
import { recordSubscription } from './service';
import { isDeadToken } from './shopify-errors';

type StoreRecord = Awaited<ReturnType<typeof storeRecord>>;

/** Shopify's active subscription, its failures told as the plan functions' codes. */
async function activeOnShopify(ctx: AppContext, store: StoreRecord): Promise<ActiveSubscription | null> {
  try {
    return await readActiveSubscription(ctx, ctx.shopify, store);
  } catch (error) {
    if (isDeadToken(error)) throw new DomainError('shopify_token_invalid');
    if (error instanceof ShopifyRequestError) {
      ctx.log.child('plans').warn('subscription read failed', { storeId: store.id, status: error.status, error: error.message });
      throw new DomainError('plan_sync_failed');
    }
    throw error;
  }
}

/**
 * Records what Shopify says now: an active subscription with its plan and period; none active ends
 * an active store's subscription (cancelled). A store that is not active keeps its state: pending
 * while the merchant is still on Shopify's confirmation page (a silent sync on page load must not
 * call that declined), declined, expired and frozen as Shopify's webhooks reported them.
 */
export async function syncStorePlan(ctx: AppContext, storeId: string, now = new Date()): Promise<{ plan: string; subscription_status: SubscriptionStatus }> {
  const store = await storeRecord(ctx.db, storeId);
  const active = await activeOnShopify(ctx, store);
  if (active) await recordActiveSubscription(ctx, store, active, now);
  else if (store.subscriptionStatus === 'active') await recordSubscription(ctx.db, store, { status: 'cancelled' }, now);
  const after = await storeRecord(ctx.db, storeId);
  const current = await readCurrentPlan(ctx.db, { id: after.id, shopDomain: after.shopDomain, subscriptionStatus: after.subscriptionStatus }, now);
  return { plan: current.plan, subscription_status: after.subscriptionStatus };
}

/**
 * Records `code` as the store's plan only when Shopify's active subscription is that plan (by the
 * name startSubscription gives it); otherwise plan_not_paid and nothing is written.
 */
export async function setStorePlan(ctx: AppContext, storeId: string, code: PlanCode, now = new Date()): Promise<void> {
  const [plan] = await ctx.db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.code, code), eq(subscriptionPlans.isActive, true)));
  if (!plan) throw new DomainError('plan_not_found');
  const store = await storeRecord(ctx.db, storeId);
  const active = await activeOnShopify(ctx, store);
  if (!active || active.name !== plan.name) throw new DomainError('plan_not_paid');
  // Refused only when our records contradict Shopify's lifecycle (a subscription we saw end is
  // active again): nothing was written, the merchant may sync again.
  if (!(await recordActiveSubscription(ctx, store, active, now))) throw new DomainError('plan_sync_failed');
}
