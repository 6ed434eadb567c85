/**
 * The dashboard's figures for one store and period (docs/product/screens.md, docs/product/statuses.md; issue 14): invitations sent,
 * reviews received, their average and distribution, the latest reviews, the funnel of the e-mails
 * sent, reviews over time, whom the public review site hears from, and the sends whose transmission
 * was interrupted (decision 008), which the merchant can re-send from the dashboard.
 *
 * Counts come from the day-by-day figures (insight_request_days, insight_review_days) that database
 * triggers keep exact on every write (decision 014): a store with a million reviews costs what a
 * store with ten does. Reviews with photos (decision 058) are counted from the store's photos of the
 * period (review_photos_shop_idx): a store without photos pays one empty index probe.
 */
import { sql } from 'drizzle-orm';
import {
  periodStart,
  RECENT_REVIEWS,
  TIMELINE_BUCKET,
  UNCONFIRMED_LISTED,
  type DashboardPeriod,
  type DashboardSummary,
  type Representativeness,
  type Timeline,
} from '#core/api/dashboard';
import { REVIEW_PHOTO_LIMITS } from '#core/review-photos';
import { queryRows, type Queryable } from '#db/client';

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
const RATINGS = [5, 4, 3, 2, 1] as const;

/** Mean of ratings weighted by counts, to one decimal; null without any. */
function average(counts: readonly { rating: number; n: number }[]): number | null {
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return null;
  return Math.round((counts.reduce((sum, c) => sum + c.rating * c.n, 0) / total) * 10) / 10;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of the bucket holding `date` (UTC; weeks start on Monday). */
export function bucketStart(date: Date, bucket: Timeline['bucket']): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  if (bucket === 'month') return new Date(Date.UTC(y, m, 1));
  if (bucket === 'week') return new Date(Date.UTC(y, m, d - ((date.getUTCDay() + 6) % 7)));
  return new Date(Date.UTC(y, m, d));
}

function nextBucket(date: Date, bucket: Timeline['bucket']): Date {
  if (bucket === 'month') return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
  return new Date(date.getTime() + (bucket === 'week' ? 7 : 1) * 86_400_000);
}

/** Every bucket from the first to today's, empty ones included, so the chart's axis is regular. */
export function fillTimeline(rows: readonly { start: string; rating: number; n: number }[], bucket: Timeline['bucket'], from: Date | null, now: Date): Timeline {
  const byStart = new Map<string, { rating: number; n: number }[]>();
  for (const row of rows) byStart.set(row.start, [...(byStart.get(row.start) ?? []), row]);
  const first = from ?? (rows.length > 0 ? new Date(`${rows.map((r) => r.start).sort()[0]}T00:00:00Z`) : now);
  const points: Timeline['points'] = [];
  for (let at = bucketStart(first, bucket); at <= now; at = nextBucket(at, bucket)) {
    const counts = byStart.get(isoDay(at)) ?? [];
    points.push({ start: isoDay(at), reviews: counts.reduce((sum, c) => sum + c.n, 0), average_rating: average(counts) });
  }
  return { bucket, points };
}

export async function dashboardSummary(db: Queryable, storeId: string, period: DashboardPeriod, now = new Date()): Promise<DashboardSummary> {
  const since = periodStart(period, now);
  const fromDay = since ? sql`AND day >= ${isoDay(since)}::date` : sql``;
  const fromCreated = since ? sql`AND v.created_at >= ${since}` : sql``;
  const bucket = TIMELINE_BUCKET[period];

  const [requests] = await queryRows<{ sent: number; opened: number; visited: number; reviewed: number }>(
    db,
    sql`SELECT coalesce(sum(sent), 0)::int AS sent, coalesce(sum(opened), 0)::int AS opened,
               coalesce(sum(visited), 0)::int AS visited, coalesce(sum(reviewed), 0)::int AS reviewed
        FROM insight_request_days WHERE shop_id = ${storeId}::uuid ${fromDay}`,
  );
  const byRating = await queryRows<{ rating: number; n: number; offered: number; followed: number }>(
    db,
    sql`SELECT rating, sum(reviews)::int AS n, sum(offered)::int AS offered, sum(followed)::int AS followed
        FROM insight_review_days WHERE shop_id = ${storeId}::uuid ${fromDay} GROUP BY rating`,
  );
  const perBucket = await queryRows<{ start: string; rating: number; n: number }>(
    db,
    sql`SELECT to_char(date_trunc(${bucket}, day::timestamp), 'YYYY-MM-DD') AS start, rating, sum(reviews)::int AS n
        FROM insight_review_days WHERE shop_id = ${storeId}::uuid ${fromDay} AND reviews <> 0 GROUP BY 1, 2`,
  );
  // A photo is added within REVIEW_PHOTO_LIMITS.uploadMinutes of its review: the period's photos are
  // read on the store's index from that much before its start, then counted by their review's date.
  const photosFrom = since ? new Date(since.getTime() - REVIEW_PHOTO_LIMITS.uploadMinutes * 60_000) : null;
  const [withPhotos] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT p.review_id)::int AS n
        FROM review_photos p JOIN shopify_reviews v ON v.id = p.review_id
        WHERE p.shop_id = ${storeId}::uuid ${photosFrom ? sql`AND p.created_at >= ${photosFrom}` : sql``} ${fromCreated}`,
  );
  const recent = await queryRows<Omit<DashboardSummary['recent_reviews'][number], 'created_at'> & { created_at: string }>(
    db,
    sql`SELECT v.id::text, v.rating, v.customer_name, v.comment, v.order_number, v.is_published, v.hidden_reason, v.origin, to_json(v.created_at)#>>'{}' AS created_at
        FROM shopify_reviews v
        WHERE v.shop_id = ${storeId}::uuid ${fromCreated}
        ORDER BY v.created_at DESC, v.id DESC
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
        WHERE r.shop_id = ${storeId}::uuid AND r.status = 'sent' AND r.unconfirmed
        ORDER BY r.sent_at DESC NULLS LAST, r.id
        LIMIT ${UNCONFIRMED_LISTED}`,
  );

  const counted = (key: 'n' | 'offered' | 'followed') => RATINGS.map((rating) => ({ rating, n: byRating.find((r) => r.rating === rating)?.[key] ?? 0 }));
  const distribution = counted('n').map(({ rating, n }) => ({ rating, count: n }));
  const representativeness: Representativeness = {
    ratings: RATINGS.map((rating) => {
      const row = byRating.find((r) => r.rating === rating);
      return { rating, responses: row?.n ?? 0, offered: row?.offered ?? 0, followed: row?.followed ?? 0 };
    }),
    average_responses: average(counted('n')),
    average_offered: average(counted('offered')),
    average_followed: average(counted('followed')),
  };

  return {
    period,
    since: since?.toISOString() ?? null,
    invitations_sent: requests?.sent ?? 0,
    reviews_received: distribution.reduce((sum, d) => sum + d.count, 0),
    reviews_with_photos: withPhotos?.n ?? 0,
    average_rating: representativeness.average_responses,
    distribution,
    recent_reviews: recent.map((r) => ({ ...r, created_at: iso(r.created_at)! })),
    funnel: { sent: requests?.sent ?? 0, opened: requests?.opened ?? 0, visited: requests?.visited ?? 0, reviewed: requests?.reviewed ?? 0 },
    timeline: fillTimeline(perBucket, bucket, since, now),
    representativeness,
    unconfirmed: {
      count: unconfirmed[0]?.total ?? 0,
      items: unconfirmed.map(({ total: _total, ...u }) => ({ ...u, sent_at: iso(u.sent_at) })),
    },
  };
}
