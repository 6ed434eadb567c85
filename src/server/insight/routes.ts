/** GET /api/dashboard (the active store's figures for a period), GET /api/reviews (its reviews list) and its CSV export. */
import { getDashboard } from '#core/api/dashboard';
import { exportReviews, listReviews } from '#core/api/reviews';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { dashboardSummary } from './dashboard';
import * as reviews from './reviews';
import { exportFileName, reviewsCsv } from './reviews-csv';

export function insightRoutes(ctx: AppContext) {
  return [
    route(getDashboard, async ({ query, store }) => dashboardSummary(ctx.db, store.id, query.period)),
    route(listReviews, async ({ query, store }) => reviews.listReviews(ctx, ctx.db, store.id, query)),
    route(
      exportReviews,
      async ({ query, store }) =>
        new Response(reviewsCsv(ctx, ctx.db, store.id, query), {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="${exportFileName()}"`,
            'Cache-Control': 'no-store',
          },
        }),
    ),
  ];
}
