import { useEffect, useRef, type ReactNode } from 'react';
import { messages } from '#web/i18n';
import { appBridge, toastInAdmin } from '#web/lib/admin-door';
import { AdminSaveBar } from '../layout/AdminSaveBar';
import { ErrorAlert, SuccessAlert } from './Alert';
import { SubmitButton } from './SubmitButton';

const t = messages.common.form;

/**
 * The foot of a settings form: the save button, « Modifications non enregistrées » while the form
 * differs from what is saved, the success notice and the failure. `top` comes first (a form's live
 * warnings), `children` after the button (a related action). Inside the Shopify admin (decision 053)
 * the admin's save bar also shows the unsaved form (saving submits it, discarding is `onDiscard`),
 * and the success is the admin's toast rather than a notice.
 */
export function SaveBar({
  busy,
  dirty,
  notice,
  error,
  top,
  children,
  className = 'p-6',
  onDiscard,
  saveLabel = t.save,
}: {
  busy: boolean;
  dirty: boolean;
  notice: string | null;
  /** What went wrong, already in French; null when nothing did. */
  error: ReactNode | null;
  top?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Puts the form back as it was saved (the admin's save bar's discard). */
  onDiscard: () => void;
  /** The button's name where a page has two forms (« Enregistrer les langues »); « Enregistrer » otherwise. */
  saveLabel?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  // The admin's toast says it where App Bridge is there to show it; the page's notice otherwise.
  const toasts = appBridge() !== null;
  useEffect(() => {
    if (notice) toastInAdmin(notice);
  }, [notice]);
  return (
    <div ref={root} className={`space-y-4 rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}>
      <AdminSaveBar dirty={dirty} busy={busy} saveLabel={saveLabel} discardLabel={t.discard} onSave={() => root.current?.closest('form')?.requestSubmit()} onDiscard={onDiscard} />
      {top}
      {notice && !toasts && <SuccessAlert>{notice}</SuccessAlert>}
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={busy} busyLabel={t.saving}>
          {saveLabel}
        </SubmitButton>
        {dirty && !busy && <p className="text-sm text-slate-600">{t.unsaved}</p>}
      </div>
      {children}
    </div>
  );
}
