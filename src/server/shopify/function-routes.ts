/**
 * Server functions about a merchant's Shopify connection (spec section 7), all behind the session
 * and the store-ownership check: shopify-register-webhooks, register-gdpr-webhooks, fix-webhook-urls,
 * shopify-count-orders. Payloads and responses follow the spec's table.
 */
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { shopifyStores } from '../../db/schema';
import type { AppContext } from '../context';
import { requireSession, type SessionEnv } from '../auth/session';
import { ApiError, parseJsonBody } from '../http/errors';
import { ShopifyRequestError } from './facade';
import { ORDER_HISTORY_DAYS, ordersSinceQuery } from './order-queries';
import { StoreTokenError, storeAccessToken } from './store-tokens';
import { fixWebhookUrls, recordComplianceWebhooks, registerWebhooks } from './webhook-subscriptions';

export const noStoreMessage = 'Aucune boutique Shopify active trouvée';
const shopBody = z.object({ shop_id: z.string().uuid({ message: noStoreMessage }) });

/** The signed-in merchant's active store with this id, or a 404. */
export async function ownedStore(ctx: AppContext, userId: string, storeId: string) {
  const [store] = await ctx.db
    .select()
    .from(shopifyStores)
    .where(and(eq(shopifyStores.id, storeId), eq(shopifyStores.userId, userId), eq(shopifyStores.isActive, true)));
  if (!store) throw new ApiError(404, noStoreMessage);
  return store;
}

/** Shopify failures become a 502 with a French message (401: the store must be reconnected). */
export function shopifyFailure(error: unknown): ApiError {
  if (error instanceof StoreTokenError || (error instanceof ShopifyRequestError && (error.status === 401 || error.status === 403))) {
    return new ApiError(502, "Le jeton d'accès Shopify est invalide ou a expiré. Reconnectez votre boutique.");
  }
  if (error instanceof ShopifyRequestError) return new ApiError(502, `Shopify a refusé la requête (${error.code ?? error.status}).`);
  throw error;
}

const COUNT_ORDERS = `#graphql
query CountOrders($query: String!) { ordersCount(query: $query) { count precision } }`;

export function shopifyFunctionRoutes(ctx: AppContext) {
  const app = new Hono<SessionEnv>();
  const session = requireSession(ctx);
  const userOf = (c: Context<SessionEnv>) => c.get('session').user.id;

  app.post('/shopify-register-webhooks', session, async (c) => {
    const { shop_id } = await parseJsonBody(c, shopBody);
    const store = await ownedStore(ctx, userOf(c), shop_id);
    try {
      const result = await registerWebhooks(ctx, store.id);
      return c.json({ success: result.errors.length === 0, registered: result.registered, errors: result.errors });
    } catch (error) {
      const failure = shopifyFailure(error);
      return c.json({ success: false, registered: [], errors: [], error: failure.message }, failure.status);
    }
  });

  app.post('/register-gdpr-webhooks', session, async (c) => {
    const [store] = await ctx.db
      .select()
      .from(shopifyStores)
      .where(and(eq(shopifyStores.userId, userOf(c)), eq(shopifyStores.isActive, true)));
    if (store) await recordComplianceWebhooks(ctx, store.id);
    return c.json({ stores_processed: store ? 1 : 0 });
  });

  app.post('/fix-webhook-urls', session, async (c) => {
    const { shop_id } = await parseJsonBody(c, shopBody);
    const store = await ownedStore(ctx, userOf(c), shop_id);
    try {
      return c.json(await fixWebhookUrls(ctx, store.id));
    } catch (error) {
      const failure = shopifyFailure(error);
      return c.json({ updated: [], correct_url: `${ctx.config.appUrl}/webhooks/shopify`, error: failure.message }, failure.status);
    }
  });

  app.post('/shopify-count-orders', session, async (c) => {
    const { shop_id } = await parseJsonBody(c, shopBody);
    const store = await ownedStore(ctx, userOf(c), shop_id);
    try {
      const { shop, accessToken } = await storeAccessToken(ctx, store.id);
      const data = await ctx.shopify.graphql<{ ordersCount: { count: number } }>(shop, accessToken, COUNT_ORDERS, { query: ordersSinceQuery(ORDER_HISTORY_DAYS, { paidOnly: true }) });
      return c.json({ success: true, count: data.ordersCount.count });
    } catch (error) {
      const failure = shopifyFailure(error);
      return c.json({ success: false, count: 0, error: 'Erreur lors du comptage' }, failure.status);
    }
  });

  return app;
}
