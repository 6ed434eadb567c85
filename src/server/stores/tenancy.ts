/**
 * The tenancy rule, written once: a merchant acts on their active store, and only on it. Every
 * endpoint that names a store, a flow or a review request is mounted with `access: 'store'`, and its
 * handler receives that store; ids it is given are then looked up within it (a foreign id is 404).
 */
import type { AppContext } from '../context';
import type { SessionData } from '../auth/auth';
import { DomainError } from '../domain-error';
import { findActiveStore, findLastStore, type StoreSummary } from './service';

export type TenantStore = StoreSummary;

export async function resolveSession(ctx: AppContext, headers: Headers): Promise<SessionData | null> {
  return ctx.auth.api.getSession({ headers }).catch(() => null);
}

/** The signed-in account's active store, or `no_store`. */
export async function requireStore(ctx: AppContext, session: SessionData): Promise<TenantStore> {
  const store = await findActiveStore(ctx.db, session.user.id);
  if (!store) throw new DomainError('no_store');
  return store;
}

/**
 * For reads that outlive a disconnection (`readable_store`, decision 045): the active store, else the
 * store the account last had; `no_store` for an account that never had one. The account's own
 * store only: the tenancy rule is the same.
 */
export async function requireReadableStore(ctx: AppContext, session: SessionData): Promise<TenantStore> {
  const store = (await findActiveStore(ctx.db, session.user.id)) ?? (await findLastStore(ctx.db, session.user.id));
  if (!store) throw new DomainError('no_store');
  return store;
}

/** A store id sent by the browser must be the active store's: anything else is not found. */
export function sameStore(store: TenantStore, storeId: string): void {
  if (storeId !== store.id) throw new DomainError('no_store');
}
