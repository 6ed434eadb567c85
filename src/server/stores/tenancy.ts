/**
 * The tenancy rule, written once: a merchant acts on their active store, and only on it. Every
 * endpoint that names a store, a flow or a review request is mounted with `access: 'store'`, and its
 * handler receives that store; ids it is given are then looked up within it (a foreign id is 404).
 */
import { eq } from 'drizzle-orm';
import { user as users } from '#db/schema';
import type { AppContext } from '../context';
import type { SessionData, SignedIn } from '../auth/auth';
import { DomainError } from '../domain-error';
import { bearerToken, verifySessionToken } from '../shopify/session-token';
import { findActiveStore, findActiveStoreOfShop, findLastStore, type StoreSummary } from './service';

export type TenantStore = StoreSummary;

export async function resolveSession(ctx: AppContext, headers: Headers): Promise<SessionData | null> {
  return ctx.auth.api.getSession({ headers }).catch(() => null);
}

/** Who a request acts for, and, from the Shopify admin, the store its session token names. */
export interface Caller extends SignedIn {
  /** The active store of the token's shop (`dest`); null for the standalone session, which acts on its account's store. */
  tokenStore: TenantStore | null;
}

/**
 * The caller by either door (decision 053). A request carrying `Authorization: Bearer` comes from the
 * app in the Shopify admin: its session token must verify (src/server/shopify/session-token.ts), else
 * `invalid_session_token` (401, which tells App Bridge to fetch a fresh token and retry once); the
 * store is its shop's active store and the account that store's owner, never anything the request
 * says. A valid token for a shop with no active store here (uninstalled, never installed) is
 * `not_signed_in`. Without a bearer token, the standalone session cookie.
 */
export async function resolveCaller(ctx: AppContext, headers: Headers): Promise<Caller | null> {
  const token = bearerToken(headers.get('authorization'));
  if (token === null) {
    const session = await resolveSession(ctx, headers);
    return session && { user: session.user, tokenStore: null };
  }
  const verified = verifySessionToken(token, { apiKey: ctx.config.shopify.apiKey, secrets: ctx.config.shopify.clientSecrets });
  if (!verified.ok) throw new DomainError('invalid_session_token');
  const found = await findActiveStoreOfShop(ctx.db, verified.shop);
  if (!found) throw new DomainError('not_signed_in');
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, found.userId));
  if (!owner) throw new DomainError('not_signed_in');
  return { user: owner, tokenStore: found.store };
}

/** The signed-in account's active store, or `no_store`. */
export async function requireStore(ctx: AppContext, session: SignedIn): Promise<TenantStore> {
  const store = await findActiveStore(ctx.db, session.user.id);
  if (!store) throw new DomainError('no_store');
  return store;
}

/**
 * For reads that outlive a disconnection (`readable_store`, decision 045): the active store, else the
 * store the account last had; `no_store` for an account that never had one. The account's own
 * store only: the tenancy rule is the same.
 */
export async function requireReadableStore(ctx: AppContext, session: SignedIn): Promise<TenantStore> {
  const store = (await findActiveStore(ctx.db, session.user.id)) ?? (await findLastStore(ctx.db, session.user.id));
  if (!store) throw new DomainError('no_store');
  return store;
}

/** A store id sent by the browser must be the active store's: anything else is not found. */
export function sameStore(store: TenantStore, storeId: string): void {
  if (storeId !== store.id) throw new DomainError('no_store');
}
