/** GET /api/plans: the active USD plans, the one source of every price the product shows. */
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { listActivePlans } from './service';

export function planRoutes(ctx: AppContext) {
  const app = new Hono();
  app.get('/', async (c) => c.json({ plans: await listActivePlans(ctx.db) }));
  return app;
}
