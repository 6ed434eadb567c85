// Data model of the emulator. Everything here is plain JSON so the whole state can be persisted
// to one file and copied out to callers without sharing references.

export type FinancialStatus = 'PENDING' | 'AUTHORIZED' | 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'VOIDED';
export type FulfillmentStatus = 'UNFULFILLED' | 'FULFILLED';
export type AppSubscriptionStatus = 'PENDING' | 'ACTIVE' | 'DECLINED' | 'EXPIRED' | 'FROZEN' | 'CANCELLED';
export type PricingInterval = 'EVERY_30_DAYS' | 'ANNUAL';
export type ComplianceTopic = 'customers/data_request' | 'customers/redact' | 'shop/redact';

export interface ShopRecord {
  id: number;
  /** `{name}.myshopify.com` */
  domain: string;
  name: string;
  email: string;
  currency: string;
  createdAt: string;
  updatedAt: string;
  nextOrderNumber: number;
  installation: InstallationRecord | null;
  /**
   * The storefront's own domains, where the merchant put the app proxy and the languages it is
   * published in, primary first (storefront/domains.ts); unset: defaults.
   */
  storefront?: { domains: string[]; proxy?: { prefix: string; subpath: string }; languages?: string[] };
}

export interface InstallationRecord {
  id: number;
  /** Scopes granted by the merchant, e.g. ['read_orders']. */
  scopes: string[];
  installedAt: string;
  /** Set when the app was uninstalled; the installation stays for history. */
  uninstalledAt: string | null;
}

export interface CustomerRecord {
  id: number;
  shop: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OrderRecord {
  id: number;
  shop: string;
  /** 1001, 1002… per shop; the name is `#${number}`. */
  number: number;
  email: string | null;
  customerId: number | null;
  createdAt: string;
  updatedAt: string;
  processedAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  closedAt: string | null;
  financialStatus: FinancialStatus;
  fulfillmentStatus: FulfillmentStatus;
  /** Amounts are integer minor units (cents). */
  totalCents: number;
  refundedCents: number;
  currency: string;
  test: boolean;
  /**
   * The customer's language at checkout (`customer_locale`, `customerLocale`: `fr`, `en`, `de-DE`…);
   * absent in state files written before it was modelled: read as null.
   */
  customerLocale?: string | null;
  /** Absent in state files written before addresses were modelled: read as null. */
  billingAddress?: AddressRecord | null;
  shippingAddress?: AddressRecord | null;
  fulfillments: FulfillmentRecord[];
  refunds: { id: number; createdAt: string; amountCents: number }[];
}

/** A shipment. `events` and `deliveredAt` are absent in states saved before they were modelled. */
export interface FulfillmentRecord {
  id: number;
  createdAt: string;
  /** The carrier's tracking events, oldest first (FulfillmentEvent). */
  events?: FulfillmentEventRecord[];
  /** The first 'delivered' event's time (Fulfillment.deliveredAt). */
  deliveredAt?: string | null;
}

/** FulfillmentEventStatus, in GraphQL's upper case (REST and webhooks use lower case). */
export const FULFILLMENT_EVENT_STATUSES = [
  'LABEL_PRINTED',
  'LABEL_PURCHASED',
  'CONFIRMED',
  'READY_FOR_PICKUP',
  'CARRIER_PICKED_UP',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'ATTEMPTED_DELIVERY',
  'DELAYED',
  'DELIVERED',
  'FAILURE',
] as const;
export type FulfillmentEventStatus = (typeof FULFILLMENT_EVENT_STATUSES)[number];

export interface FulfillmentEventRecord {
  id: number;
  status: FulfillmentEventStatus;
  message: string | null;
  happenedAt: string;
  createdAt: string;
}

export interface AddressRecord {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  city: string | null;
  zip: string | null;
  countryCode: string | null;
  phone: string | null;
}

export interface TokenRecord {
  accessToken: string;
  shop: string;
  scope: string;
  createdAt: string;
  /** null for non-expiring offline tokens. */
  expiresAt: string | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: string | null;
  /** Set when the refresh token was used once (rotation) and no longer works. */
  refreshTokenUsedAt: string | null;
  /** Set on uninstall or revokeToken(). */
  revokedAt: string | null;
  online: boolean;
  /**
   * How it was obtained: the authorization code, a refresh token, a session token (token exchange),
   * or the control API's install shortcut. Absent in states saved before it was recorded.
   */
  grant?: TokenGrant;
}

export type TokenGrant = 'authorization_code' | 'refresh_token' | 'token_exchange' | 'install';

export interface OAuthCodeRecord {
  code: string;
  shop: string;
  scope: string;
  online: boolean;
  expiresAt: string;
}

export interface WebhookSubscriptionRecord {
  id: number;
  shop: string;
  /** GraphQL enum value, e.g. ORDERS_PAID. */
  topic: string;
  uri: string;
  format: 'JSON' | 'XML';
  includeFields: string[];
  metafieldNamespaces: string[];
  filter: string | null;
  apiVersion: string;
  /** Subscriptions created through the Admin API are removed after repeated failed deliveries. */
  createdVia: 'api';
  createdAt: string;
  updatedAt: string;
}

export type SubscriptionLineItemRecord =
  | {
      id: number;
      kind: 'recurring';
      amountCents: number;
      currency: string;
      interval: PricingInterval;
      discount: { durationLimitInIntervals: number | null; amountCents: number | null; percentage: number | null } | null;
    }
  | { id: number; kind: 'usage'; cappedCents: number; currency: string; terms: string; balanceUsedCents: number };

export interface AppSubscriptionRecord {
  id: number;
  shop: string;
  name: string;
  status: AppSubscriptionStatus;
  test: boolean;
  trialDays: number;
  returnUrl: string;
  createdAt: string;
  updatedAt: string;
  activatedAt: string | null;
  currentPeriodEnd: string | null;
  lineItems: SubscriptionLineItemRecord[];
}

/** Protected customer fields (Shopify's level 2 categories). */
export type ProtectedField = 'name' | 'email' | 'phone' | 'address';

/**
 * What Shopify approved the app to read of customers' protected data (Partner Dashboard, "Protected
 * customer data access"): level 0 none, 1 customer data without the protected fields, 2 with the
 * listed fields. Shopify applies it to every shop but development stores; the emulator to every shop.
 */
export interface ProtectedCustomerDataApproval {
  level: 0 | 1 | 2;
  fields: ProtectedField[];
}

/** The app as registered with Shopify (Partner Dashboard): given when the emulator is created. */
export interface AppRegistration {
  apiKey: string;
  apiSecret: string;
  /** The app's install URL, e.g. http://localhost:3000/shopify/entry */
  installUrl: string;
  /** Allowed OAuth redirect URIs (exact match). */
  redirectUris: string[];
  /** Name shown on the consent and billing pages (default 'Mon application'; also settable through the control API). */
  name?: string;
  /**
   * The scopes declared in the app's configuration (`[access_scopes] scopes` of shopify.app.toml),
   * comma-separated: what Shopify-managed installation grants when a session token is exchanged
   * (token exchange). Without them, an exchange works only where the app is already installed.
   */
  scopes?: string;
  /**
   * What Shopify approved the app to read of customers' protected data. Default: nothing (level 0),
   * like a new app. When given it replaces the saved state's.
   */
  protectedCustomerData?: ProtectedCustomerDataApproval;
}

export interface AppConfigRecord {
  /** Shown on the consent and billing pages. */
  name: string;
  /** Where compliance webhooks (customers/data_request, customers/redact, shop/redact) are sent. */
  complianceUri: string;
  protectedCustomerData: ProtectedCustomerDataApproval;
}

export interface PersistedState {
  version: 1;
  /** One counter for every numeric id, so ids of different kinds never collide. */
  seq: number;
  app: AppConfigRecord;
  shops: ShopRecord[];
  customers: CustomerRecord[];
  orders: OrderRecord[];
  tokens: TokenRecord[];
  codes: OAuthCodeRecord[];
  webhookSubscriptions: WebhookSubscriptionRecord[];
  appSubscriptions: AppSubscriptionRecord[];
}

export interface DeliveryRecord {
  /** X-Shopify-Webhook-Id: the same on every retry of this delivery. */
  id: string;
  /** X-Shopify-Event-Id: shared by the deliveries of one event to several subscriptions. */
  eventId: string;
  shop: string;
  /** REST-style topic, e.g. orders/paid. */
  topic: string;
  uri: string;
  /** null for compliance webhooks (sent to the app configuration's complianceUri). */
  subscriptionId: number | null;
  apiVersion: string;
  triggeredAt: string;
  /** Number of HTTP attempts made so far. */
  attempts: number;
  /** Status of the last attempt; null when it failed without a response (network error, timeout). */
  lastStatus: number | null;
  lastError: string | null;
  delivered: boolean;
  /** Dropped on purpose (dropNextDeliveries): never sent. */
  dropped: boolean;
  /** All retries failed; no more attempts. */
  abandoned: boolean;
  nextAttemptAt: string | null;
  /** The exact body sent. */
  body: string;
  payload: unknown;
}
