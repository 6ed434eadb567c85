/** GET /api/plans: the active USD plans, the one source of every price the product shows. */
import { listPlans } from '#core/api/plans';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { listActivePlans, type PlanDto } from './service';

/**
 * Plans change only with a migration or a seed (there is no plan editor), yet every landing page
 * and plan screen reads them: one read per process per minute instead of one per request. Measured
 * in `npm run bench` (http case). The legal pages read the same list (legal/routes.ts).
 */
const PLAN_CACHE_MS = 60_000;

export function cachedPlans(ctx: AppContext): () => Promise<PlanDto[]> {
  let cached: { at: number; plans: Promise<PlanDto[]> } | null = null;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > PLAN_CACHE_MS) {
      const plans = listActivePlans(ctx.db);
      cached = { at: now, plans };
      // A failed read is not kept: the next request tries again.
      plans.catch(() => {
        if (cached?.plans === plans) cached = null;
      });
    }
    return cached.plans;
  };
}

export function planRoutes(ctx: AppContext) {
  const plans = cachedPlans(ctx);
  return [route(listPlans, async () => ({ plans: await plans() }))];
}
