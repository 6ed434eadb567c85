/** GET /api/stores/current: the signed-in merchant's active store (or null). */
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { requireSession, type SessionEnv } from '../auth/session';
import { findActiveStore } from './service';

export function storeRoutes(ctx: AppContext) {
  const app = new Hono<SessionEnv>();
  app.use('*', requireSession(ctx));
  app.get('/current', async (c) => {
    const store = await findActiveStore(ctx.db, c.get('session').user.id);
    // admin_url: the shop's admin for 'Aller sur Shopify' (the emulator's page in development).
    return c.json({ store: store ? { ...store, admin_url: ctx.shopify.adminUrl(store.shop_domain) } : null });
  });
  return app;
}
