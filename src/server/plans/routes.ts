/** GET /api/plans: the active USD plans, the one source of every price the product shows. */
import { listPlans } from '#core/api/plans';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { cachedPlans } from './service';

export function planRoutes(ctx: AppContext) {
  const plans = cachedPlans(ctx);
  return [route(listPlans, async () => ({ plans: await plans() }))];
}
