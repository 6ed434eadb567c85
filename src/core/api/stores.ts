/** The merchant's Shopify store as the app knows it. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { isoDateTime } from './wire';
import { SUBSCRIPTION_STATUSES } from '../domain';

export const STORE_ERRORS = {} as const satisfies Record<string, number>;

export const storeSummary = z.object({
  id: z.string(),
  shop_domain: z.string(),
  shop_name: z.string().nullable(),
  is_active: z.boolean(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  installed_at: isoDateTime,
  /** The shop's admin, for 'Aller sur Shopify' (the emulator's page in development). */
  admin_url: z.string(),
});
export type StoreSummary = z.infer<typeof storeSummary>;

export const currentStore = endpoint({
  method: 'GET',
  path: '/api/stores/current',
  access: 'session',
  summary: "the signed-in account's active store, or null",
  response: z.object({ store: storeSummary.nullable() }),
  errors: [],
});

export const disconnectStore = endpoint({
  method: 'POST',
  path: '/api/stores/current/disconnect',
  access: 'store',
  summary: 'disconnects the active store (its data stays; reconnecting restores it)',
  response: z.object({ ok: z.literal(true) }),
  errors: [],
});
