/**
 * The connection diagnostic (spec: /app/shopify-diagnostic). Every call to Shopify happens here, on
 * the server: the access token never reaches the browser.
 */
import { and, count, desc, eq, like } from 'drizzle-orm';
import { flowConfigurations, shopifyStores, shopifyWebhookEvents } from '#db/schema';
import { DIAGNOSED_TOPICS, PROTECTED_CUSTOMER_FIELDS, type DiagnosticChecks, type DiagnosticResult, type ProtectedCustomerField, type ShopifyFailure } from '#core/api/shopify';
import type { AppContext } from '../context';
import type { Encodable } from '../http/route';
import { findActiveStore } from '../stores/service';
import { ShopifyRequestError, answered, type GraphqlFieldError } from '../shopify/facade';
import { toldFailure } from '../shopify/resilience';
import { ORDER_HISTORY_DAYS, ordersSinceQuery, withheldField } from '../orders/admin-api';
import { missingScopes } from '../shopify/install-service';
import { StoreTokenError, storeAccessToken } from '../shopify/store-tokens';
import { listPlatformSubscriptions, recordedTopics, webhookAddress } from '../shopify/webhook-subscriptions';
import { CUSTOMER_DATA_PROBE, DIAGNOSTIC_COUNT_ORDERS } from '../shopify/admin-documents';
import type { CustomerDataProbeQuery } from '../shopify/generated/admin-types';

/** A check passed, or failed. */
const passed = (ok: boolean) => (ok ? ('success' as const) : ('error' as const));
/** A check passed, or deserves a look. */
const looksFine = (ok: boolean) => (ok ? ('success' as const) : ('warning' as const));

/**
 * Which protected customer fields Shopify withholds from the app, learnt by reading the newest order's
 * (read-only). Shopify answers an unapproved field null with an `errors` entry on it, and refuses the
 * Order object itself to an app without any approval. Nothing to read yet: unknown.
 */
async function customerDataCheck(ctx: AppContext, shop: string, accessToken: string): Promise<DiagnosticChecks['customer_data']> {
  let answer: { data: CustomerDataProbeQuery; errors: GraphqlFieldError[] };
  try {
    answer = await ctx.shopify.graphqlWithErrors(shop, accessToken, CUSTOMER_DATA_PROBE);
  } catch (error) {
    if (error instanceof ShopifyRequestError && error.code === 'ACCESS_DENIED') return { status: 'error', approved: false, withheld_fields: [...PROTECTED_CUSTOMER_FIELDS] };
    if (error instanceof ShopifyRequestError) return { status: 'warning', approved: null, withheld_fields: [] };
    throw error;
  }
  const withheld = new Set<ProtectedCustomerField>();
  for (const error of answer.errors) {
    const field = withheldField(error);
    if (field) withheld.add(field);
  }
  if (withheld.size > 0) return { status: 'error', approved: false, withheld_fields: PROTECTED_CUSTOMER_FIELDS.filter((f) => withheld.has(f)) };
  if (answer.data.orders.nodes.length === 0) return { status: 'warning', approved: null, withheld_fields: [] };
  return { status: 'success', approved: true, withheld_fields: [] };
}

/**
 * What a failed call to Shopify tells the merchant: a refused token (reconnect), or Shopify not
 * answering now (try again in a moment), with the HTTP status when Shopify answered one.
 */
export function diagnosticFailure(error: unknown): { failure: ShopifyFailure; httpStatus: number | null } {
  if (error instanceof StoreTokenError) return { failure: 'refused', httpStatus: 401 };
  if (!(error instanceof ShopifyRequestError)) throw error;
  return { failure: toldFailure(error), httpStatus: error.status >= 400 ? error.status : null };
}

/** The diagnostic of the account's active store; `{ store: null, checks: null }` without one. */
export async function runDiagnostic(ctx: AppContext, userId: string): Promise<Encodable<DiagnosticResult>> {
  const store = await findActiveStore(ctx.db, userId);
  if (!store) return { store: null, checks: null };

  // The token works when Shopify answers a request made with it (here: counting the orders).
  let tokenOk = false;
  let httpStatus: number | null = null;
  let tokenFailure: ShopifyFailure | null = null;
  let ordersCount: number | null = null;
  let customerData: DiagnosticChecks['customer_data'] = { status: 'warning', approved: null, withheld_fields: [] };
  try {
    const { accessToken } = await storeAccessToken(ctx, store.id);
    const data = await ctx.shopify.graphql(store.shop_domain, accessToken, DIAGNOSTIC_COUNT_ORDERS, { query: ordersSinceQuery(ORDER_HISTORY_DAYS) });
    ordersCount = answered(data.ordersCount, 'ordersCount').count;
    tokenOk = true;
    customerData = await customerDataCheck(ctx, store.shop_domain, accessToken);
  } catch (error) {
    ({ failure: tokenFailure, httpStatus } = diagnosticFailure(error));
  }

  // Read once the token works; a list Shopify could not give is unknown, never « all missing ».
  let platform: { topic: string; uri: string }[] = [];
  let platformFailure: ShopifyFailure | null = null;
  if (tokenOk) {
    try {
      platform = await listPlatformSubscriptions(ctx, store.id);
    } catch (error) {
      platformFailure = diagnosticFailure(error).failure;
    }
  }
  const address = webhookAddress(ctx);
  const inDatabase = await recordedTopics(ctx, store.id);
  const dbMissing = DIAGNOSED_TOPICS.filter((t) => !inDatabase.includes(t));
  const platformTopics = platform.map((p) => p.topic);
  const platformMissing = DIAGNOSED_TOPICS.filter((t) => !platformTopics.includes(t));
  const wrongAddress = platform.filter((p) => p.uri !== address).map((p) => p.topic);

  const flows = await ctx.db.select({ isActive: flowConfigurations.isActive }).from(flowConfigurations).where(eq(flowConfigurations.shopId, store.id));
  const activeFlows = flows.filter((f) => f.isActive).length;

  const recent = await ctx.db
    .select({ topic: shopifyWebhookEvents.topic, created_at: shopifyWebhookEvents.createdAt, processed: shopifyWebhookEvents.processed, error: shopifyWebhookEvents.error })
    .from(shopifyWebhookEvents)
    .where(eq(shopifyWebhookEvents.shopId, store.id))
    .orderBy(desc(shopifyWebhookEvents.createdAt))
    .limit(10);
  const [orderEvents] = await ctx.db
    .select({ n: count() })
    .from(shopifyWebhookEvents)
    .where(and(eq(shopifyWebhookEvents.shopId, store.id), like(shopifyWebhookEvents.topic, 'orders/%')));

  // The scopes the app asks now, granted or not to this store's token (write_app_proxy came with the
  // storefront's app proxy: a shop installed before has a token without it; decision 043).
  const [granted] = await ctx.db.select({ scope: shopifyStores.scope }).from(shopifyStores).where(eq(shopifyStores.id, store.id));
  const missing = missingScopes(granted?.scope ?? null, ctx.config.shopify.scopes);

  return {
    store: { id: store.id, shop_domain: store.shop_domain },
    checks: {
      token: { status: passed(tokenOk && missing.length === 0), http_status: tokenOk ? null : httpStatus, failure: tokenFailure, missing_scopes: missing },
      orders: { status: tokenOk ? looksFine((ordersCount ?? 0) > 0) : 'error', count: ordersCount },
      webhooks_database: { status: passed(dbMissing.length === 0), registered: inDatabase, missing: dbMissing },
      webhooks_platform:
        tokenOk && !platformFailure
          ? {
              status: passed(platformMissing.length === 0 && wrongAddress.length === 0),
              registered: platformTopics,
              missing: platformMissing,
              wrong_address: wrongAddress,
              expected_address: address,
              failure: null,
            }
          : { status: 'error', registered: [], missing: [], wrong_address: [], expected_address: address, failure: platformFailure ?? tokenFailure },
      flow: { status: passed(activeFlows > 0), active: activeFlows, total: flows.length },
      events: { status: looksFine(recent.length > 0), recent },
      order_events: { status: looksFine((orderEvents?.n ?? 0) > 0), count: orderEvents?.n ?? 0 },
      customer_data: customerData,
    },
  };
}
