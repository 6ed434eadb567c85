/**
 * Domain vocabularies shared by the database schema, the server and the web app.
 * Labels shown to people live in the web message catalogues; these are the stored values.
 */

export const REVIEW_REQUEST_STATUSES = [
  'scheduled',
  'sent',
  'failed',
  'cancelled',
  'delivered',
  'opened',
  'completed',
  'processing',
  'pending',
] as const;
export type ReviewRequestStatus = (typeof REVIEW_REQUEST_STATUSES)[number];

export const REQUEST_CHANNELS = ['email', 'link'] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

export const TRIGGER_EVENTS = ['order_paid', 'order_fulfilled'] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

export const ACTION_TYPES = ['redirect', 'collect_feedback', 'notify_email', 'none'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Mirrors Shopify's AppSubscription statuses, plus 'inactive' before any subscription exists. */
export const SUBSCRIPTION_STATUSES = [
  'inactive',
  'pending',
  'active',
  'declined',
  'expired',
  'frozen',
  'cancelled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const PLAN_CODES = ['starter', 'pro', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
