import { Download } from 'lucide-react';
import { useId } from 'react';
import { auditExportUrl, useAuditChanges, type AuditChange } from '#web/api/audit';
import { messages } from '#web/i18n';
import { formatDateTime } from '#web/lib/format';
import { buttonClass } from '../ui/button';
import { QueryState } from '../ui/QueryState';

const t = messages.conditional.compliance;

/**
 * 'Preuves de conformité' (issue 18): what the app records as evidence of how reviews are collected,
 * the four exports (plain download links: the session cookie goes with them) and the latest changes.
 */
export function CompliancePanel() {
  const id = useId();
  const headingId = `${id}-heading`;
  const latestId = `${id}-latest`;
  const exports = [
    { href: auditExportUrl('changes', 'csv'), label: t.exportChangesCsv },
    { href: auditExportUrl('changes', 'json'), label: t.exportChangesJson },
    { href: auditExportUrl('shown', 'csv'), label: t.exportShownCsv },
    { href: auditExportUrl('shown', 'json'), label: t.exportShownJson },
  ];

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t.heading}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t.intro}</p>
      <ul className="mt-2 max-w-3xl list-disc space-y-1 pl-5 text-sm text-slate-700">
        {t.recorded.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>

      <nav aria-label={t.exportsLabel} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {exports.map((link) => (
            <li key={link.href}>
              <a href={link.href} download className={buttonClass('secondary', 'sm')}>
                <Download aria-hidden="true" className="size-4" />
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600">{t.exportHint}</p>
      </nav>

      <h3 id={latestId} className="mt-6 text-base font-semibold text-slate-900">
        {t.latestHeading}
      </h3>
      <LatestChanges labelledBy={latestId} />
    </section>
  );
}

function LatestChanges({ labelledBy }: { labelledBy: string }) {
  const query = useAuditChanges();
  return (
    <div className="mt-2">
      <QueryState query={query} loadingLabel={t.loading} errorMessage={t.loadError} className="rounded-xl border border-slate-200 py-6">
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-600">{t.empty}</p>
          ) : (
            <ul aria-labelledby={labelledBy} className="divide-y divide-slate-100 text-sm">
              {items.map((change) => (
                <li key={change.id} className="flex flex-wrap gap-x-3 gap-y-1 py-2">
                  <time dateTime={change.created_at} className="text-slate-600">
                    {formatDateTime(change.created_at)}
                  </time>
                  <span className="font-medium text-slate-900">{change.actor_email ?? t.unknownActor}</span>
                  <span className="text-slate-700">{describe(change)}</span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

function describe(change: AuditChange): string {
  if (change.action === 'same_path.update') return change.same_path_after ? t.samePathOn : t.samePathOff;
  return t.ratings(change.ratings);
}
