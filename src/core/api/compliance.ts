/** The customer data exports Shopify's `customers/data_request` produces, downloaded by the merchant. */
import { z } from 'zod';
import { endpoint } from './endpoint';

/** How long an export is served after it was made: the merchant has 30 days to hand it to the customer. */
export const EXPORT_TTL_DAYS = 30;

/**
 * The link the data-request e-mail carries. It needs the merchant's session, not a connected store:
 * an export stays downloadable for its 30 days by its link after the shop uninstalled the app.
 */
export const downloadExport = endpoint({
  method: 'GET',
  path: '/api/compliance/exports/:id',
  access: 'session',
  summary: "downloads a customer data export of one of the account's stores, connected or not, for 30 days (JSON attachment)",
  params: z.object({ id: z.string() }),
  /** The export as the data request built it: the customer and their review requests. */
  response: z.record(z.string(), z.unknown()),
  errors: ['export_not_found', 'export_expired'],
});
