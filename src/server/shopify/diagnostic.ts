/**
 * The connection diagnostic (spec: /app/shopify-diagnostic). Every call to Shopify happens here, on
 * the server: the access token never reaches the browser.
 */
import { and, count, desc, eq, like } from 'drizzle-orm';
import { flowConfigurations, shopifyWebhookEvents } from '../../db/schema';
import type { AppContext } from '../context';
import { findActiveStore } from '../stores/service';
import { ShopifyRequestError } from './facade';
import { ORDER_HISTORY_DAYS, ordersSinceQuery } from './order-queries';
import { StoreTokenError, storeAccessToken } from './store-tokens';
import { listPlatformSubscriptions, recordedTopics, webhookAddress } from './webhook-subscriptions';

/** The spec's required topics (section 9). */
export const DIAGNOSED_TOPICS = ['orders/paid', 'orders/fulfilled'] as const;

type Status = 'success' | 'warning' | 'error';

export async function runDiagnostic(ctx: AppContext, userId: string) {
  const store = await findActiveStore(ctx.db, userId);
  if (!store) return { store: null, checks: null };

  let accessToken: string | null = null;
  let httpStatus: number | null = null;
  let ordersCount: number | null = null;
  try {
    accessToken = (await storeAccessToken(ctx, store.id)).accessToken;
    const data = await ctx.shopify.graphql<{ ordersCount: { count: number } }>(
      store.shop_domain,
      accessToken,
      'query Count($query: String!) { ordersCount(query: $query) { count } }',
      { query: ordersSinceQuery(ORDER_HISTORY_DAYS) },
    );
    ordersCount = data.ordersCount.count;
  } catch (error) {
    if (error instanceof ShopifyRequestError) httpStatus = error.status;
    else if (!(error instanceof StoreTokenError)) throw error;
    else httpStatus = 401;
    accessToken = null;
  }
  const tokenOk = accessToken !== null;

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

  const flows = await ctx.db
    .select({ isActive: flowConfigurations.isActive })
    .from(flowConfigurations)
    .where(eq(flowConfigurations.shopifyStoreId, store.id));
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

  const status = (ok: boolean, soft = false): Status => (ok ? 'success' : soft ? 'warning' : 'error');
  return {
    store: { id: store.id, shop_domain: store.shop_domain },
    checks: {
      token: { status: status(tokenOk), http_status: tokenOk ? null : httpStatus },
      orders: { status: !tokenOk ? ('error' as Status) : status((ordersCount ?? 0) > 0, true), count: ordersCount },
      webhooks_database: { status: status(dbMissing.length === 0), registered: inDatabase, missing: dbMissing },
      webhooks_platform: tokenOk
        ? { status: status(platformMissing.length === 0 && wrongAddress.length === 0), registered: platformTopics, missing: platformMissing, wrong_address: wrongAddress, expected_address: address }
        : { status: 'error' as Status, registered: [], missing: [...DIAGNOSED_TOPICS], wrong_address: [], expected_address: address },
      flow: { status: status(activeFlows > 0), active: activeFlows, total: flows.length },
      events: { status: status(recent.length > 0, true), recent },
      order_events: { status: status((orderEvents?.n ?? 0) > 0, true), count: orderEvents?.n ?? 0 },
    },
  };
}
