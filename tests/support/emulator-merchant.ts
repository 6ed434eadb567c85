/** A signed-in merchant whose shop is created on the local Shopify, the app installed and the store connected (no subscription). */
import type { Hono } from 'hono';
import { connectStore } from '../../src/server/shopify/install-service';
import type { AppContext } from '../../src/server/context';
import { signedInMerchant } from './http';

let made = 0;

export async function merchantOnEmulator(app: Hono, ctx: AppContext, prefix = 'shop') {
  made += 1;
  const { browser, userId } = await signedInMerchant(app);
  const shop = await ctx.emulator!.state.createShop({ domain: `${prefix}-${made}-${Date.now()}.myshopify.com`, name: `Boutique ${prefix} ${made}` });
  const t = await ctx.emulator!.state.installApp(shop.domain, { scope: ctx.config.shopify.scopes, expiring: true });
  const store = await connectStore(ctx.db, ctx.config.encryptionKey, {
    userId,
    shopDomain: shop.domain,
    shopName: shop.name,
    tokens: {
      accessToken: t.access_token,
      scope: t.scope,
      expiresIn: t.expires_in ?? null,
      refreshToken: t.refresh_token ?? null,
      refreshTokenExpiresIn: t.refresh_token_expires_in ?? null,
    },
  });
  return { browser, store, shop: shop.domain, userId };
}
