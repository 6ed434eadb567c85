/** The subscription plans: the one price list every screen shows (GUIDE: one price list). */
import { z } from 'zod';
import { endpoint } from './endpoint';

/** Refusals of a plan change (spec section 7: plans-change). */
export const PLAN_ERRORS = {
  /** The plan asked for is unknown or no longer offered. */
  plan_not_found: 404,
  /** Shopify refused to create the subscription, or could not be reached. */
  plan_change_failed: 502,
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
 * Spec section 7, plans-change: creates the Shopify subscription for `plan_id` on the active store
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
