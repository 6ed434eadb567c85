// What the emulator's areas share (areas/*.ts, composed by core.ts): its limits and constants, the
// error the control API answers with, the inputs of its actions and a few pure helpers.
import type { AddressRecord, AppRegistration, OrderRecord, ProtectedCustomerDataApproval, ProtectedField } from '../types';

/** The version of the compliance deliveries: shopify.app.toml's webhooks api_version, the app's default (decision 020). */
export const DEFAULT_API_VERSION = '2026-07';
export const API_VERSION_RE = /^\d{4}-(01|04|07|10)$/;
export const DEMO_SHOP = { domain: 'maison-lumiere.myshopify.com', name: 'Maison Lumière', email: 'contact@maison-lumiere.example', currency: 'EUR' };

export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_S = 90 * 24 * 3600;
export const ONLINE_TOKEN_TTL_S = 24 * 3600;
export const CODE_TTL_MS = 60_000;
/** A charge the merchant neither approved nor declined expires after this long (Shopify: 2 days). */
export const PENDING_CHARGE_TTL_MS = 2 * 86_400_000;
/** A new app: nothing approved (strict by default). */
export const NO_PROTECTED_DATA: ProtectedCustomerDataApproval = { level: 0, fields: [] };
export const PROTECTED_FIELDS: readonly ProtectedField[] = ['name', 'email', 'phone', 'address'];
/** read_orders without read_all_orders only sees this many days of orders. */
export const ORDERS_WINDOW_DAYS = 60;

export const BUCKET_MAX = 1000;
export const BUCKET_RESTORE_PER_S = 50;

/** An error with the HTTP status the control API answers. Messages are English (a developer tool). */
export class EmulatorError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface CoreOptions {
  /** Absolute URL where this emulator is reachable, e.g. http://localhost:3000/_shopify (no trailing slash). */
  baseUrl: string;
  /** The app registration. */
  app: AppRegistration;
  /** JSON file to persist state (shops, orders, customers, tokens, subscriptions, webhook subscriptions); omit for in-memory. */
  statePath?: string;
  /** Retry schedule for failed webhook deliveries, in ms (real Shopify: 8 retries over 4 h). Default [1000, 5000, 30000, 120000, 600000, 1800000, 3600000, 7200000]. */
  webhookRetryDelaysMs?: number[];
  /** Injected for tests. */
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface CreateShopInput {
  /** Full `{name}.myshopify.com` domain, or just `{name}`. */
  domain: string;
  name?: string;
  email?: string;
  currency?: string;
}

export interface CreateCustomerInput {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface CreateOrderInput {
  /** An existing customer of the shop (numeric id or gid). */
  customerId?: number | string;
  /** Or a customer to find by e-mail in the shop, or create. */
  customer?: CreateCustomerInput;
  /** Order e-mail; defaults to the customer's. */
  email?: string | null;
  /** Total in minor units (cents). */
  totalCents: number;
  /** Billing and shipping address; defaults to the customer's name, no street. */
  address?: Partial<AddressRecord>;
  currency?: string;
  /** ISO date-time, now or in the past (history). Defaults to now. */
  createdAt?: string;
  financialStatus?: 'pending' | 'paid';
  test?: boolean;
  /** The customer's language at checkout (`en`, `fr-CA`, `de-DE`…); defaults to `fr`, the local shops' language. */
  customerLocale?: string | null;
  /** Deliver orders/create (and orders/paid). Default true. */
  notify?: boolean;
}

export interface TokenResponse {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  associated_user_scope?: string;
  associated_user?: Record<string, unknown>;
}

export interface NewAppSubscriptionInput {
  name: string;
  returnUrl: string;
  test?: boolean | null;
  trialDays?: number | null;
  lineItems: {
    plan: {
      appRecurringPricingDetails?: {
        price: { amount: unknown; currencyCode: string };
        interval?: string | null;
        discount?: { durationLimitInIntervals?: number | null; value?: { amount?: unknown; percentage?: number | null } | null } | null;
      } | null;
      appUsagePricingDetails?: { cappedAmount: { amount: unknown; currencyCode: string }; terms: string } | null;
    };
  }[];
}

export interface UserError {
  field: string[] | null;
  message: string;
}

/** Every fulfillment of the order was delivered (and there is one). */
export function isDelivered(order: OrderRecord): boolean {
  return order.fulfillments.length > 0 && order.fulfillments.every((f) => Boolean(f.deliveredAt));
}

export function splitScopes(scope: string): string[] {
  return [
    ...new Set(
      scope
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export function assertHttpUrl(value: string, field: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new EmulatorError(400, `${field} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EmulatorError(400, `${field} must be an absolute http(s) URL`);
}
