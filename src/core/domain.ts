/**
 * Domain vocabularies shared by the database schema, the server and the web app.
 * Labels shown to people live in the web message catalogues; these are the stored values.
 */

export const REVIEW_REQUEST_STATUSES = ['scheduled', 'sent', 'failed', 'cancelled', 'delivered', 'opened', 'completed', 'processing', 'pending'] as const;
export type ReviewRequestStatus = (typeof REVIEW_REQUEST_STATUSES)[number];

/**
 * Not sent, and no sender holds them: what the merchant, a flow switched off or deleted, or an
 * unsubscribe may withdraw. ('failed' includes temporary failures waiting for their retry.)
 */
export const UNSENT_IDLE_STATUSES = ['scheduled', 'pending', 'failed'] as const satisfies readonly ReviewRequestStatus[];

/**
 * Not sent yet, including those a sender has claimed (`processing`): what an order cancellation or
 * a privacy erasure withdraws. The sender's hand-over re-checks the status, so a claimed request
 * withdrawn before its data goes is not sent (decision 008).
 */
export const UNSENT_STATUSES = [...UNSENT_IDLE_STATUSES, 'processing'] as const satisfies readonly ReviewRequestStatus[];

/** The e-mail went (later steps reported by the channel included): the customer has been asked. */
export const SENT_STATUSES = ['sent', 'delivered', 'opened', 'completed'] as const satisfies readonly ReviewRequestStatus[];

/**
 * Asked, or being asked right now (claimed by a sender): an order in one of these must not be asked
 * again by another flow or an import.
 */
export const ASKED_STATUSES = ['processing', ...SENT_STATUSES] as const satisfies readonly ReviewRequestStatus[];

/**
 * Nothing will change them any more: sent ones, and withdrawn ones. With UNSENT_STATUSES they cover
 * every status once. A `failed` request is unsent: retryable or not (see isRetryable), it can still
 * be withdrawn, and the merchant may send it again.
 */
export const FINAL_STATUSES = [...SENT_STATUSES, 'cancelled'] as const satisfies readonly ReviewRequestStatus[];

/** Why a `failed` request failed: temporary failures are retried on the next sending runs, permanent ones are not. */
export const FAILURE_KINDS = ['temporary', 'permanent'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** The one retryable state: a temporary failure (the sender retries it within its attempts). */
export const RETRYABLE = { status: 'failed', failureKind: 'temporary' } as const satisfies { status: ReviewRequestStatus; failureKind: FailureKind };

export const isRetryable = (request: { status: string; failureKind?: string | null }) => request.status === RETRYABLE.status && request.failureKind === RETRYABLE.failureKind;

export const REQUEST_CHANNELS = ['email', 'link'] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

/** order_delivered: Shopify's fulfillment event with status `delivered` (fulfillment_events/create). */
export const TRIGGER_EVENTS = ['order_paid', 'order_fulfilled', 'order_delivered'] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

/**
 * A review request's place in its sequence: the first e-mail, or its one follow-up (a flow's reminder
 * N days after the first e-mail, or the customer's « pas encore reçu » postponement), which points at
 * the first request through `reminder_of` and carries its review link.
 */
export const REQUEST_KINDS = ['first', 'reminder'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const ACTION_TYPES = ['redirect', 'collect_feedback', 'notify_email', 'none'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Mirrors Shopify's AppSubscription statuses, plus 'inactive' before any subscription exists. */
export const SUBSCRIPTION_STATUSES = ['inactive', 'pending', 'active', 'declined', 'expired', 'frozen', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Why a store is no longer connected here (decision 045): the merchant disconnected it (the app may
 * stay installed on Shopify, which then keeps billing), or the app was uninstalled from Shopify.
 */
export const AWAY_REASONS = ['disconnected', 'uninstalled'] as const;
export type AwayReason = (typeof AWAY_REASONS)[number];

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const PLAN_CODES = ['starter', 'pro', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

/**
 * Why the app cancelled a request by itself, kept as data on the request (the screens word it):
 * - one ask per order (decision 024): another flow asks about the order at a better moment, the
 *   customer was already asked about it, or already reviewed it;
 * - one ask per customer within the store's window: the customer ordered again since, and is asked
 *   about the newer order, or was already asked about another order in the window;
 * - what happened around it (decision 045): the app was uninstalled from Shopify, the order was
 *   cancelled or refunded, the customer unsubscribed, or the flow that made it was switched off or
 *   deleted.
 */
export const WITHDRAWN_REASONS = [
  'better_moment',
  'already_asked',
  'reviewed',
  'newer_order',
  'customer_asked',
  'app_uninstalled',
  'order_cancelled',
  'order_refunded',
  'unsubscribed',
  'flow_stopped',
] as const;
export type WithdrawnReason = (typeof WITHDRAWN_REASONS)[number];
