/**
 * GET /api/compliance/exports/:id: the merchant downloads a customer data export (JSON) by the link
 * the data-request e-mail carries. Any of the signed-in account's stores, connected or not: the link
 * works for its 30 days after an uninstall too, as the e-mail promises.
 */
import { and, eq } from 'drizzle-orm';
import { EXPORT_TTL_DAYS, downloadExport } from '#core/api/compliance';
import { complianceExports, shopifyStores } from '#db/schema';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { route } from '../http/route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function complianceExportRoutes(ctx: AppContext) {
  return [
    route(downloadExport, async ({ c, params, session }) => {
      // Any other id, well-formed or not, is simply not one of this account's exports.
      if (!UUID.test(params.id)) throw new DomainError('export_not_found');
      const [row] = await ctx.db
        .select({ data: complianceExports.data, requestId: complianceExports.requestId, createdAt: complianceExports.createdAt })
        .from(complianceExports)
        .innerJoin(shopifyStores, eq(shopifyStores.id, complianceExports.shopId))
        .where(and(eq(complianceExports.id, params.id), eq(shopifyStores.userId, session.user.id)));
      if (!row) throw new DomainError('export_not_found');
      if (Date.now() - row.createdAt.getTime() > EXPORT_TTL_DAYS * 86_400_000) throw new DomainError('export_expired');
      return c.json(row.data, 200, {
        'content-disposition': `attachment; filename="donnees-client-${row.requestId.replace(/[^\w-]/g, '')}.json"`,
        'cache-control': 'no-store',
      });
    }),
  ];
}
