/**
 * POST /functions/v1/plans-change (spec section 7): a new plan for the active store. Shopify's
 * confirmation page decides: approved, Shopify returns to the billing callback; declined, it sends the
 * merchant to the Shopify admin, and the store keeps its state (a plan change never stops the sender;
 * a store left pending or declined retries from /subscription).
 */
import { changePlan } from '../../core/api/plans';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { route } from '../http/route';
import { BillingError, findPlan, startSubscription } from '../shopify/billing';
import { ShopifyRequestError } from '../shopify/facade';
import { storeRecord } from '../shopify/install-service';
import { isDeadToken } from './shopify-errors';

export function planChangeRoutes(ctx: AppContext) {
  const log = ctx.log.child('plans');
  return [
    route(changePlan, async ({ body, store }) => {
      const plan = await findPlan(ctx.db, body.plan_id);
      if (!plan) throw new DomainError('plan_not_found');
      const record = await storeRecord(ctx.db, store.id);
      try {
        return { success: true as const, confirmation_url: await startSubscription(ctx, ctx.shopify, record, plan) };
      } catch (error) {
        if (isDeadToken(error)) throw new DomainError('shopify_token_invalid');
        if (error instanceof BillingError || error instanceof ShopifyRequestError) {
          log.warn('plan change refused by Shopify', { storeId: store.id, plan: plan.code, error: error.message });
          throw new DomainError('plan_change_failed');
        }
        throw error;
      }
    }),
  ];
}
