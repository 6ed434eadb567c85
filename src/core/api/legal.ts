/**
 * What the legal pages (/privacy-policy, /terms-of-service, /legal-notice) name: the operator from
 * the configuration and the plans from the one price list, so no page carries its own copy of
 * either.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { plan } from './plans';

/** The publisher and its host (LCEN art. 6 III), and the data controller of the privacy policy. */
export const legalOperator = z.object({
  name: z.string(),
  legal_form: z.string(),
  /** Decimal string in euros, e.g. "10000". */
  share_capital: z.string(),
  address: z.string(),
  registration: z.string(),
  /** Intra-community VAT number; null when the operator has none. */
  vat: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  publication_director: z.string(),
  /** The host's name, address and telephone number, in one line. */
  hosting_provider: z.string(),
});
export type LegalOperator = z.infer<typeof legalOperator>;

/** What the terms say of each plan: its name, monthly price and quota. */
export const legalPlan = plan.pick({ code: true, name: true, price_amount: true, price_currency: true, email_quota: true, is_unlimited: true });
export type LegalPlan = z.infer<typeof legalPlan>;

export const getLegalInformation = endpoint({
  method: 'GET',
  path: '/api/legal',
  access: 'public',
  summary: 'the operator named by the legal pages and the active plans with their monthly prices',
  response: z.object({ operator: legalOperator, plans: z.array(legalPlan) }),
  errors: [],
});
