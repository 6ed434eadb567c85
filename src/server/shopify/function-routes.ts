/**
 * Server functions about a merchant's Shopify connection (docs/product/calls.md): shopify-register-webhooks,
 * register-gdpr-webhooks, fix-webhook-urls, shopify-count-orders. They act on the active store (the
 * `shop_id` they are sent must be its id); answers follow the spec's table, failures add a `code`.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS } from '#core/api/codes';
import { countOrders, fixWebhookUrls as fixWebhookUrlsEndpoint, registerGdprWebhooks, registerWebhooks as registerWebhooksEndpoint } from '#core/api/shopify';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { messageFor } from '../messages';
import { findActiveStore } from '../stores/service';
import { sameStore } from '../stores/tenancy';
import { shopifyAvailabilityMessages } from '../messages/shopify-availability';
import { ShopifyRequestError, answered } from './facade';
import { shopifyUnavailable, toldFailure } from './resilience';
import { ORDER_HISTORY_DAYS, ordersSinceQuery } from '../orders/admin-api';
import { StoreTokenError, storeAccessToken } from './store-tokens';
import { fixWebhookUrls, recordComplianceWebhooks, registerWebhooks } from './webhook-subscriptions';
import { COUNT_ORDERS } from './admin-documents';

export interface ShopifyFailure {
  code: 'shopify_token_invalid' | 'shopify_request_failed';
  status: ContentfulStatusCode;
  /** The catalogue's French sentence. */
  message: string;
}

/**
 * What a Shopify failure means for the merchant: a token Shopify refuses (reconnect the store), a
 * request it refused, or Shopify not answering now (past the retries: try again in a moment).
 * Anything else is not Shopify's and is rethrown.
 */
export function shopifyFailure(error: unknown): ShopifyFailure {
  const failure = (code: ShopifyFailure['code'], values: Record<string, string | number> = {}): ShopifyFailure => ({
    code,
    status: ERROR_STATUS[code] as ContentfulStatusCode,
    message: messageFor(code, values),
  });
  if (error instanceof StoreTokenError || (error instanceof ShopifyRequestError && (error.status === 401 || error.status === 403))) {
    return failure('shopify_token_invalid');
  }
  if (shopifyUnavailable(error)) {
    const said = toldFailure(error) === 'timeout' ? 'timeout' : 'unavailable';
    return { ...failure('shopify_request_failed'), message: shopifyAvailabilityMessages.requestFailed(said, error.status >= 400 ? error.status : null) };
  }
  if (error instanceof ShopifyRequestError) return failure('shopify_request_failed', { reason: error.code ?? error.status });
  throw error;
}

export function shopifyFunctionRoutes(ctx: AppContext) {
  return [
    route(registerWebhooksEndpoint, async ({ c, body, store }) => {
      sameStore(store, body.shop_id);
      try {
        const result = await registerWebhooks(ctx, store.id);
        return { success: result.errors.length === 0, registered: result.registered, errors: result.errors };
      } catch (error) {
        const failure = shopifyFailure(error);
        return c.json({ success: false, registered: [], errors: [], error: failure.message, code: failure.code }, failure.status);
      }
    }),

    route(registerGdprWebhooks, async ({ session }) => {
      const store = await findActiveStore(ctx.db, session.user.id);
      if (store) await recordComplianceWebhooks(ctx, store.id);
      return { stores_processed: store ? 1 : 0 };
    }),

    route(fixWebhookUrlsEndpoint, async ({ c, body, store }) => {
      sameStore(store, body.shop_id);
      try {
        return await fixWebhookUrls(ctx, store.id);
      } catch (error) {
        const failure = shopifyFailure(error);
        return c.json({ updated: [], correct_url: `${ctx.config.appUrl}/webhooks/shopify`, error: failure.message, code: failure.code }, failure.status);
      }
    }),

    route(countOrders, async ({ c, body, store }) => {
      sameStore(store, body.shop_id);
      try {
        const { shop, accessToken } = await storeAccessToken(ctx, store.id);
        const data = await ctx.shopify.graphql(shop, accessToken, COUNT_ORDERS, { query: ordersSinceQuery(ORDER_HISTORY_DAYS, { paidOnly: true }) });
        return { success: true as const, count: answered(data.ordersCount, 'ordersCount').count };
      } catch (error) {
        const failure = shopifyFailure(error);
        return c.json({ success: false, count: 0, error: messageFor('count_orders_failed'), code: 'count_orders_failed' }, failure.status);
      }
    }),
  ];
}
