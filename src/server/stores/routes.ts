/** GET /api/stores/current: the signed-in merchant's active store (or null). */
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { requireSession, type SessionEnv } from '../auth/session';
import { findActiveStore } from './service';

export function storeRoutes(ctx: AppContext) {
  const app = new Hono<SessionEnv>();
  app.use('*', requireSession(ctx));
  app.get('/current', async (c) => c.json({ store: await findActiveStore(ctx.db, c.get('session').user.id) }));
  return app;
}
