/** The subscription plans: the one price list every screen shows (docs/product/stances.md: one price list). */
import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '../domain';
import { endpoint } from './endpoint';
import { isoDateTime } from './wire';

/** Refusals of a plan change (docs/product/calls.md: plans-change). */
export const PLAN_ERRORS = {
  /** The plan asked for is unknown or no longer offered. */
  plan_not_found: 404,
  /** Shopify refused to create the subscription, or could not be reached. */
  plan_change_failed: 502,
  /** plans-set: no active Shopify subscription to this plan (a plan is never granted without payment). */
  plan_not_paid: 409,
  /** shopify-sync-plan: Shopify could not be read ('Erreur lors de la synchronisation'). */
  plan_sync_failed: 502,
} as const satisfies Record<string, number>;

export const plan = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** Decimal string, e.g. "47.00". */
  price_amount: z.string(),
  price_currency: z.string(),
  /** Monthly e-mail quota; null when unlimited. */
  email_quota: z.number().int().nullable(),
  is_unlimited: z.boolean(),
  features: z.array(z.string()),
  sort_order: z.number().int(),
});
export type Plan = z.infer<typeof plan>;

export const listPlans = endpoint({
  method: 'GET',
  path: '/api/plans',
  access: 'public',
  summary: 'the active USD plans by sort order',
  response: z.object({ plans: z.array(plan) }),
  errors: [],
});

/**
 * docs/product/calls.md, plans-change: creates the Shopify subscription for `plan_id` on the active store
 * and answers Shopify's confirmation page; the browser goes there, and Shopify brings it back to the
 * billing callback (approved) or to the Shopify admin (declined).
 */
export const changePlan = endpoint({
  method: 'POST',
  path: '/functions/v1/plans-change',
  access: 'store',
  summary: "starts the Shopify subscription to a plan and answers Shopify's confirmation URL",
  body: z.object({ plan_id: z.uuid({ message: 'Veuillez sélectionner un plan' }) }),
  response: z.object({ success: z.literal(true), confirmation_url: z.string() }),
  errors: ['plan_not_found', 'plan_change_failed', 'shopify_token_invalid'],
});

/** The plan codes plans-set takes (docs/product/calls.md). */
export const PLAN_CODES = ['starter', 'pro', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

/**
 * docs/product/calls.md, plans-current: the store's plan and this billing period's usage, read from the same
 * ledger the sender reserves against (shop_plans, shop_usage).
 */
export const currentPlanResponse = z.object({
  /** The plan's code (starter, pro, enterprise), or 'none' before any subscription. */
  plan: z.string(),
  /** The plan's name as the price list shows it. */
  plan_name: z.string(),
  /** null: unlimited. */
  emails_quota: z.number().int().nullable(),
  usage: z.object({ emails_sent: z.number().int() }),
  /** null: unlimited. Never negative. */
  remaining: z.number().int().nullable(),
  /**
   * The usage period (« période d’envoi »): what the quota counts, 30 days that keep their anchor
   * across plan changes (decision 021). Not Shopify's billing cycle.
   */
  period_start: isoDateTime,
  period_end: isoDateTime,
  /**
   * Shopify's billing cycle of the active subscription: its `currentPeriodEnd` as last read, which
   * restarts at a plan change (decision 045); null without an active subscription.
   */
  billing_period_end: isoDateTime.nullable(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  /** The daily send limit of the store's settings, and what today used of it. */
  daily_limit: z.number().int(),
  sent_today: z.number().int(),
});
export type CurrentPlan = z.infer<typeof currentPlanResponse>;

export const currentPlan = endpoint({
  method: 'GET',
  path: '/functions/v1/plans-current',
  access: 'store',
  summary: "the store's plan, quota and this period's usage (the sender's ledger)",
  response: currentPlanResponse,
  errors: [],
});

/**
 * docs/product/calls.md, plans-set: records a plan only when it matches the store's active Shopify
 * subscription (or on the local emulator, where the subscription is the emulator's). No plan without
 * payment (docs/product/stances.md).
 */
export const setPlan = endpoint({
  method: 'POST',
  path: '/functions/v1/plans-set',
  access: 'store',
  summary: "records the plan of the store's active Shopify subscription; refuses any other",
  body: z.object({ plan: z.enum(PLAN_CODES, { message: 'Plan inconnu\u202f: starter, pro ou enterprise' }) }),
  response: z.object({ message: z.string() }),
  errors: ['plan_not_found', 'plan_not_paid', 'plan_sync_failed', 'shopify_token_invalid'],
});

/**
 * A plan change Shopify refused (the merchant declined the charge) or let expire (never decided),
 * while the store kept its plan: told once, the next time the merchant opens the app.
 */
export const billingNotice = z.object({
  kind: z.enum(['declined', 'expired']),
  /** The plan asked for, as named on Shopify. */
  requested_plan: z.string(),
  /** The plan the store kept, when one is active. */
  kept_plan: z.string().nullable(),
});
export type BillingNotice = z.infer<typeof billingNotice>;

/**
 * docs/product/calls.md, shopify-sync-plan: re-reads the store's Shopify billing and records what Shopify
 * says now (plan, status, period). The app calls it when the merchant opens it; the answer carries a
 * refused plan change once (`notice`).
 */
export const syncPlan = endpoint({
  method: 'POST',
  path: '/functions/v1/shopify-sync-plan',
  access: 'store',
  summary: "re-reads the store's Shopify billing and records its plan, status and period",
  response: z.object({ success: z.literal(true), plan: z.string(), subscription_status: z.enum(SUBSCRIPTION_STATUSES), notice: billingNotice.nullable() }),
  errors: ['plan_sync_failed', 'shopify_token_invalid'],
});
