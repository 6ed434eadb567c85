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

/**
 * What disconnecting does on Shopify. The app's link to the store and Shopify's installation and
 * subscription are separate: 'keep' only unlinks here (Shopify keeps billing while the app stays
 * installed), 'remove' also cancels the subscription and uninstalls the app from the shop.
 */
export const DISCONNECT_CHOICES = ['keep', 'remove'] as const;

export const disconnectOutcome = z.object({
  ok: z.literal(true),
  shopify: z.object({
    /** What the merchant chose. */
    choice: z.enum(DISCONNECT_CHOICES),
    /** The subscription is cancelled on Shopify (false with 'keep', or when the step failed). */
    subscription_cancelled: z.boolean(),
    /** The app is uninstalled from the shop (false with 'keep', or when the step failed). */
    app_uninstalled: z.boolean(),
    /** Why a Shopify step failed: the token is refused (act in Shopify's admin) or Shopify failed. */
    failure: z.enum(['token_invalid', 'shopify_failed']).nullable(),
  }),
});
export type DisconnectOutcome = z.infer<typeof disconnectOutcome>;

export const disconnectStore = endpoint({
  method: 'POST',
  path: '/api/stores/current/disconnect',
  access: 'store',
  summary: 'disconnects the active store (its data stays; reconnecting restores it) and, when asked, cancels its Shopify subscription and uninstalls the app',
  body: z.object({ shopify: z.enum(DISCONNECT_CHOICES, { message: 'Choisissez si l’abonnement Shopify est résilié ou conservé' }) }),
  response: disconnectOutcome,
  errors: [],
});
