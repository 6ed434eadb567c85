/** The merchant's Shopify store as the app knows it. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { isoDateTime } from './wire';
import { AWAY_REASONS, SUBSCRIPTION_STATUSES, WITHDRAWN_REASONS } from '../domain';

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

/**
 * The account's store as it was when it was last connected, while none is (decision 045): after a
 * disconnection here the app may stay installed on Shopify, which keeps billing until the merchant
 * uninstalls it; the reviews stay readable and exportable.
 */
export const awayStore = z.object({
  shop_domain: z.string(),
  shop_name: z.string().nullable(),
  reason: z.enum(AWAY_REASONS),
  /** When it was disconnected here, or the app uninstalled from Shopify. */
  since: isoDateTime,
  /** The billing status last read from Shopify: 'active' after a disconnection means Shopify still bills. */
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  /** The plan Shopify bills, by its name, when it still does. */
  plan_name: z.string().nullable(),
  /** The end of Shopify's current billing cycle (currentPeriodEnd), when Shopify still bills. */
  billing_period_end: isoDateTime.nullable(),
  /** The shop's admin, where the app is uninstalled (the emulator's page in development). */
  admin_url: z.string(),
});
export type AwayStore = z.infer<typeof awayStore>;

export const currentStore = endpoint({
  method: 'GET',
  path: '/api/stores/current',
  access: 'session',
  summary: "the signed-in account's active store, or null; without one, the store it last had, if any",
  response: z.object({ store: storeSummary.nullable(), away: awayStore.nullable() }),
  errors: [],
});

/** What became of an order paid while the store was away, once the orders of that time were read. */
export const ABSENCE_ORDER_OUTCOMES = ['asked', 'waiting_for_trigger', 'no_matching_flow', 'already_asked', 'order_cancelled', 'no_email', 'unsubscribed', 'excluded'] as const;
export type AbsenceOrderOutcome = (typeof ABSENCE_ORDER_OUTCOMES)[number];

/**
 * A time the store was away and came back, and what happened meanwhile (decision 045): the
 * requests the app cancelled (by reason), those due meanwhile that go now, and the orders paid
 * meanwhile, asked or not and why (read from Shopify once the store is back).
 */
export const storeAbsence = z.object({
  id: z.string(),
  reason: z.enum(AWAY_REASONS),
  away_from: isoDateTime,
  back_at: isoDateTime,
  cancelled: z.array(z.object({ reason: z.enum(WITHDRAWN_REASONS), count: z.number().int().positive() })),
  /** Requests that fell due while the store was disconnected and go out now it is back. */
  due_meanwhile: z.number().int().nonnegative(),
  orders: z.object({
    /** False until the orders of the time away were read from Shopify (within the hour after the return). */
    read: z.boolean(),
    paid: z.number().int().nonnegative(),
    outcomes: z.array(z.object({ outcome: z.enum(ABSENCE_ORDER_OUTCOMES), count: z.number().int().positive() })),
  }),
});
export type StoreAbsence = z.infer<typeof storeAbsence>;

export const currentStoreAbsence = endpoint({
  method: 'GET',
  path: '/api/stores/current/absence',
  access: 'store',
  summary: 'the last time the store was away and came back, not yet dismissed, with what happened meanwhile; or null',
  response: z.object({ absence: storeAbsence.nullable() }),
  errors: [],
});

export const dismissStoreAbsence = endpoint({
  method: 'POST',
  path: '/api/stores/current/absence/:id/seen',
  access: 'store',
  summary: 'the merchant read what happened while the store was away: not told again',
  params: z.object({ id: z.guid({ message: 'Absence introuvable' }) }),
  body: z.object({}),
  response: z.object({ ok: z.literal(true) }),
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
