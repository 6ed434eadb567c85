/** GET /api/stores/current: the signed-in merchant's active store (or null). */
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { requireSession, type SessionEnv } from '../auth/session';
import { findActiveStore } from './service';
import { disconnectStore } from '../shopify/install-service';
import { ApiError } from '../http/errors';

export function storeRoutes(ctx: AppContext) {
  const app = new Hono<SessionEnv>();
  app.use('*', requireSession(ctx));
  app.get('/current', async (c) => {
    const store = await findActiveStore(ctx.db, c.get('session').user.id);
    // admin_url: the shop's admin for 'Aller sur Shopify' (the emulator's page in development).
    return c.json({ store: store ? { ...store, admin_url: ctx.shopify.adminUrl(store.shop_domain) } : null });
  });
  app.post('/current/disconnect', async (c) => {
    const userId = c.get('session').user.id;
    const store = await findActiveStore(ctx.db, userId);
    if (!store || !(await disconnectStore(ctx.db, userId, store.id))) throw new ApiError(404, 'Aucune boutique Shopify connectée');
    ctx.log.child('stores').info('store disconnected', { storeId: store.id });
    return c.json({ ok: true });
  });
  return app;
}
