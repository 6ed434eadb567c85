/**
 * Plans are billed through Shopify, and Shopify holds the truth (decision 021). This module speaks
 * to Shopify's Billing API only: it starts a subscription (appSubscriptionCreate sends the merchant to
 * Shopify's confirmation page), reads the installation's billing as it is now, and cancels or
 * uninstalls when the merchant asks. What is recorded from a read is decided by billing/sync.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '#db/client';
import { shopifyStores, subscriptionPlans } from '#db/schema';
import type { AppContext } from '../context';
import { isDeadToken, storeAccessToken } from './store-tokens';
import { ShopifyRequestError, answered, type ShopifyFacade } from './facade';
import { BILLING_STATE, CANCEL_SUBSCRIPTION, CREATE_SUBSCRIPTION, UNINSTALL_APP } from './admin-documents';
import type { BillingStateQuery, CurrencyCode } from './generated/admin-types';

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

/**
 * Creates a subscription for `plan` and returns Shopify's confirmation URL. Records nothing: the
 * caller re-reads Shopify (billing/sync.ts), which then sees the new charge pending. `change`: it
 * replaces a plan the store pays for already, which the billing return then says (decision 045).
 * `returnUrl`: where Shopify sends the merchant after approval, instead of the standalone billing
 * callback (which needs the site's session cookie): the app's page in the admin for the admin door.
 */
export async function startSubscription(
  ctx: AppContext,
  shopify: ShopifyFacade,
  store: Store,
  plan: Plan,
  { change = false, returnUrl }: { change?: boolean; returnUrl?: string } = {},
): Promise<string> {
  if (!store.accessToken) throw new BillingError('store has no access token');
  const { accessToken } = await storeAccessToken(ctx, store.id);
  const data = await shopify.graphql(store.shopDomain, accessToken, CREATE_SUBSCRIPTION, {
    name: plan.name,
    returnUrl: returnUrl ?? `${ctx.config.appUrl}/functions/v1/shopify-billing-callback?store_id=${store.id}${change ? '&change=1' : ''}`,
    // Test charges everywhere but production: nobody is billed by a demo or a test run.
    test: !ctx.config.production,
    lineItems: [
      { plan: { appRecurringPricingDetails: { price: { amount: Number(plan.priceAmount), currencyCode: plan.priceCurrency as CurrencyCode }, interval: 'EVERY_30_DAYS' } } },
    ],
    // Shopify's standard replacement: an upgrade replaces the current plan at once (prorated), a
    // downgrade at the end of the period already paid.
    replacementBehavior: 'STANDARD',
  });
  const result = answered(data.appSubscriptionCreate, 'appSubscriptionCreate');
  if (!result.confirmationUrl || result.userErrors.length > 0) {
    throw new BillingError(result.userErrors.map((e) => e.message).join('; ') || 'no confirmation URL');
  }
  return result.confirmationUrl;
}

/** One of the installation's subscriptions as Shopify reports it (the name is the plan's, as startSubscription gave it). */
export interface ShopifySubscription {
  id: string;
  name: string;
  /** ACTIVE, PENDING, ACCEPTED, DECLINED, EXPIRED, FROZEN, CANCELLED. */
  status: string;
  createdAt: Date;
  /** The end of Shopify's current billing period, when Shopify tells it. */
  periodEnd: Date | null;
}

/** The installation's billing as Shopify holds it at the moment of the read. */
export interface ShopifyBilling {
  /** False when Shopify refuses the store's token for good: the app is no longer installed (or was never reachable). */
  installed: boolean;
  /** activeSubscriptions. */
  active: ShopifySubscription[];
  /** The newest subscriptions of any status, newest first (allSubscriptions). */
  recent: ShopifySubscription[];
}

type SubscriptionNode = BillingStateQuery['currentAppInstallation']['activeSubscriptions'][number];

const subscription = (n: SubscriptionNode): ShopifySubscription => ({
  id: n.id,
  name: n.name,
  status: n.status.toUpperCase(),
  createdAt: new Date(n.createdAt),
  periodEnd: n.currentPeriodEnd ? new Date(n.currentPeriodEnd) : null,
});

/**
 * Reads the installation's billing from Shopify (or the emulator). A token Shopify refuses for good
 * (no token, 401, a refused refresh) reads as not installed: after an uninstall Shopify revokes the
 * app's tokens, and that refusal is the truth we can observe. Any other failure throws (retry later).
 */
export async function readShopifyBilling(ctx: AppContext, shopify: ShopifyFacade, store: Pick<Store, 'id' | 'shopDomain'>): Promise<ShopifyBilling> {
  try {
    const { accessToken } = await storeAccessToken(ctx, store.id);
    const data = await shopify.graphql(store.shopDomain, accessToken, BILLING_STATE);
    const installation = data.currentAppInstallation;
    return { installed: true, active: installation.activeSubscriptions.map(subscription), recent: installation.allSubscriptions.nodes.map(subscription) };
  } catch (error) {
    if (isDeadToken(error)) return { installed: false, active: [], recent: [] };
    throw error;
  }
}

/** What a disconnect did on Shopify, step by step. */
export interface ShopifyRemoval {
  /** Every active or pending subscription was cancelled (true also when there was none). */
  subscriptionCancelled: boolean;
  appUninstalled: boolean;
  /** Why a step failed: the token is refused (the merchant acts in Shopify), or Shopify failed. */
  failure: 'token_invalid' | 'shopify_failed' | null;
}

/**
 * Cancels the installation's subscriptions, then uninstalls the app from the shop (the merchant's
 * choice when disconnecting). Each step is reported; a failed step stops the next. Uninstalling alone
 * would also end the subscriptions on Shopify, but cancelling first makes the end of billing explicit
 * even if the uninstall then fails.
 */
export async function cancelAndUninstall(ctx: AppContext, shopify: ShopifyFacade, store: Pick<Store, 'id' | 'shopDomain'>): Promise<ShopifyRemoval> {
  const outcome: ShopifyRemoval = { subscriptionCancelled: false, appUninstalled: false, failure: null };
  const log = ctx.log.child('billing');
  try {
    const billing = await readShopifyBilling(ctx, shopify, store);
    if (!billing.installed) return { ...outcome, failure: 'token_invalid' };
    const { accessToken } = await storeAccessToken(ctx, store.id);
    const live = [...billing.active, ...billing.recent.filter((s) => s.status === 'PENDING' || s.status === 'FROZEN' || s.status === 'ACCEPTED')];
    for (const id of new Set(live.map((s) => s.id))) {
      const { userErrors } = answered((await shopify.graphql(store.shopDomain, accessToken, CANCEL_SUBSCRIPTION, { id })).appSubscriptionCancel, 'appSubscriptionCancel');
      if (userErrors.length > 0) throw new BillingError(userErrors.map((e) => e.message).join('; '));
    }
    outcome.subscriptionCancelled = true;
    const { userErrors } = answered((await shopify.graphql(store.shopDomain, accessToken, UNINSTALL_APP)).appUninstall, 'appUninstall');
    if (userErrors.length > 0) throw new BillingError(userErrors.map((e) => e.message).join('; '));
    outcome.appUninstalled = true;
    return outcome;
  } catch (error) {
    if (!isDeadToken(error) && !(error instanceof ShopifyRequestError) && !(error instanceof BillingError)) throw error;
    const failure = isDeadToken(error) ? 'token_invalid' : 'shopify_failed';
    log.warn('removing the app from Shopify failed', { storeId: store.id, step: outcome.subscriptionCancelled ? 'uninstall' : 'cancel', error: (error as Error).message });
    return { ...outcome, failure };
  }
}
