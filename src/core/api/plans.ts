/** The subscription plans: the one price list every screen shows (GUIDE: one price list). */
import { z } from 'zod';
import { endpoint } from './endpoint';

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
