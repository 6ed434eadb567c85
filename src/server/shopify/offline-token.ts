/**
 * The embedded door's offline token (decision 053, docs/shopify/session-tokens.md §4–5): a shop opened
 * in the admin needs a stored offline token that works, got by token exchange from the session token
 * App Bridge gives. A new offline token revokes the shop's older ones and their refresh tokens, so
 * exchanging on every load would kill the token the background work is using: `ensureOfflineToken`
 * exchanges only when the shop has no stored token, when the stored one can no longer be refreshed
 * (no refresh token, an expired one, or Shopify refusing it), or when its scopes are not the
 * configured ones. Concurrent callers for one shop are serialised (one promise per shop in this
 * process, a transaction-level advisory lock and the store row's lock across processes, and a
 * re-check once they are held), so two iframe loads at once exchange once.
 *
 * It never creates an account or a store itself: a shop with no active store here is answered
 * `not_installed` with its fresh tokens, after the caller's `install` has connected it with them, in
 * the same transaction and under the same lock: another process opening the shop at that moment waits,
 * then finds the store and its token ready, instead of exchanging again (which would revoke these).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '#db/client';
import { shopifyStores } from '#db/schema';
import type { AppContext } from '../context';
import { seal, unseal } from '../security/encryption';
import { INVALID_SUBJECT_TOKEN, type AccessTokens } from './facade';
import { scopesCover } from './install-service';
import { ShopifyRequestError } from './resilience';
import { verifySessionToken, type SessionTokenRefusal } from './session-token';
import { REFRESH_MARGIN_MS, isDeadToken } from './store-tokens';

/**
 * What `ensureOfflineToken` found or did:
 * - `ready`: the shop's active store holds a token that works for the configured scopes; `obtained`
 *   says whether it was the stored one (`stored`), refreshed with the stored refresh token
 *   (`refreshed`), or exchanged from the session token (`exchanged`, the older ones now revoked).
 *   The tokens are stored, sealed, before this answers.
 * - `not_installed`: no active store for the shop here (a first install from the admin, or back after
 *   an uninstall). The session token was exchanged and `tokens` are the live offline token; `installed`
 *   is what the caller's `install` made of them (nothing stored without one; an `install` that throws
 *   leaves nothing written).
 */
export type OfflineTokenResult<T = undefined> =
  | { kind: 'ready'; storeId: string; shop: string; accessToken: string; obtained: 'stored' | 'refreshed' | 'exchanged' }
  | { kind: 'not_installed'; shop: string; tokens: AccessTokens; installed: T };

/** Connects a shop with no active store here, with its exchanged tokens, in the decision's transaction. */
export type InstallHook<T> = (tx: Transaction, tokens: AccessTokens) => Promise<T>;

/**
 * Why no token was got from this session token: refused here before asking Shopify (a
 * `SessionTokenRefusal`, or `wrong_shop`: a valid token of another shop), or refused by Shopify
 * (`refused_by_shopify`: its 400 `invalid_subject_token`). The request's caller answers 401 with the
 * retry header (App Bridge fetches a fresh token once). A Shopify outage is not one of these: it
 * throws ShopifyRequestError, and the stored token, if any, is kept.
 */
export class SessionTokenExchangeError extends Error {
  constructor(readonly reason: SessionTokenRefusal | 'wrong_shop' | 'refused_by_shopify') {
    super(`session token not exchanged: ${reason}`);
    this.name = 'SessionTokenExchangeError';
  }
}

type StoreRow = typeof shopifyStores.$inferSelect;

/** The callers waiting on one shop's decision, per context (one per process; each test's its own). */
const inFlight = new WeakMap<AppContext, Map<string, Promise<OfflineTokenResult<unknown>>>>();

export async function ensureOfflineToken<T = undefined>(
  ctx: AppContext,
  shop: string,
  sessionToken: string,
  options: { now?: Date; install?: InstallHook<T> } = {},
): Promise<OfflineTokenResult<T>> {
  const now = options.now ?? new Date();
  const verified = verifySessionToken(sessionToken, { apiKey: ctx.config.shopify.apiKey, secrets: ctx.config.shopify.clientSecrets, now: now.getTime() });
  if (!verified.ok) throw new SessionTokenExchangeError(verified.reason);
  if (verified.shop !== shop) throw new SessionTokenExchangeError('wrong_shop');

  let perShop = inFlight.get(ctx);
  if (!perShop) inFlight.set(ctx, (perShop = new Map()));
  const running = perShop.get(shop);
  // Another load of this shop is deciding: its answer is this one's (its token is now the live one).
  if (running) return running as Promise<OfflineTokenResult<T>>;
  const decision = decide(ctx, shop, sessionToken, now, options.install).finally(() => perShop.delete(shop));
  perShop.set(shop, decision);
  return decision;
}

const activeStore = (db: Queryable, shop: string) =>
  db
    .select()
    .from(shopifyStores)
    .where(and(eq(shopifyStores.shopDomain, shop), eq(shopifyStores.isActive, true)));

/** The stored token works as it is: present, the configured scopes, not due for a refresh. */
function usable(ctx: AppContext, store: StoreRow, now: Date): boolean {
  if (!store.accessToken || !scopesCover(store.scope, ctx.config.shopify.scopes)) return false;
  return !store.accessTokenExpiresAt || store.accessTokenExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS;
}

/** A refresh may still renew it: a token with the configured scopes and a refresh token not expired. */
function refreshable(ctx: AppContext, store: StoreRow, now: Date): store is StoreRow & { refreshToken: string } {
  if (!store.accessToken || !store.refreshToken || !scopesCover(store.scope, ctx.config.shopify.scopes)) return false;
  return !store.refreshTokenExpiresAt || store.refreshTokenExpiresAt.getTime() > now.getTime();
}

async function decide<T>(ctx: AppContext, shop: string, sessionToken: string, now: Date, install?: InstallHook<T>): Promise<OfflineTokenResult<T>> {
  const key = ctx.config.encryptionKey;
  const ready = (store: StoreRow, accessToken: string, obtained: 'stored' | 'refreshed' | 'exchanged'): OfflineTokenResult<T> => ({
    kind: 'ready',
    storeId: store.id,
    shop,
    accessToken,
    obtained,
  });

  // Most loads: a stored token that works, read without any lock.
  const [current] = await activeStore(ctx.db, shop);
  if (current && usable(ctx, current, now)) return ready(current, unseal(key, current.accessToken!), 'stored');

  return ctx.db.transaction(async (tx) => {
    // Serialises the deciders of this shop across processes, with or without a store row; the row's
    // own lock then keeps storeAccessToken's refresh (store-tokens.ts) from spending the same tokens.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('offline-token:' || ${shop}::text, 0))`);
    const [store] = await activeStore(tx, shop).for('update');
    if (!store) {
      const tokens = await exchange(ctx, shop, sessionToken);
      return { kind: 'not_installed' as const, shop, tokens, installed: (install ? await install(tx, tokens) : undefined) as T };
    }
    // Another process may have refreshed or exchanged while we waited.
    if (usable(ctx, store, now)) return ready(store, unseal(key, store.accessToken!), 'stored');

    if (refreshable(ctx, store, now)) {
      try {
        const tokens = await ctx.shopify.refreshAccessToken(shop, unseal(key, store.refreshToken));
        // Shopify rotates the refresh token with each refresh; were one missing, the stored one stays.
        await save(tx, key, store, tokens, now, { keepRefreshToken: true });
        return ready(store, tokens.accessToken, 'refreshed');
      } catch (error) {
        // Refused for good (revoked, reinstalled, a spent refresh token): exchange. An outage throws.
        if (!isDeadToken(error)) throw error;
        ctx.log.child('offline-token').info('refresh refused: exchanging the session token', { shop, error: (error as Error).message });
      }
    }
    const tokens = await exchange(ctx, shop, sessionToken);
    await save(tx, key, store, tokens, now);
    if (!scopesCover(tokens.scope, ctx.config.shopify.scopes)) {
      ctx.log.child('offline-token').warn('exchanged token lacks configured scopes', { shop, scope: tokens.scope });
    }
    return ready(store, tokens.accessToken, 'exchanged');
  });
}

/** Token exchange; Shopify's refusal of the session token becomes SessionTokenExchangeError. */
async function exchange(ctx: AppContext, shop: string, sessionToken: string): Promise<AccessTokens> {
  try {
    return await ctx.shopify.exchangeSessionToken(shop, sessionToken);
  } catch (error) {
    if (error instanceof ShopifyRequestError && error.status === 400 && error.code === INVALID_SUBJECT_TOKEN) {
      throw new SessionTokenExchangeError('refused_by_shopify');
    }
    throw error;
  }
}

/**
 * Stores the new pair sealed, as the code grant's callback does (install-service.ts connectStore). A
 * refresh answered without a refresh token keeps the stored one (as store-tokens.ts does).
 */
async function save(tx: Queryable, key: Buffer, store: StoreRow, tokens: AccessTokens, now: Date, opts: { keepRefreshToken?: boolean } = {}): Promise<void> {
  const at = (seconds: number | null) => (seconds ? new Date(now.getTime() + seconds * 1000) : null);
  const refresh = tokens.refreshToken
    ? { refreshToken: seal(key, tokens.refreshToken), refreshTokenExpiresAt: at(tokens.refreshTokenExpiresIn) }
    : opts.keepRefreshToken
      ? { refreshToken: store.refreshToken, refreshTokenExpiresAt: store.refreshTokenExpiresAt }
      : { refreshToken: null, refreshTokenExpiresAt: null };
  await tx
    .update(shopifyStores)
    .set({ accessToken: seal(key, tokens.accessToken), accessTokenExpiresAt: at(tokens.expiresIn), ...refresh, scope: tokens.scope, updatedAt: sql`now()` })
    .where(eq(shopifyStores.id, store.id));
}
