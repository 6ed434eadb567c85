import { REVIEW_REQUEST_STATUSES, type ReviewRequestStatus } from '#core/domain';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';

const t = messages.schedule;

/** One colour per status (text -800 on -100: AA contrast). */
const statusClasses: Record<ReviewRequestStatus, string> = {
  scheduled: 'bg-sky-100 text-sky-800',
  pending: 'bg-amber-100 text-amber-900',
  processing: 'bg-indigo-100 text-indigo-800',
  sent: 'bg-green-100 text-green-800',
  delivered: 'bg-teal-100 text-teal-800',
  opened: 'bg-violet-100 text-violet-800',
  completed: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  cancelled: 'bg-slate-100 text-slate-700',
};

export function isKnownStatus(status: string): status is ReviewRequestStatus {
  return (REVIEW_REQUEST_STATUSES as readonly string[]).includes(status);
}

/** The French label of a status (docs/product/statuses.md); an unknown value is shown as stored. */
export function statusLabel(status: string): string {
  return isKnownStatus(status) ? t.statuses[status] : status;
}

/** A coloured pill with the status in words ("Statut : Programmé" for screen readers). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      data-status={status}
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        isKnownStatus(status) ? statusClasses[status] : 'bg-slate-100 text-slate-700',
        className,
      )}
    >
      <span className="sr-only">{t.statusLabel} </span>
      {statusLabel(status)}
    </span>
  );
}
