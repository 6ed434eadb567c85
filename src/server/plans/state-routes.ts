/**
 * The store's plan state (spec section 7): GET plans-current, POST shopify-sync-plan, POST plans-set.
 * Each acts on the session's active store only (access 'store').
 */
import { currentPlan, setPlan, syncPlan } from '../../core/api/plans';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { planMessages } from '../messages/plans';
import { readCurrentPlan } from './current';
import { setStorePlan, syncStorePlan } from './sync';

export function planStateRoutes(ctx: AppContext) {
  return [
    route(currentPlan, async ({ store }) => readCurrentPlan(ctx.db, { id: store.id, shopDomain: store.shop_domain, subscriptionStatus: store.subscription_status }, new Date())),

    route(syncPlan, async ({ store }) => ({ success: true as const, ...(await syncStorePlan(ctx, store.id)) })),

    route(setPlan, async ({ body, store }) => {
      await setStorePlan(ctx, store.id, body.plan);
      return { message: planMessages.setSuccess };
    }),
  ];
}
