/**
 * The store's plan state (docs/product/calls.md): GET plans-current, on the session's active store only
 * (access 'store'). The functions that speak to Shopify (shopify-sync-plan, plans-set,
 * plans-change) are billing/routes.ts.
 */
import { currentPlan } from '#core/api/plans';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { readCurrentPlan } from './current';

export function planStateRoutes(ctx: AppContext) {
  return [
    route(currentPlan, async ({ store }) => readCurrentPlan(ctx.db, { id: store.id, shopDomain: store.shop_domain, subscriptionStatus: store.subscription_status }, new Date())),
  ];
}
