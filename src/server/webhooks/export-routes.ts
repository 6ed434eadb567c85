/** GET /api/compliance/exports/:id: the merchant downloads a customer data export (JSON). */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { complianceExports, shopifyStores } from '../../db/schema';
import type { AppContext } from '../context';
import { requireSession, type SessionEnv } from '../auth/session';
import { ApiError } from '../http/errors';

export function complianceExportRoutes(ctx: AppContext) {
  const app = new Hono<SessionEnv>();
  app.use('*', requireSession(ctx));
  app.get('/exports/:id', async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new ApiError(404, 'Export introuvable.');
    const [row] = await ctx.db
      .select({ data: complianceExports.data, requestId: complianceExports.requestId })
      .from(complianceExports)
      .innerJoin(shopifyStores, eq(shopifyStores.id, complianceExports.shopId))
      .where(and(eq(complianceExports.id, id), eq(shopifyStores.userId, c.get('session').user.id)));
    if (!row) throw new ApiError(404, 'Export introuvable.');
    return c.json(row.data, 200, { 'content-disposition': `attachment; filename="donnees-client-${row.requestId.replace(/[^\w-]/g, '')}.json"`, 'cache-control': 'no-store' });
  });
  return app;
}
