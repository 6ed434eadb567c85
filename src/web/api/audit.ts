/** Compliance evidence: the latest changes (GET /api/audit/changes) and the export links (GET /api/audit/export). */
import { useQuery } from '@tanstack/react-query';
import { AUDIT_LATEST_DEFAULT, exportAudit, listAuditChanges, type AuditExportContent, type AuditExportFormat } from '#core/api/audit';
import { call, urlOf } from './client';
import { queryKeys } from './keys';

export type { AuditChange } from '#core/api/audit';

export function useAuditChanges(limit = AUDIT_LATEST_DEFAULT) {
  return useQuery({ queryKey: [...queryKeys.auditChanges, limit], queryFn: ({ signal }) => call(listAuditChanges, { query: { limit }, signal }) });
}

/** A plain same-origin link the browser downloads (the session cookie goes with it). */
export const auditExportUrl = (content: AuditExportContent, format: AuditExportFormat) => urlOf(exportAudit, { query: { content, format } });
