/** The customer data exports Shopify's `customers/data_request` produces, downloaded by the merchant. */
import { z } from 'zod';
import { endpoint } from './endpoint';

export const downloadExport = endpoint({
  method: 'GET',
  path: '/api/compliance/exports/:id',
  access: 'store',
  summary: 'downloads a customer data export of the active store (JSON attachment)',
  params: z.object({ id: z.string() }),
  /** The export as the data request built it: the customer and their review requests. */
  response: z.record(z.string(), z.unknown()),
  errors: ['export_not_found'],
});
