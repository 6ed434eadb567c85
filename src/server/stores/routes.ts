/** The signed-in merchant's store: read it, disconnect it. */
import { currentStore, disconnectStore as disconnectStoreEndpoint } from '../../core/api/stores';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { route } from '../http/route';
import { disconnectStore } from '../shopify/install-service';
import { findActiveStore } from './service';

export function storeRoutes(ctx: AppContext) {
  return [
    route(currentStore, async ({ session }) => {
      const store = await findActiveStore(ctx.db, session.user.id);
      return { store: store ? { ...store, admin_url: ctx.shopify.adminUrl(store.shop_domain) } : null };
    }),
    route(disconnectStoreEndpoint, async ({ session, store }) => {
      if (!(await disconnectStore(ctx.db, session.user.id, store.id))) throw new DomainError('no_store');
      ctx.log.child('stores').info('store disconnected', { storeId: store.id });
      return { ok: true } as const;
    }),
  ];
}
