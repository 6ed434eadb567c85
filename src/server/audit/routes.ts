/** GET /api/audit/changes (the latest changes, for /app/conditional) and GET /api/audit/export (CSV or JSON files). */
import { exportAudit, listAuditChanges } from '#core/api/audit';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { auditExportResponse } from './export';
import { latestChanges } from './log';

export function auditRoutes(ctx: AppContext) {
  return [
    route(listAuditChanges, async ({ store, query }) => latestChanges(ctx.db, store.id, query.limit)),
    route(exportAudit, async ({ store, query }) => auditExportResponse(ctx.db, store.id, query.content, query.format)),
  ];
}
