/**
 * The connection diagnostic (spec: /app/shopify-diagnostic). Every call to Shopify happens here, on
 * the server: the access token never reaches the browser.
 */
import { and, count, desc, eq, like } from 'drizzle-orm';
import { flowConfigurations, shopifyWebhookEvents } from '../../db/schema';
import { DIAGNOSED_TOPICS, type DiagnosticResult } from '../../core/api/shopify';
import type { AppContext } from '../context';
import type { Encodable } from '../http/route';
import { findActiveStore } from '../stores/service';
import { ShopifyRequestError } from './facade';
import { ORDER_HISTORY_DAYS, ordersSinceQuery } from '../orders/admin-api';
import { StoreTokenError, storeAccessToken } from './store-tokens';
import { listPlatformSubscriptions, recordedTopics, webhookAddress } from './webhook-subscriptions';
import { DIAGNOSTIC_COUNT_ORDERS } from './admin-documents';

/** A check passed, or failed. */
const passed = (ok: boolean) => (ok ? ('success' as const) : ('error' as const));
/** A check passed, or deserves a look. */
const looksFine = (ok: boolean) => (ok ? ('success' as const) : ('warning' as const));

/** The diagnostic of the account's active store; `{ store: null, checks: null }` without one. */
export async function runDiagnostic(ctx: AppContext, userId: string): Promise<Encodable<DiagnosticResult>> {
  const store = await findActiveStore(ctx.db, userId);
  if (!store) return { store: null, checks: null };

  // The token works when Shopify answers a request made with it (here: counting the orders).
  let tokenOk = false;
  let httpStatus: number | null = null;
  let ordersCount: number | null = null;
  try {
    const { accessToken } = await storeAccessToken(ctx, store.id);
    const data = await ctx.shopify.graphql<{ ordersCount: { count: number } }>(store.shop_domain, accessToken, DIAGNOSTIC_COUNT_ORDERS, {
      query: ordersSinceQuery(ORDER_HISTORY_DAYS),
    });
    ordersCount = data.ordersCount.count;
    tokenOk = true;
  } catch (error) {
    if (error instanceof ShopifyRequestError) httpStatus = error.status;
    else if (!(error instanceof StoreTokenError)) throw error;
    else httpStatus = 401;
  }

  let platform: { topic: string; uri: string }[] = [];
  if (tokenOk) {
    try {
      platform = await listPlatformSubscriptions(ctx, store.id);
    } catch {
      platform = [];
    }
  }
  const address = webhookAddress(ctx);
  const inDatabase = await recordedTopics(ctx, store.id);
  const dbMissing = DIAGNOSED_TOPICS.filter((t) => !inDatabase.includes(t));
  const platformTopics = platform.map((p) => p.topic);
  const platformMissing = DIAGNOSED_TOPICS.filter((t) => !platformTopics.includes(t));
  const wrongAddress = platform.filter((p) => p.uri !== address).map((p) => p.topic);

  const flows = await ctx.db.select({ isActive: flowConfigurations.isActive }).from(flowConfigurations).where(eq(flowConfigurations.shopifyStoreId, store.id));
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

  return {
    store: { id: store.id, shop_domain: store.shop_domain },
    checks: {
      token: { status: passed(tokenOk), http_status: tokenOk ? null : httpStatus },
      orders: { status: tokenOk ? looksFine((ordersCount ?? 0) > 0) : 'error', count: ordersCount },
      webhooks_database: { status: passed(dbMissing.length === 0), registered: inDatabase, missing: dbMissing },
      webhooks_platform: tokenOk
        ? {
            status: passed(platformMissing.length === 0 && wrongAddress.length === 0),
            registered: platformTopics,
            missing: platformMissing,
            wrong_address: wrongAddress,
            expected_address: address,
          }
        : { status: 'error', registered: [], missing: [...DIAGNOSED_TOPICS], wrong_address: [], expected_address: address },
      flow: { status: passed(activeFlows > 0), active: activeFlows, total: flows.length },
      events: { status: looksFine(recent.length > 0), recent },
      order_events: { status: looksFine((orderEvents?.n ?? 0) > 0), count: orderEvents?.n ?? 0 },
    },
  };
}
