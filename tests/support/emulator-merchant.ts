/** Merchants on the local Shopify: installed, connected, and installed again as the OAuth callback would. */
import type { Hono } from 'hono';
import type { TokenResponse } from '#emulator/shopify';
import { syncBilling } from '#server/billing/sync';
import type { AppContext } from '#server/context';
import { connectStore } from '#server/shopify/install-service';
import { registerWebhooks } from '#server/shopify/webhook-subscriptions';
import { JOBS } from '#server/job-registry';
import { createWorker } from '#server/jobs/worker';
import { signedInMerchant } from './http';

let made = 0;

/** The local Shopify's token answer as the app stores it. */
const tokensOf = (t: TokenResponse) => ({
  accessToken: t.access_token,
  scope: t.scope,
  expiresIn: t.expires_in ?? null,
  refreshToken: t.refresh_token ?? null,
  refreshTokenExpiresIn: t.refresh_token_expires_in ?? null,
});

/** A signed-in merchant whose shop is created on the local Shopify, the app installed and the store connected (no subscription). */
export async function merchantOnEmulator(app: Hono, ctx: AppContext, prefix = 'shop') {
  made += 1;
  const { browser, userId } = await signedInMerchant(app);
  const shop = await ctx.emulator!.state.createShop({ domain: `${prefix}-${made}-${Date.now()}.myshopify.com`, name: `Boutique ${prefix} ${made}` });
  const t = await ctx.emulator!.state.installApp(shop.domain, { scope: ctx.config.shopify.scopes, expiring: true });
  const store = await connectStore(ctx.db, ctx.config.encryptionKey, { userId, shopDomain: shop.domain, shopName: shop.name, tokens: tokensOf(t) });
  return { browser, store, shop: shop.domain, userId };
}

/**
 * The app installed again on the shop, then what the OAuth callback does for a (re)connection: the
 * store connected with the new tokens, its webhooks registered, Shopify's billing read.
 */
export async function reinstallOnEmulator(ctx: AppContext, userId: string, shop: string) {
  const t = await ctx.emulator!.state.installApp(shop, { scope: ctx.config.shopify.scopes, expiring: true });
  const store = await connectStore(ctx.db, ctx.config.encryptionKey, { userId, shopDomain: shop, shopName: null, tokens: tokensOf(t) });
  await registerWebhooks(ctx, store.id);
  await syncBilling(ctx, store.id);
  return store;
}

/** What the local Shopify has left to deliver, delivered, then every job due run until none is left. */
export async function settle(ctx: AppContext) {
  await ctx.emulator!.state.whenIdle();
  await createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
}
