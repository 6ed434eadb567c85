/** The merchant's dashboard (spec sections 2, 4, 9): what the review requests brought, per period. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { isoDateTime } from './wire';

/** The spec's periods; the screen keeps the chosen one in the URL. */
export const DASHBOARD_PERIODS = ['7days', '30days', '90days', 'all'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '30days';
/** Days back of each period; `all` has no start. */
export const PERIOD_DAYS: Record<DashboardPeriod, number | null> = { '7days': 7, '30days': 30, '90days': 90, all: null };
/** The spec's count of recent reviews, and how many unconfirmed sends the dashboard lists. */
export const RECENT_REVIEWS = 5;
export const UNCONFIRMED_LISTED = 5;

export const recentReview = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  customer_name: z.string().nullable(),
  comment: z.string().nullable(),
  order_number: z.string().nullable(),
  is_published: z.boolean(),
  created_at: isoDateTime,
});
export type RecentReview = z.infer<typeof recentReview>;

/** A send whose transmission was interrupted: it may or may not have arrived (decision 008). */
export const unconfirmedSend = z.object({
  id: z.string(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  order_number: z.string().nullable(),
  sent_at: isoDateTime.nullable(),
});
export type UnconfirmedSend = z.infer<typeof unconfirmedSend>;

export const dashboardSummary = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** The period's start; null for `all`. */
  since: isoDateTime.nullable(),
  invitations_sent: z.number().int(),
  reviews_received: z.number().int(),
  /** Null without a review in the period. */
  average_rating: z.number().nullable(),
  /** Reviews per star, 5 to 1. */
  distribution: z.array(z.object({ rating: z.number().int().min(1).max(5), count: z.number().int() })).length(5),
  recent_reviews: z.array(recentReview).max(RECENT_REVIEWS),
  /** Every unconfirmed send of the store (any period), the most recent listed. */
  unconfirmed: z.object({ count: z.number().int(), items: z.array(unconfirmedSend).max(UNCONFIRMED_LISTED) }),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const getDashboard = endpoint({
  method: 'GET',
  path: '/api/dashboard',
  access: 'store',
  summary: "the active store's invitations, reviews, rating distribution and recent reviews for a period",
  query: z.object({ period: z.enum(DASHBOARD_PERIODS, { message: 'Période inconnue (7days, 30days, 90days ou all)' }).default(DEFAULT_DASHBOARD_PERIOD) }),
  response: dashboardSummary,
  errors: [],
});
