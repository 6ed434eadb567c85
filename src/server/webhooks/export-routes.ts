/** GET /api/compliance/exports/:id: the merchant downloads a customer data export of their active store (JSON). */
import { and, eq } from 'drizzle-orm';
import { downloadExport } from '../../core/api/compliance';
import { complianceExports } from '../../db/schema';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { route } from '../http/route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function complianceExportRoutes(ctx: AppContext) {
  return [
    route(downloadExport, async ({ c, params, store }) => {
      // Any other id, well-formed or not, is simply not one of this store's exports.
      if (!UUID.test(params.id)) throw new DomainError('export_not_found');
      const [row] = await ctx.db
        .select({ data: complianceExports.data, requestId: complianceExports.requestId })
        .from(complianceExports)
        .where(and(eq(complianceExports.id, params.id), eq(complianceExports.shopId, store.id)));
      if (!row) throw new DomainError('export_not_found');
      return c.json(row.data, 200, {
        'content-disposition': `attachment; filename="donnees-client-${row.requestId.replace(/[^\w-]/g, '')}.json"`,
        'cache-control': 'no-store',
      });
    }),
  ];
}
