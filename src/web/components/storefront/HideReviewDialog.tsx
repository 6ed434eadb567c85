import { HIDE_REASONS, type HideReason } from '#web/api/storefront';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { useRequiredChoice } from '#web/lib/required-choice';
import { ErrorAlert } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { Modal } from '../ui/Modal';

const t = messages.storefront;

/**
 * « Masquer » (decision 028): the merchant picks one of the four content reasons, required, in a
 * modal dialog (focus on the first reason, Escape cancels); a rating is never one of them. The same
 * dialog hides one photo of a review (decision 058), for the same reasons.
 */
export function HideReviewDialog({
  reviewer,
  subject = 'review',
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  /** Who wrote the review, as the list names them (with the photo's place for a photo). */
  reviewer: string;
  /** What is hidden: the review, or one of its photos. */
  subject?: 'review' | 'photo';
  busy: boolean;
  /** The server's refusal, if the last attempt failed. */
  error: string | null;
  onConfirm: (reason: HideReason) => void;
  onCancel: () => void;
}) {
  const { choice: reason, choose, missing, firstRef: first, name, errorId, submit } = useRequiredChoice(onConfirm, busy);
  const words = subject === 'photo' ? { ...t.hideDialog, ...t.hidePhotoDialog } : t.hideDialog;

  return (
    <Modal title={words.title} description={<p>{words.description}</p>} onClose={onCancel} busy={busy} initialFocusRef={first} size="md">
      <form onSubmit={submit} noValidate>
        <fieldset aria-describedby={missing ? errorId : undefined} aria-invalid={missing || undefined}>
          <legend className="text-sm font-semibold text-slate-900">
            {t.hideDialog.reasonsLabel} <span className="font-normal text-slate-600">({reviewer})</span>
          </legend>
          <div className="mt-2 space-y-2">
            {HIDE_REASONS.map((value, i) => (
              <label
                key={value}
                className={cx('flex cursor-pointer gap-3 rounded-lg border p-3 text-sm', reason === value ? 'border-brand-700 bg-brand-50' : 'border-slate-200 hover:bg-slate-50')}
              >
                <input
                  ref={i === 0 ? first : undefined}
                  type="radio"
                  name={name}
                  value={value}
                  checked={reason === value}
                  required
                  onChange={() => choose(value)}
                  className="mt-0.5 size-4 accent-brand-700"
                />
                <span>
                  <span className="block font-medium text-slate-900">{t.hideDialog.reasons[value]}</span>
                  <span className="block text-slate-600">{t.hideDialog.hints[value]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className="mt-3 text-xs text-slate-600">{words.notARating}</p>
        {missing && (
          <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-red-700">
            {words.required}
          </p>
        )}
        {error && <ErrorAlert className="mt-3">{error}</ErrorAlert>}
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} disabled={busy} className={buttonClass('secondary')}>
            {t.hideDialog.cancel}
          </button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass('danger')}>
            {busy ? words.confirming : words.confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
