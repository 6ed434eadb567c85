/** GET /api/dashboard (the active store's figures for a period) and GET /api/reviews (its reviews list). */
import { getDashboard } from '../../core/api/dashboard';
import { listReviews } from '../../core/api/reviews';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { dashboardSummary } from './dashboard';
import * as reviews from './reviews';

export function insightRoutes(ctx: AppContext) {
  return [
    route(getDashboard, async ({ query, store }) => dashboardSummary(ctx.db, store.id, query.period)),
    route(listReviews, async ({ query, store }) => reviews.listReviews(ctx.db, store.id, query)),
  ];
}
