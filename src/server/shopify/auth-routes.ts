/**
 * Browser navigations of the install flow (server functions, docs/product/calls.md):
 * - GET /functions/v1/shopify-auth?shop&hmac&host&timestamp: an install or an opening from Shopify.
 *   Verify the HMAC and timestamp; a shop connected here with a working token goes to the app, any
 *   other starts OAuth at once (App Store rule: before any login or signup page).
 * - GET /functions/v1/shopify-auth?shop&state: OAuth for a signed-in merchant (onboarding, integrations).
 * - GET /functions/v1/shopify-auth/callback: verify HMAC and state, exchange the code, store the shop.
 * - GET /functions/v1/shopify-billing-callback: Shopify's return after the plan's confirmation page.
 * A navigation never answers JSON: a refusal is a redirect to the screen that explains it, carrying
 * the refusal's code (the screen has the words).
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { shopifyStores } from '#db/schema';
import { OAUTH_REDIRECT_CODES, shopifyAuth, shopifyAuthCallback, shopifyBillingCallback, type BillingRedirectCode, type OAuthRedirectCode } from '#core/api/shopify';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { route } from '../http/route';
import { requireStore, resolveSession, sameStore } from '../stores/tenancy';
import { BillingError, findPlan, startSubscription } from './billing';
import { recordPendingCharge, syncBilling } from '../billing/sync';
import { afterStoreConnected } from '../webhooks/store-connected';
import { ShopifyRequestError, type ShopifyFacade } from './facade';
import { freshTimestamp, normalizeShopDomain, verifyQueryHmac } from './hmac';
import { connectStore, consumeOAuthState, createInstallationToken, createOAuthState, findClaimedInstallation, peekOAuthState, scopesCover } from './install-service';
import { bindStateToBrowser, browserHoldsState } from './oauth-binding';
import { StoreTokenError, storeAccessToken } from './store-tokens';
import { SHOP_DETAILS } from './admin-documents';

const redirect = (c: Context, to: string) => c.redirect(to, 302);

/**
 * The shop is connected to an account here, with the configured scopes, and Shopify still accepts its
 * token (refreshed if due). Only a definite refusal counts against it: a Shopify outage is no reason
 * to run OAuth, which would revoke a token that works.
 */
async function connectedAndWorking(ctx: AppContext, shop: string): Promise<boolean> {
  const [store] = await ctx.db
    .select({ id: shopifyStores.id, scope: shopifyStores.scope, accessToken: shopifyStores.accessToken })
    .from(shopifyStores)
    .where(and(eq(shopifyStores.shopDomain, shop), eq(shopifyStores.isActive, true)));
  if (!store?.accessToken || !scopesCover(store.scope, ctx.config.shopify.scopes)) return false;
  try {
    const { accessToken } = await storeAccessToken(ctx, store.id);
    await ctx.shopify.graphql(shop, accessToken, SHOP_DETAILS);
    return true;
  } catch (error) {
    if (error instanceof StoreTokenError) return false;
    if (error instanceof ShopifyRequestError && [400, 401, 403].includes(error.status)) return false;
    ctx.log.child('shopify-auth').warn('could not check the stored token: opening the app without OAuth', { shop, error: (error as Error).message });
    return true;
  }
}
/** /app/integrations explains an OAuth refusal by its code (`message` is the spec's parameter name). */
const integrationsError = (c: Context, code: OAuthRedirectCode) => redirect(c, `/app/integrations?shopify=error&message=${code}`);
const installError = (c: Context, code: 'invalid_hmac') => redirect(c, `/shopify/install?error=${code}`);
const billingError = (c: Context, code: BillingRedirectCode) => redirect(c, `/subscription?status=error&error=${code}`);

/** The OAuth refusal a service threw (a state refused, a shop that cannot be connected); anything else is rethrown. */
function oauthCode(error: unknown): OAuthRedirectCode {
  if (error instanceof DomainError && (OAUTH_REDIRECT_CODES as readonly string[]).includes(error.code)) return error.code as OAuthRedirectCode;
  throw error;
}

/** Shopify's signature over the whole query (every parameter it sent), and a fresh timestamp. */
function signedByShopify(c: Context, secret: string): boolean {
  const query = new URL(c.req.url).searchParams;
  return verifyQueryHmac(query, secret) && freshTimestamp(query.get('timestamp') ?? undefined);
}

export function shopifyAuthRoutes(ctx: AppContext, shopify: ShopifyFacade) {
  const log = ctx.log.child('shopify-auth');

  return [
    route(shopifyAuth, async ({ c, query }) => {
      const shop = normalizeShopDomain(query.shop);

      if (query.hmac !== undefined) {
        if (!signedByShopify(c, ctx.config.shopify.apiSecret)) {
          log.warn('install request with a bad signature or timestamp');
          return installError(c, 'invalid_hmac');
        }
        if (!shop) return installError(c, 'invalid_hmac');
        // Opening an installed app from the Shopify admin: straight to the app. OAuth again would
        // acquire a new offline token, which revokes the stored one and its refresh token.
        if (await connectedAndWorking(ctx, shop)) return redirect(c, '/app/dashboard');
        const stateToken = await createOAuthState(ctx.db, { userId: null, metadata: { shop_domain: shop } });
        bindStateToBrowser(c, ctx.config, stateToken);
        return redirect(c, shopify.authorizeUrl(shop, stateToken));
      }

      if (shop && query.state) {
        const state = query.state;
        let peeked;
        try {
          peeked = await peekOAuthState(ctx.db, state);
        } catch (error) {
          return integrationsError(c, oauthCode(error));
        }
        if (peeked.metadata.shop_domain !== shop) return integrationsError(c, 'invalid_state');
        // A link started by another browser (or handed over by another account) goes no further.
        if (!browserHoldsState(c, ctx.config, state)) {
          log.warn('OAuth start refused: the state belongs to another browser', { shop });
          return integrationsError(c, 'state_not_bound');
        }
        return redirect(c, shopify.authorizeUrl(shop, state));
      }

      return installError(c, 'invalid_hmac');
    }),

    route(shopifyAuthCallback, async ({ c, query }) => {
      if (query.error) return integrationsError(c, query.error === 'access_denied' ? 'access_denied' : 'invalid_state');
      if (!signedByShopify(c, ctx.config.shopify.apiSecret)) return integrationsError(c, 'invalid_hmac');
      const shop = normalizeShopDomain(query.shop);
      const code = query.code;
      const stateToken = query.state ?? '';
      // Checked before the state is spent: a stranger's visit must not burn the owner's flow.
      if (!browserHoldsState(c, ctx.config, stateToken)) {
        log.warn('OAuth callback refused: the state belongs to another browser', { shop });
        return integrationsError(c, 'state_not_bound');
      }
      let state;
      try {
        state = await consumeOAuthState(ctx.db, stateToken);
      } catch (error) {
        return integrationsError(c, oauthCode(error));
      }
      if (!shop || !code || state.metadata.shop_domain !== shop) return integrationsError(c, 'invalid_state');
      const userId = state.userId;
      if (userId) {
        // The flow binds the shop to the account that started it: that account must be the one here.
        const session = await resolveSession(ctx, c.req.raw.headers);
        if (session?.user.id !== userId) {
          log.warn('OAuth callback refused: signed in as another account, or signed out', { shop });
          return integrationsError(c, 'state_not_bound');
        }
      }

      let tokens;
      try {
        tokens = await shopify.exchangeCode(shop, code);
      } catch (error) {
        log.warn('code exchange failed', { shop, error: (error as Error).message });
        return integrationsError(c, 'token_exchange_failed');
      }
      let shopName: string;
      try {
        shopName = (await shopify.graphql(shop, tokens.accessToken, SHOP_DETAILS)).shop.name;
      } catch (error) {
        log.warn('shop fetch failed', { shop, error: (error as Error).message, status: (error as ShopifyRequestError).status });
        return integrationsError(c, 'shop_fetch_failed');
      }

      // An install straight from Shopify: no account yet. Choose a plan, then sign up or in.
      if (!userId) {
        const token = await createInstallationToken(ctx.db, shop);
        return redirect(c, `/shopify/plan-selection?${new URLSearchParams({ token, shop })}`);
      }

      let store;
      try {
        store = await connectStore(ctx.db, ctx.config.encryptionKey, { userId, shopDomain: shop, shopName, tokens });
      } catch (error) {
        const refusal = oauthCode(error);
        if (refusal === 'shop_owned_by_another_account') log.warn('OAuth refused: the shop is connected to another account', { shop });
        return integrationsError(c, refusal);
      }
      log.info('store connected', { storeId: store.id, shop });
      const { activePlan } = await afterStoreConnected(ctx, store);

      const installation = state.metadata.installation_token;
      if (installation) {
        const row = await findClaimedInstallation(ctx.db, installation, userId);
        const plan = row?.selectedPlanId ? await findPlan(ctx.db, row.selectedPlanId) : null;
        // Already paying for the plan chosen: no second charge.
        if (plan && plan.name === activePlan) return redirect(c, '/app/dashboard?shopify=success&subscription=activated');
        if (plan) {
          try {
            const confirmationUrl = await startSubscription(ctx, shopify, store, plan);
            await recordPendingCharge(ctx, store.id);
            return redirect(c, confirmationUrl);
          } catch (error) {
            log.warn('subscription start failed', { storeId: store.id, error: (error as Error).message });
            return billingError(c, 'subscription_start_failed');
          }
        }
      }
      return redirect(c, `/app/integrations?shopify=success&shop=${encodeURIComponent(shop)}`);
    }),

    route(shopifyBillingCallback, async ({ c, query }) => {
      const session = await resolveSession(ctx, c.req.raw.headers);
      if (!session) {
        const here = new URL(c.req.url);
        return redirect(c, `/login?redirect=${encodeURIComponent(here.pathname + here.search)}`);
      }
      // The store Shopify returns for must be the merchant's active store (the tenancy rule).
      let storeId: string;
      try {
        const active = await requireStore(ctx, session);
        sameStore(active, query.store_id ?? '');
        storeId = active.id;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'no_store') return billingError(c, 'no_store');
        throw error;
      }
      try {
        const { verdict } = await syncBilling(ctx, storeId);
        if (verdict.status !== 'active') return billingError(c, 'subscription_not_approved');
        // A charge that replaced the plan the store paid for (plans-change says so in the return URL):
        // a change, named on the dashboard, not an install. The flag only picks the words; the plan
        // named is the one recorded from Shopify.
        return redirect(c, `/app/dashboard?shopify=success&subscription=${query.change === '1' ? 'changed' : 'activated'}`);
      } catch (error) {
        if (!(error instanceof BillingError) && !(error instanceof ShopifyRequestError) && !(error instanceof DomainError)) throw error;
        log.warn('billing sync failed', { storeId, error: error.message });
        return billingError(c, 'billing_sync_failed');
      }
    }),
  ];
}
