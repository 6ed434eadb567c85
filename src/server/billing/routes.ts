/**
 * The plan functions that speak to Shopify (docs/product/calls.md), each on the session's active store:
 * - POST shopify-sync-plan: re-read Shopify's billing and record it (the app calls it when the
 *   merchant opens it); answers a refused plan change once;
 * - POST plans-set: records a plan only when it is Shopify's active subscription's (no plan without
 *   payment, on the emulator as anywhere);
 * - POST plans-change: a new Shopify subscription; Shopify's confirmation page decides (approved:
 *   the billing callback; declined: Shopify's admin, and the next opening of the app says so).
 */
import { and, eq } from 'drizzle-orm';
import { changePlan, setPlan, syncPlan } from '#core/api/plans';
import { subscriptionPlans } from '#db/schema';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { route } from '../http/route';
import { planMessages } from '../messages/plans';
import { readCurrentPlan } from '../plans/current';
import { isDeadToken } from '../shopify/store-tokens';
import { BillingError, findPlan, readShopifyBilling, startSubscription } from '../shopify/billing';
import { adminAppPageUrl } from '../shopify/admin-load';
import { bearerToken } from '../shopify/session-token';
import { ShopifyRequestError } from '../shopify/facade';
import { storeRecord } from '../shopify/install-service';
import { takeBillingNotice } from './notices';
import { applyBilling, recordPendingCharge, syncBilling, takeTicket } from './sync';
import { billingVerdict } from './verdict';

export function billingRoutes(ctx: AppContext) {
  const log = ctx.log.child('billing');

  /** A Shopify failure told as the plan functions' codes; anything else passes. */
  const shopifyFailure = (storeId: string, error: unknown): never => {
    if (isDeadToken(error)) throw new DomainError('shopify_token_invalid');
    if (error instanceof ShopifyRequestError) {
      log.warn('billing read failed', { storeId, status: error.status, error: error.message });
      throw new DomainError('plan_sync_failed');
    }
    throw error;
  };

  return [
    route(syncPlan, async ({ store }) => {
      const synced = await syncBilling(ctx, store.id).catch((error: unknown) => shopifyFailure(store.id, error));
      // Not installed any more: the store was just disconnected here; the merchant reconnects from Shopify.
      if (!synced.billing.installed) throw new DomainError('shopify_token_invalid');
      const after = await storeRecord(ctx.db, store.id);
      const current = await readCurrentPlan(ctx.db, { id: after.id, shopDomain: after.shopDomain, subscriptionStatus: after.subscriptionStatus }, new Date());
      return { success: true as const, plan: current.plan, subscription_status: after.subscriptionStatus, notice: await takeBillingNotice(ctx.db, store.id) };
    }),

    route(setPlan, async ({ body, store }) => {
      const [plan] = await ctx.db
        .select()
        .from(subscriptionPlans)
        .where(and(eq(subscriptionPlans.code, body.plan), eq(subscriptionPlans.isActive, true)));
      if (!plan) throw new DomainError('plan_not_found');
      const record = await storeRecord(ctx.db, store.id);
      const ticket = await takeTicket(ctx, store.id);
      const billing = await readShopifyBilling(ctx, ctx.shopify, record).catch((error: unknown) => shopifyFailure(store.id, error));
      if (!billing.installed) throw new DomainError('shopify_token_invalid');
      // Refused unless Shopify's active subscription is this plan: nothing is written then.
      if (billingVerdict(billing).active?.name !== plan.name) throw new DomainError('plan_not_paid');
      const { applied } = await ctx.db.transaction((tx) => applyBilling(tx, store.id, ticket, billing, new Date()));
      // A newer read was applied meanwhile: it said at least as much; the merchant may look again.
      if (!applied) throw new DomainError('plan_sync_failed');
      return { message: planMessages.setSuccess };
    }),

    route(changePlan, async ({ c, body, store }) => {
      const plan = await findPlan(ctx.db, body.plan_id);
      if (!plan) throw new DomainError('plan_not_found');
      const record = await storeRecord(ctx.db, store.id);
      // From inside the Shopify admin (a session token, decision 053) the merchant has no cookie here:
      // Shopify brings them back to the app's page in the admin, whose load reads the billing again.
      const fromAdmin = bearerToken(c.req.header('authorization')) !== null;
      let confirmationUrl: string;
      try {
        // Decided now, not at the return: by then Shopify's own webhook may have recorded the new plan.
        confirmationUrl = await startSubscription(ctx, ctx.shopify, record, plan, {
          change: record.subscriptionStatus === 'active',
          returnUrl: fromAdmin
            ? adminAppPageUrl(record.shopDomain, '/app/dashboard', { apiKey: ctx.config.shopify.apiKey, appUrl: ctx.config.appUrl, emulated: Boolean(ctx.emulator) })
            : undefined,
        });
      } catch (error) {
        if (isDeadToken(error)) throw new DomainError('shopify_token_invalid');
        if (error instanceof BillingError || error instanceof ShopifyRequestError) {
          log.warn('plan change refused by Shopify', { storeId: store.id, plan: plan.code, error: error.message });
          throw new DomainError('plan_change_failed');
        }
        throw error;
      }
      await recordPendingCharge(ctx, store.id);
      return { success: true as const, confirmation_url: confirmationUrl };
    }),
  ];
}
