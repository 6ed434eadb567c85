/**
 * The dashboard's figures for one store and period (spec sections 2, 4): invitations sent, reviews
 * received, their average and distribution, the latest reviews, and the sends whose transmission
 * was interrupted (decision 008), which the merchant can re-send from the dashboard.
 */
import { sql } from 'drizzle-orm';
import { PERIOD_DAYS, RECENT_REVIEWS, UNCONFIRMED_LISTED, type DashboardPeriod, type DashboardSummary } from '../../core/api/dashboard';
import { SENT_STATUSES } from '../../core/domain';
import { queryRows, type Queryable } from '../../db/client';
import { UNCONFIRMED_NOTE } from '../requests/sender';

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

export async function dashboardSummary(db: Queryable, storeId: string, period: DashboardPeriod, now = new Date()): Promise<DashboardSummary> {
  const days = PERIOD_DAYS[period];
  const since = days === null ? null : new Date(now.getTime() - days * 86_400_000);
  const from = (column: string) => (since ? sql`AND ${sql.raw(column)} >= ${since}` : sql``);

  // Sent: a request that left (a shared link that was never e-mailed has no sent_at).
  const [sent] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM shopify_review_requests
        WHERE shop_id = ${storeId}::uuid AND sent_at IS NOT NULL AND status IN (${sql.join(
          SENT_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )}) ${from('sent_at')}`,
  );
  const counts = await queryRows<{ rating: number; n: number }>(
    db,
    sql`SELECT rating, count(*)::int AS n FROM shopify_reviews WHERE shop_id = ${storeId}::uuid ${from('created_at')} GROUP BY rating`,
  );
  const distribution = [5, 4, 3, 2, 1].map((rating) => ({ rating, count: counts.find((c) => c.rating === rating)?.n ?? 0 }));
  const received = distribution.reduce((sum, d) => sum + d.count, 0);
  const average = received === 0 ? null : Math.round((distribution.reduce((sum, d) => sum + d.rating * d.count, 0) / received) * 10) / 10;

  const recent = await queryRows<Omit<DashboardSummary['recent_reviews'][number], 'created_at'> & { created_at: string }>(
    db,
    sql`SELECT v.id::text, v.rating, v.customer_name, v.comment, o.order_number, v.is_published, to_json(v.created_at)#>>'{}' AS created_at
        FROM shopify_reviews v
        LEFT JOIN shopify_review_requests r ON r.id = v.review_request_id
        LEFT JOIN shopify_orders o ON o.id = r.order_id
        WHERE v.shop_id = ${storeId}::uuid ${from('v.created_at')}
        ORDER BY v.created_at DESC, v.id
        LIMIT ${RECENT_REVIEWS}`,
  );

  const unconfirmed = await queryRows<{
    id: string;
    customer_name: string | null;
    customer_email: string | null;
    order_number: string | null;
    sent_at: string | null;
    total: number;
  }>(
    db,
    sql`SELECT r.id::text, r.customer_name, r.customer_email, o.order_number, to_json(r.sent_at)#>>'{}' AS sent_at, count(*) OVER ()::int AS total
        FROM shopify_review_requests r LEFT JOIN shopify_orders o ON o.id = r.order_id
        WHERE r.shop_id = ${storeId}::uuid AND r.status = 'sent' AND r.last_error = ${UNCONFIRMED_NOTE}
        ORDER BY r.sent_at DESC NULLS LAST, r.id
        LIMIT ${UNCONFIRMED_LISTED}`,
  );

  return {
    period,
    since: since?.toISOString() ?? null,
    invitations_sent: sent?.n ?? 0,
    reviews_received: received,
    average_rating: average,
    distribution,
    recent_reviews: recent.map((r) => ({ ...r, created_at: iso(r.created_at)! })),
    unconfirmed: {
      count: unconfirmed[0]?.total ?? 0,
      items: unconfirmed.map(({ total: _total, ...u }) => ({ ...u, sent_at: iso(u.sent_at) })),
    },
  };
}
