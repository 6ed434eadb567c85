/** Answers of the dashboard's endpoint, for the screen's tests and the server's rendering of it. */
import type { getDashboard } from '#core/api/dashboard';
import type { ResponseOf } from '#core/api/endpoint';

type DashboardSummary = ResponseOf<typeof getDashboard>;

/** A dashboard answer (GET /api/dashboard) of the last 30 days; `overrides` replace its fields. */
export const dashboardSummary = (overrides: Partial<DashboardSummary> = {}): DashboardSummary => ({
  period: '30days',
  since: '2026-10-25T12:00:00.000Z',
  invitations_sent: 1280,
  reviews_received: 3,
  reviews_with_photos: 1,
  average_rating: 4.7,
  distribution: [
    { rating: 5, count: 2 },
    { rating: 4, count: 1 },
    { rating: 3, count: 0 },
    { rating: 2, count: 0 },
    { rating: 1, count: 0 },
  ],
  recent_reviews: [
    {
      id: 'r1',
      rating: 5,
      customer_name: 'Léa Dubois',
      comment: 'Parfait, merci\u202f!',
      order_number: '#1042',
      is_published: true,
      hidden_reason: null,
      origin: 'order',
      created_at: '2026-11-23T09:00:00.000Z',
    },
    {
      id: 'r2',
      rating: 4,
      customer_name: null,
      comment: null,
      order_number: null,
      is_published: false,
      hidden_reason: null,
      origin: 'shared_link',
      created_at: '2026-11-22T09:00:00.000Z',
    },
  ],
  unconfirmed: { count: 0, items: [] },
  funnel: { sent: 1280, opened: 640, visited: 400, reviewed: 256 },
  timeline: {
    bucket: 'day',
    points: [
      { start: '2026-11-22', reviews: 1, average_rating: 4 },
      { start: '2026-11-23', reviews: 2, average_rating: 5 },
      { start: '2026-11-24', reviews: 0, average_rating: null },
    ],
  },
  representativeness: representativeness(),
  ...overrides,
});

/** Everyone offered the site; the happy ones followed it more. */
export function representativeness(
  ratings = [
    { rating: 5, responses: 40, offered: 40, followed: 20 },
    { rating: 4, responses: 30, offered: 30, followed: 10 },
    { rating: 3, responses: 10, offered: 10, followed: 2 },
    { rating: 2, responses: 10, offered: 10, followed: 1 },
    { rating: 1, responses: 10, offered: 10, followed: 1 },
  ],
  averages: { average_responses: number | null; average_offered: number | null; average_followed: number | null } = {
    average_responses: 3.8,
    average_offered: 3.8,
    average_followed: 4.4,
  },
): DashboardSummary['representativeness'] {
  return { ratings, ...averages };
}
