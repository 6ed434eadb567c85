/**
 * In demo mode with the emulator, the demo merchant's store is really installed on the emulator's
 * demo shop, with sealed tokens, so 'Aller sur Shopify', the diagnostic and order intake work.
 */
import { and, eq } from 'drizzle-orm';
import { shopifyStores } from '../../db/schema';
import type { AppContext } from '../context';
import { seal } from '../security/encryption';
import { DEMO_ACCOUNT } from './seed-demo';

export async function connectDemoShop(ctx: AppContext, now = new Date()): Promise<boolean> {
  if (!ctx.emulator) return false;
  const [store] = await ctx.db
    .select()
    .from(shopifyStores)
    .where(and(eq(shopifyStores.shopDomain, DEMO_ACCOUNT.shopDomain), eq(shopifyStores.isActive, true)));
  if (!store || store.accessToken) return false;
  if (!(await ctx.emulator.state.getShop(DEMO_ACCOUNT.shopDomain))) {
    await ctx.emulator.state.createShop({ domain: DEMO_ACCOUNT.shopDomain, name: DEMO_ACCOUNT.shopName });
  }
  const tokens = await ctx.emulator.state.installApp(DEMO_ACCOUNT.shopDomain, { scope: ctx.config.shopify.scopes, expiring: true });
  await ctx.db
    .update(shopifyStores)
    .set({
      accessToken: seal(ctx.config.encryptionKey, tokens.access_token),
      refreshToken: tokens.refresh_token ? seal(ctx.config.encryptionKey, tokens.refresh_token) : null,
      accessTokenExpiresAt: tokens.expires_in ? new Date(now.getTime() + tokens.expires_in * 1000) : null,
      refreshTokenExpiresAt: tokens.refresh_token_expires_in ? new Date(now.getTime() + tokens.refresh_token_expires_in * 1000) : null,
      scope: tokens.scope,
      updatedAt: now,
    })
    .where(eq(shopifyStores.id, store.id));
  return true;
}
