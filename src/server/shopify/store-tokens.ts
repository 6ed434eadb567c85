/**
 * A store's usable access token. Public apps get expiring offline tokens (1 hour) with a rotating
 * refresh token: refresh shortly before expiry, under a row lock so two processes never both spend
 * the same refresh token (the second would then hold a dead one).
 */
import { eq, sql } from 'drizzle-orm';
import { shopifyStores } from '#db/schema';
import type { AppContext } from '../context';
import { seal, unseal } from '../security/encryption';
import { ShopifyRequestError } from './resilience';

/** Refresh when less than this remains (offline-token.ts counts a token that close to its end as due too). */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export class StoreTokenError extends Error {}

export async function storeAccessToken(ctx: AppContext, storeId: string, now = new Date()): Promise<{ shop: string; accessToken: string }> {
  const [store] = await ctx.db.select().from(shopifyStores).where(eq(shopifyStores.id, storeId));
  if (!store?.accessToken) throw new StoreTokenError('store has no access token');
  const fresh = !store.accessTokenExpiresAt || store.accessTokenExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS;
  if (fresh) return { shop: store.shopDomain, accessToken: unseal(ctx.config.encryptionKey, store.accessToken) };

  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(shopifyStores).where(eq(shopifyStores.id, storeId)).for('update');
    if (!locked?.accessToken) throw new StoreTokenError('store has no access token');
    // Another process may have refreshed while we waited for the lock.
    if (locked.accessTokenExpiresAt && locked.accessTokenExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) {
      return { shop: locked.shopDomain, accessToken: unseal(ctx.config.encryptionKey, locked.accessToken) };
    }
    if (!locked.refreshToken) throw new StoreTokenError('access token expired and no refresh token');
    const tokens = await ctx.shopify.refreshAccessToken(locked.shopDomain, unseal(ctx.config.encryptionKey, locked.refreshToken));
    await tx
      .update(shopifyStores)
      .set({
        accessToken: seal(ctx.config.encryptionKey, tokens.accessToken),
        refreshToken: tokens.refreshToken ? seal(ctx.config.encryptionKey, tokens.refreshToken) : locked.refreshToken,
        accessTokenExpiresAt: tokens.expiresIn ? new Date(now.getTime() + tokens.expiresIn * 1000) : null,
        refreshTokenExpiresAt: tokens.refreshTokenExpiresIn ? new Date(now.getTime() + tokens.refreshTokenExpiresIn * 1000) : locked.refreshTokenExpiresAt,
        updatedAt: sql`now()`,
      })
      .where(eq(shopifyStores.id, storeId));
    return { shop: locked.shopDomain, accessToken: tokens.accessToken };
  });
}

/**
 * Whether Shopify refused the store's token for good: none stored, refused (401/403), or a refresh
 * token Shopify no longer honours (OAuth's invalid_grant). The merchant must reconnect the store
 * (shopify_token_invalid); anything else may pass with a retry.
 */
export function isDeadToken(error: unknown): boolean {
  if (error instanceof StoreTokenError) return true;
  return error instanceof ShopifyRequestError && (error.status === 401 || error.status === 403 || error.code === 'invalid_grant');
}
