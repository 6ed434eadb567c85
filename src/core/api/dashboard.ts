/** The merchant's dashboard (docs/product/screens.md, docs/product/statuses.md, docs/product/limits.md): what the review requests brought, per period. */
import { z } from 'zod';
import { REVIEW_ORIGINS } from '../review-origin';
import { endpoint } from './endpoint';
import { HIDE_REASONS } from './storefront';
import { isoDateTime } from './wire';

/** The spec's periods; the screen keeps the chosen one in the URL. */
export const DASHBOARD_PERIODS = ['7days', '30days', '90days', 'all'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '30days';
/**
 * Days of each period, today included; `all` has no start. Periods are whole days (UTC), as the
 * day-by-day figures they are read from (decision 014).
 */
export const PERIOD_DAYS: Record<DashboardPeriod, number | null> = { '7days': 7, '30days': 30, '90days': 90, all: null };

/** How the reviews-over-time chart groups its points for each period. */
export const TIMELINE_BUCKET: Record<DashboardPeriod, 'day' | 'week' | 'month'> = { '7days': 'day', '30days': 'day', '90days': 'week', all: 'month' };

/** The first instant of a period (UTC midnight, `days - 1` days before today); null for `all`. */
export function periodStart(period: DashboardPeriod, now: Date): Date | null {
  const days = PERIOD_DAYS[period];
  if (days === null) return null;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
}
/** The spec's count of recent reviews, and how many unconfirmed sends the dashboard lists. */
export const RECENT_REVIEWS = 5;
export const UNCONFIRMED_LISTED = 5;

export const recentReview = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  customer_name: z.string().nullable(),
  comment: z.string().nullable(),
  order_number: z.string().nullable(),
  /** As the reviews list says it (src/core/api/reviews.ts): shown on the storefront, why not, and the review's origin. */
  is_published: z.boolean(),
  hidden_reason: z.enum(HIDE_REASONS).nullable(),
  origin: z.enum(REVIEW_ORIGINS),
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

const count = z.number().int().min(0);
const day = z.iso.date();

/**
 * The e-mails sent in the period and what became of them, whenever it happened: opened (an
 * estimate: image blocking hides opens, privacy proxies fetch images unopened; a visit proves an
 * open), review page visited, review left.
 */
export const funnel = z.object({ sent: count, opened: count, visited: count, reviewed: count });
export type Funnel = z.infer<typeof funnel>;

/** Reviews received per day, week (from Monday) or month, oldest first, empty buckets included. */
export const timeline = z.object({
  bucket: z.enum(['day', 'week', 'month']),
  points: z.array(z.object({ start: day, reviews: count, average_rating: z.number().nullable() })),
});
export type Timeline = z.infer<typeof timeline>;

/**
 * Whom the public review site hears from: per rating, every response collected here, those offered
 * the public site's link, and those who followed it. With the same path for every rating, the three
 * columns have the same shape; a site that only hears from the happy ones shows it here.
 */
export const representativeness = z.object({
  ratings: z.array(z.object({ rating: z.number().int().min(1).max(5), responses: count, offered: count, followed: count })).length(5),
  average_responses: z.number().nullable(),
  average_offered: z.number().nullable(),
  average_followed: z.number().nullable(),
});
export type Representativeness = z.infer<typeof representativeness>;

export const dashboardSummary = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** The period's start; null for `all`. */
  since: isoDateTime.nullable(),
  invitations_sent: z.number().int(),
  reviews_received: z.number().int(),
  /** Reviews of the period that carry at least one photo, hidden or not (decision 058). */
  reviews_with_photos: z.number().int().min(0),
  /** Null without a review in the period. */
  average_rating: z.number().nullable(),
  /** Reviews per star, 5 to 1. */
  distribution: z.array(z.object({ rating: z.number().int().min(1).max(5), count: z.number().int() })).length(5),
  recent_reviews: z.array(recentReview).max(RECENT_REVIEWS),
  funnel,
  timeline,
  representativeness,
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
