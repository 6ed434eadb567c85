/** GET /api/dashboard: the active store's figures for a period. */
import { getDashboard } from '../../core/api/dashboard';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { dashboardSummary } from './dashboard';

export function insightRoutes(ctx: AppContext) {
  return [route(getDashboard, async ({ query, store }) => dashboardSummary(ctx.db, store.id, query.period))];
}
