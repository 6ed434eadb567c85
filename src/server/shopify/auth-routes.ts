/**
 * Browser navigations of the install flow (server functions, spec section 7):
 * - GET /functions/v1/shopify-auth?shop&hmac&host&timestamp: an install from Shopify. Verify the HMAC
 *   and timestamp, then start OAuth at once (App Store rule: before any login or signup page).
 * - GET /functions/v1/shopify-auth?shop&state: OAuth for a signed-in merchant (onboarding, integrations).
 * - GET /functions/v1/shopify-auth/callback: verify HMAC and state, exchange the code, store the shop.
 * - GET /functions/v1/shopify-billing-callback: Shopify's return after the plan's confirmation page.
 */
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { shopifyInstallationTokens, shopifyStores } from '../../db/schema';
import type { AppContext } from '../context';
import { BillingError, findPlan, startSubscription, syncSubscription } from './billing';
import { recordComplianceWebhooks, registerWebhooks } from './webhook-subscriptions';
import { ShopifyRequestError, type ShopifyFacade } from './facade';
import { freshTimestamp, normalizeShopDomain, verifyQueryHmac } from './hmac';
import {
  connectStore,
  consumeOAuthState,
  createInstallationToken,
  createOAuthState,
  peekOAuthState,
  ShopOwnedByAnotherAccountError,
  StoreAlreadyConnectedError,
} from './install-service';
import { bindStateToBrowser, browserHoldsState } from './oauth-binding';

const SHOP_QUERY = `#graphql
query ShopDetails { shop { name email myshopifyDomain currencyCode } }`;

const integrationsError = (code: string) => `/app/integrations?shopify=error&message=${encodeURIComponent(code)}`;
const installError = (code: string) => `/shopify/install?error=${encodeURIComponent(code)}`;

export function shopifyAuthRoutes(ctx: AppContext, shopify: ShopifyFacade) {
  const app = new Hono();
  const log = ctx.log.child('shopify-auth');
  const redirect = (c: Context, to: string) => c.redirect(to, 302);

  app.get('/shopify-auth', async (c) => {
    const query = new URL(c.req.url).searchParams;
    const shop = normalizeShopDomain(query.get('shop'));
    const state = query.get('state');

    if (query.has('hmac')) {
      if (!verifyQueryHmac(query, ctx.config.shopify.apiSecret) || !freshTimestamp(query.get('timestamp') ?? undefined)) {
        log.warn('install request with a bad signature or timestamp');
        return redirect(c, installError('invalid_hmac'));
      }
      if (!shop) return redirect(c, installError('invalid_hmac'));
      const stateToken = await createOAuthState(ctx.db, { userId: null, metadata: { shop_domain: shop } });
      bindStateToBrowser(c, ctx.config, stateToken);
      return redirect(c, shopify.authorizeUrl(shop, stateToken));
    }

    if (shop && state) {
      const peeked = await peekOAuthState(ctx.db, state);
      if ('error' in peeked) return redirect(c, integrationsError(peeked.error));
      if (peeked.state.metadata.shop_domain !== shop) return redirect(c, integrationsError('invalid_state'));
      // A link started by another browser (or handed over by another account) goes no further.
      if (!browserHoldsState(c, ctx.config, state)) {
        log.warn('OAuth start refused: the state belongs to another browser', { shop });
        return redirect(c, integrationsError('state_not_bound'));
      }
      return redirect(c, shopify.authorizeUrl(shop, state));
    }

    return redirect(c, installError('invalid_hmac'));
  });

  app.get('/shopify-auth/callback', async (c) => {
    const query = new URL(c.req.url).searchParams;
    if (query.get('error')) return redirect(c, integrationsError(query.get('error') === 'access_denied' ? "L'installation a été annulée sur Shopify." : 'invalid_state'));
    if (!verifyQueryHmac(query, ctx.config.shopify.apiSecret) || !freshTimestamp(query.get('timestamp') ?? undefined)) {
      return redirect(c, integrationsError('invalid_hmac'));
    }
    const shop = normalizeShopDomain(query.get('shop'));
    const code = query.get('code');
    const stateToken = query.get('state') ?? '';
    // Checked before the state is spent: a stranger's visit must not burn the owner's flow.
    if (!browserHoldsState(c, ctx.config, stateToken)) {
      log.warn('OAuth callback refused: the state belongs to another browser', { shop });
      return redirect(c, integrationsError('state_not_bound'));
    }
    const consumed = await consumeOAuthState(ctx.db, stateToken);
    if ('error' in consumed) return redirect(c, integrationsError(consumed.error));
    const state = consumed.state;
    if (!shop || !code || state.metadata.shop_domain !== shop) return redirect(c, integrationsError('invalid_state'));
    if (state.userId) {
      // The flow binds the shop to the account that started it: that account must be the one here.
      const session = await ctx.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
      if (session?.user.id !== state.userId) {
        log.warn('OAuth callback refused: signed in as another account, or signed out', { shop });
        return redirect(c, integrationsError('state_not_bound'));
      }
    }

    let tokens;
    try {
      tokens = await shopify.exchangeCode(shop, code);
    } catch (error) {
      log.warn('code exchange failed', { shop, error: (error as Error).message });
      return redirect(c, integrationsError('token_exchange_failed'));
    }
    let shopName: string | null = null;
    try {
      const data = await shopify.graphql<{ shop: { name: string } }>(shop, tokens.accessToken, SHOP_QUERY);
      shopName = data.shop.name;
    } catch (error) {
      log.warn('shop fetch failed', { shop, error: (error as Error).message, status: (error as ShopifyRequestError).status });
      return redirect(c, integrationsError('shop_fetch_failed'));
    }

    // An install straight from Shopify: no account yet. Choose a plan, then sign up or in.
    if (!state.userId) {
      const token = await createInstallationToken(ctx.db, shop);
      return redirect(c, `/shopify/plan-selection?token=${encodeURIComponent(token)}&shop=${encodeURIComponent(shop)}`);
    }

    let store;
    try {
      store = await connectStore(ctx.db, ctx.config.encryptionKey, { userId: state.userId, shopDomain: shop, shopName, tokens });
    } catch (error) {
      if (error instanceof StoreAlreadyConnectedError) return redirect(c, integrationsError('store_already_connected'));
      if (error instanceof ShopOwnedByAnotherAccountError) {
        log.warn('OAuth refused: the shop is connected to another account', { shop });
        return redirect(c, integrationsError('shop_owned_by_another_account'));
      }
      throw error;
    }
    log.info('store connected', { storeId: store.id, shop });
    // Orders reach us only by webhook: subscribe now (the diagnostic offers a retry if this fails).
    try {
      const result = await registerWebhooks(ctx, store.id);
      await recordComplianceWebhooks(ctx, store.id);
      if (result.errors.length) log.warn('some webhooks were not registered', { storeId: store.id, errors: result.errors });
    } catch (error) {
      log.warn('webhook registration failed', { storeId: store.id, error: (error as Error).message });
    }

    const installation = state.metadata.installation_token;
    if (installation) {
      const [row] = await ctx.db
        .select()
        .from(shopifyInstallationTokens)
        .where(and(eq(shopifyInstallationTokens.installationToken, installation), eq(shopifyInstallationTokens.userId, state.userId)));
      const plan = row?.selectedPlanId ? await findPlan(ctx.db, row.selectedPlanId) : null;
      if (plan) {
        try {
          return redirect(c, await startSubscription(ctx, shopify, store, plan));
        } catch (error) {
          log.warn('subscription start failed', { storeId: store.id, error: (error as Error).message });
          return redirect(c, `/subscription?status=error&message=${encodeURIComponent('Erreur lors du changement de plan')}`);
        }
      }
    }
    return redirect(c, `/app/integrations?shopify=success&shop=${encodeURIComponent(shop)}`);
  });

  app.get('/shopify-billing-callback', async (c) => {
    const session = await ctx.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (!session) return redirect(c, `/login?redirect=${encodeURIComponent(new URL(c.req.url).pathname + new URL(c.req.url).search)}`);
    const storeId = c.req.query('store_id') ?? '';
    const [store] = /^[0-9a-f-]{36}$/.test(storeId)
      ? await ctx.db.select().from(shopifyStores).where(and(eq(shopifyStores.id, storeId), eq(shopifyStores.userId, session.user.id), eq(shopifyStores.isActive, true)))
      : [];
    if (!store) return redirect(c, `/subscription?status=error&message=${encodeURIComponent('Aucune boutique Shopify trouvée. Veuillez d\'abord connecter votre boutique.')}`);
    try {
      const status = await syncSubscription(ctx, shopify, store);
      if (status === 'active') return redirect(c, '/app/dashboard?shopify=success&subscription=activated');
      return redirect(c, `/subscription?status=error&message=${encodeURIComponent("L'abonnement n'a pas été approuvé sur Shopify.")}`);
    } catch (error) {
      if (!(error instanceof BillingError) && !(error instanceof ShopifyRequestError)) throw error;
      log.warn('billing sync failed', { storeId: store.id, error: error.message });
      return redirect(c, `/subscription?status=error&message=${encodeURIComponent('Erreur lors de la synchronisation')}`);
    }
  });

  return app;
}
