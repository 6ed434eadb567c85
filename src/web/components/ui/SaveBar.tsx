import type { ReactNode } from 'react';
import { messages } from '#web/i18n';
import { ErrorAlert, SuccessAlert } from './Alert';
import { SubmitButton } from './SubmitButton';

const t = messages.common.form;

/**
 * The foot of a settings form: the save button, « Modifications non enregistrées » while the form
 * differs from what is saved, the success notice and the failure. `top` comes first (a form's live
 * warnings), `children` after the button (a related action).
 */
export function SaveBar({
  busy,
  dirty,
  notice,
  error,
  top,
  children,
  className = 'p-6',
}: {
  busy: boolean;
  dirty: boolean;
  notice: string | null;
  /** What went wrong, already in French; null when nothing did. */
  error: ReactNode | null;
  top?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`space-y-4 rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}>
      {top}
      {notice && <SuccessAlert>{notice}</SuccessAlert>}
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={busy} busyLabel={t.saving}>
          {t.save}
        </SubmitButton>
        {dirty && !busy && <p className="text-sm text-slate-600">{t.unsaved}</p>}
      </div>
      {children}
    </div>
  );
}
