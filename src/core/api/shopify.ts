/**
 * The merchant's Shopify connection: installation links (plan selection, claim), OAuth and billing
 * navigations, the connection diagnostic and the spec's server functions (docs/product/calls.md) that repair
 * it. The `functions/v1` answers keep the spec's shapes (`{ success, … }`); their failures add a
 * `code`.
 */
import { z } from 'zod';
import { normalizeShopDomain } from '../shopify-domain';
import { endpoint } from './endpoint';
import { isoDateTime } from './wire';

export const SHOPIFY_ERRORS = {
  // Installation links (GET and plan selection: 404/410; the claim refuses with 409).
  installation_not_found: 404,
  installation_used: 410,
  installation_expired: 410,
  installation_claim_refused: 409,
  no_plan_selected: 400,
  plan_selection_failed: 400,
  /** One store per account: disconnect the active one first. */
  store_already_connected: 409,
  // OAuth: carried by the redirects to /app/integrations?shopify=error&message=<code> and
  // /shopify/install?error=<code> (a browser navigation has no JSON answer).
  invalid_hmac: 401,
  invalid_state: 400,
  expired_state: 410,
  state_already_used: 410,
  state_not_bound: 403,
  access_denied: 403,
  token_exchange_failed: 502,
  shop_fetch_failed: 502,
  shop_owned_by_another_account: 409,
  // Billing: carried by the redirect to /subscription?status=error&error=<code>.
  subscription_not_approved: 402,
  subscription_start_failed: 502,
  billing_sync_failed: 502,
  // Shopify's API refused or failed (the server functions answer 502).
  shopify_token_invalid: 502,
  shopify_request_failed: 502,
  count_orders_failed: 502,
  // The customer data export a merchant downloads, and the developer outbox.
  export_not_found: 404,
  /** The export is older than the 30 days the merchant has to hand it over; it is no longer served. */
  export_expired: 410,
  outbox_email_not_found: 404,
} as const satisfies Record<string, number>;

/** The codes the OAuth flow may carry to /app/integrations?shopify=error&message=<code>. */
export const OAUTH_REDIRECT_CODES = [
  'invalid_state',
  'expired_state',
  'state_already_used',
  'invalid_hmac',
  'access_denied',
  'token_exchange_failed',
  'shop_fetch_failed',
  'store_already_connected',
  'state_not_bound',
  'shop_owned_by_another_account',
] as const satisfies readonly (keyof typeof SHOPIFY_ERRORS)[];
export type OAuthRedirectCode = (typeof OAUTH_REDIRECT_CODES)[number];

/** The codes the billing return may carry to /subscription?status=error&error=<code>. */
export const BILLING_REDIRECT_CODES = ['no_store', 'subscription_not_approved', 'subscription_start_failed', 'billing_sync_failed'] as const;
export type BillingRedirectCode = (typeof BILLING_REDIRECT_CODES)[number];

export const INVALID_SHOP_MESSAGE = 'Domaine Shopify invalide. Veuillez utiliser votre domaine .myshopify.com';
export const NO_PLAN_MESSAGE = 'Aucun plan sélectionné. Veuillez choisir un plan.';

/** A `*.myshopify.com` domain as typed (protocol, case, slashes tidied); anything else is refused. */
export const shopDomain = z.string().transform((value, ctx) => {
  const shop = normalizeShopDomain(value);
  if (shop) return shop;
  ctx.addIssue({ code: 'custom', message: INVALID_SHOP_MESSAGE });
  return z.NEVER;
});

const shopBody = z.object({ shop: shopDomain });
const installationParams = z.object({ token: z.string().min(1) });

// ---- Installation links -------------------------------------------------------------------------

/** The plan chosen on an installation link. */
export const selectedPlan = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** Decimal string, e.g. "77.00". */
  price_amount: z.string(),
  price_currency: z.string(),
  email_quota: z.number().int().nullable(),
});
export type SelectedPlan = z.infer<typeof selectedPlan>;

export const installation = z.object({
  shop_domain: z.string(),
  expires_at: isoDateTime,
  selected_plan: selectedPlan.nullable(),
});
export type Installation = z.infer<typeof installation>;

export const getInstallation = endpoint({
  method: 'GET',
  path: '/api/shopify/installations/:token',
  access: 'public',
  summary: "an installation link's shop and chosen plan (the token is the credential)",
  params: installationParams,
  response: installation,
  errors: ['installation_not_found', 'installation_used', 'installation_expired'],
});

export const selectInstallationPlan = endpoint({
  method: 'POST',
  path: '/api/shopify/installations/:token/plan',
  access: 'public',
  summary: 'chooses the plan of an unclaimed installation link',
  params: installationParams,
  body: z.object({ plan_id: z.uuid({ message: NO_PLAN_MESSAGE }) }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['plan_selection_failed', 'installation_not_found', 'installation_used', 'installation_expired'],
});

/** Where the browser goes next: the OAuth start, a same-site path. */
const redirectUrl = z.object({
  redirect_url: z.string().refine((url) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')),
});

export const claimInstallation = endpoint({
  method: 'POST',
  path: '/api/shopify/installations/:token/claim',
  access: 'session',
  summary: 'claims an installation link for the signed-in merchant; answers the OAuth start',
  params: installationParams,
  body: z.object({ plan_id: z.uuid({ message: NO_PLAN_MESSAGE }).nullable().optional() }),
  response: redirectUrl,
  errors: ['installation_claim_refused', 'no_plan_selected', 'store_already_connected'],
});

export const connectShop = endpoint({
  method: 'POST',
  path: '/api/shopify/connect',
  access: 'session',
  summary: 'the OAuth start for a signed-in merchant (re)connecting a shop, bound to this browser',
  body: shopBody,
  response: redirectUrl,
  errors: ['store_already_connected'],
});

export const createTestInstallation = endpoint({
  method: 'POST',
  path: '/api/shopify/test-installations',
  access: 'public',
  summary: 'developer tool: an installation link for a test shop, created first on the local Shopify emulator if missing (404 in production without the emulator)',
  body: shopBody,
  response: z.object({
    token: z.string(),
    shop: z.string(),
    plan_selection_url: z.string(),
    /** The shop on the local Shopify emulator: just created, already there, or null without the emulator (real Shopify). */
    emulator_shop: z.enum(['created', 'existing']).nullable(),
  }),
  errors: [],
});
export type TestInstallation = z.infer<typeof createTestInstallation.response>;

// ---- Browser navigations (OAuth, billing) -------------------------------------------------------

/** Shopify signs every parameter it sends: unknown ones are kept for the HMAC. */
const signedQuery = z.looseObject({
  shop: z.string().optional(),
  state: z.string().optional(),
  hmac: z.string().optional(),
  host: z.string().optional(),
  timestamp: z.string().optional(),
});

export const shopifyAuth = endpoint({
  method: 'GET',
  path: '/functions/v1/shopify-auth',
  access: 'public',
  summary: "OAuth start: Shopify's signed install query, or a state bound to this browser",
  query: signedQuery,
  kind: 'redirect',
  errors: [],
});

export const shopifyAuthCallback = endpoint({
  method: 'GET',
  path: '/functions/v1/shopify-auth/callback',
  access: 'public',
  summary: "OAuth callback: Shopify's signed query with the single-use state; connects the shop",
  query: signedQuery.extend({ code: z.string().optional(), error: z.string().optional() }),
  kind: 'redirect',
  errors: [],
});

export const shopifyBillingCallback = endpoint({
  method: 'GET',
  path: '/functions/v1/shopify-billing-callback',
  // A navigation: signed out goes to /login, a foreign store to an error page, never a JSON error.
  // The store is then the active store's, through the tenancy rule, inside the handler.
  access: 'public',
  summary: "Shopify's return after the plan's confirmation page: records the subscription",
  // change=1: the charge replaces the store's paid plan (set by plans-change), so the dashboard says a change.
  query: z.looseObject({ store_id: z.string().optional(), charge_id: z.string().optional(), change: z.string().optional() }),
  kind: 'redirect',
  errors: [],
});

// ---- Diagnostic and the server functions that repair the connection ----------------------------

/** What a test order's webhook event records (the app never asks a test order for a review). */
export const TEST_ORDER_EVENT_NOTE = 'test order: ignored (test orders never ask for reviews)';

/** The protected customer fields the app needs (Shopify's protected customer data, level 2). */
export const PROTECTED_CUSTOMER_FIELDS = ['email', 'name'] as const;
export type ProtectedCustomerField = (typeof PROTECTED_CUSTOMER_FIELDS)[number];

/**
 * The webhook topics every store needs (docs/product/limits.md): the diagnostic checks these. The flows'
 * triggers come from them: payment, fulfilment, and the carriers' delivery events (read_fulfillments).
 */
export const DIAGNOSED_TOPICS = ['orders/paid', 'orders/fulfilled', 'fulfillment_events/create'] as const;

const okStatus = z.enum(['success', 'error']);
const softStatus = z.enum(['success', 'warning']);
export const checkStatus = z.enum(['success', 'warning', 'error']);
export type CheckStatus = z.infer<typeof checkStatus>;

export const webhookEvent = z.object({
  topic: z.string(),
  created_at: isoDateTime,
  processed: z.boolean(),
  error: z.string().nullable(),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

/**
 * Why a check that asks Shopify failed: Shopify refused (the token), Shopify was unavailable (a 5xx,
 * its rate limit past the retries), or Shopify did not answer in time (or at all). Null: no failure.
 */
export const shopifyFailure = z.enum(['refused', 'unavailable', 'timeout']);
export type ShopifyFailure = z.infer<typeof shopifyFailure>;

export const diagnosticChecks = z.object({
  /**
   * `http_status`: Shopify's status when it answered with an error (401 or 403: the token is refused;
   * 5xx: Shopify failed); null when it could not be checked or no answer came.
   */
  token: z.object({
    status: okStatus,
    http_status: z.number().int().nullable(),
    failure: shopifyFailure.nullable().default(null),
    /**
     * Scopes the app asks (SHOPIFY_SCOPES, shopify.app.toml) that the store's token was not granted,
     * such as `write_app_proxy` for a shop installed before the storefront's app proxy: reconnecting
     * grants them. Non-empty: the check fails even though Shopify accepts the token.
     */
    missing_scopes: z.array(z.string()).default([]),
  }),
  orders: z.object({ status: checkStatus, count: z.number().int().nullable() }),
  webhooks_database: z.object({ status: okStatus, registered: z.array(z.string()), missing: z.array(z.string()) }),
  webhooks_platform: z.object({
    status: okStatus,
    registered: z.array(z.string()),
    missing: z.array(z.string()),
    wrong_address: z.array(z.string()),
    expected_address: z.string().nullable(),
    /** Set when the list could not be read on Shopify (then `missing` is empty: unknown, not missing). */
    failure: shopifyFailure.nullable().default(null),
  }),
  flow: z.object({ status: okStatus, active: z.number().int(), total: z.number().int() }),
  events: z.object({ status: softStatus, recent: z.array(webhookEvent) }),
  order_events: z.object({ status: softStatus, count: z.number().int() }),
  /**
   * What Shopify lets the app read of its customers' protected data. Without Shopify's approval
   * (Partner Dashboard, protected customer data), the fields listed in `withheld_fields` come back
   * empty, order webhooks are refused and no review request can be sent. `approved` is null when
   * it could not be checked (no order to read yet, or the token failed).
   */
  customer_data: z.object({ status: checkStatus, approved: z.boolean().nullable(), withheld_fields: z.array(z.enum(PROTECTED_CUSTOMER_FIELDS)) }),
});
export type DiagnosticChecks = z.infer<typeof diagnosticChecks>;

/** `store` and `checks` are both null when no Shopify store is connected. */
export const diagnosticResult = z.object({
  store: z.object({ id: z.string(), shop_domain: z.string() }).nullable(),
  checks: diagnosticChecks.nullable(),
});
export type DiagnosticResult = z.infer<typeof diagnosticResult>;

export const diagnostic = endpoint({
  method: 'GET',
  path: '/api/shopify/diagnostic',
  // Answers `{ store: null, checks: null }` without a store (the screen then says so): not `store`.
  access: 'session',
  summary: "the connection diagnostic of the merchant's active store",
  response: diagnosticResult,
  errors: [],
});

/** The active store's id, as the spec's functions take it (checked against the active store). */
export const shopIdBody = z.object({ shop_id: z.uuid({ message: 'Aucune boutique Shopify active trouvée' }) });

export const registerWebhooks = endpoint({
  method: 'POST',
  path: '/functions/v1/shopify-register-webhooks',
  access: 'store',
  summary: 'subscribes the required webhooks on Shopify and records them (partial: success false)',
  body: shopIdBody,
  response: z.object({ success: z.boolean(), registered: z.array(z.string()), errors: z.array(z.string()) }),
  errors: ['shopify_token_invalid', 'shopify_request_failed'],
});
export type RegisterWebhooksResult = z.infer<typeof registerWebhooks.response>;

export const registerGdprWebhooks = endpoint({
  method: 'POST',
  path: '/functions/v1/register-gdpr-webhooks',
  // The spec answers `{ stores_processed: 0 }` without a store: not `store`.
  access: 'session',
  summary: "records the compliance webhooks (set in the app's configuration) for the active store",
  response: z.object({ stores_processed: z.number().int() }),
  errors: [],
});

export const fixWebhookUrls = endpoint({
  method: 'POST',
  path: '/functions/v1/fix-webhook-urls',
  access: 'store',
  summary: "re-points the store's webhook subscriptions at this app's address",
  body: shopIdBody,
  response: z.object({ updated: z.array(z.string()), correct_url: z.string() }),
  errors: ['shopify_token_invalid', 'shopify_request_failed'],
});
export type FixWebhookUrlsResult = z.infer<typeof fixWebhookUrls.response>;

export const countOrders = endpoint({
  method: 'POST',
  path: '/functions/v1/shopify-count-orders',
  access: 'store',
  summary: 'the paid orders of the last 60 days on Shopify',
  body: shopIdBody,
  response: z.object({ success: z.literal(true), count: z.number().int() }),
  errors: ['count_orders_failed'],
});
