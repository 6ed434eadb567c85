import { TriangleAlert } from 'lucide-react';
import type { TemplateWarning } from '#core/email/template-warnings';
import { messages } from '#web/i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';

const t = messages.emailTemplates.warnings;

/** Each warning in plain French with its reason. */
export function WarningList({ warnings }: { warnings: readonly TemplateWarning[] }) {
  return (
    <ul className="space-y-2">
      {warnings.map((warning) => (
        <li key={warning}>
          <p className="font-semibold">{t.items[warning].title}</p>
          <p>{t.items[warning].reason}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The warnings of the values being edited, updated as the merchant types. A polite live region
 * (never an alert: they advise, the merchant decides), present even when empty so additions are read.
 */
export function LiveWarnings({ warnings }: { warnings: readonly TemplateWarning[] }) {
  return (
    <div role="status" aria-label={t.heading}>
      {warnings.length > 0 && (
        <div className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0 space-y-2">
            <p className="font-semibold">{t.heading}</p>
            <WarningList warnings={warnings} />
          </div>
        </div>
      )}
    </div>
  );
}

/** Asked before a save that has warnings: saving stays the merchant's choice. */
export function WarningsConfirm({ warnings, busy, onConfirm, onCancel }: { warnings: readonly TemplateWarning[]; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      title={t.confirmTitle}
      confirmLabel={t.confirm}
      cancelLabel={t.cancel}
      busy={busy}
      busyLabel={messages.common.form.saving}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div className="space-y-3">
        <p>{t.confirmIntro}</p>
        <WarningList warnings={warnings} />
      </div>
    </ConfirmDialog>
  );
}
