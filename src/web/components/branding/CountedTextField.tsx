import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { fieldControlClass } from '../ui/TextField';

const t = messages.branding.page;

/**
 * A text of the page customisation: a label, the field (one line or several), a help line, a
 * counter against the contract's limit (red beyond it) and the error, all tied to the field.
 */
export function CountedTextField({
  label,
  hint,
  placeholder,
  max,
  length,
  error,
  multiline = false,
  registration,
}: {
  label: string;
  hint: string | null;
  placeholder?: string;
  max: number;
  /** The current text's length. */
  length: number;
  error?: string;
  multiline?: boolean;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const control = {
    id,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? hintId : null, countId, error ? errorId : null].filter(Boolean).join(' '),
    className: fieldControlClass(error, 'mt-1 px-3'),
    ...registration,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {multiline ? <textarea rows={3} {...control} /> : <input type="text" {...control} />}
      <div className="mt-1 flex items-start justify-between gap-3 text-xs">
        {hint ? (
          <p id={hintId} className="text-slate-600">
            {hint}
          </p>
        ) : (
          <span />
        )}
        <p id={countId} className={cx('shrink-0 tabular-nums', length > max ? 'font-semibold text-red-700' : 'text-slate-600')}>
          {t.counter(length, max)}
        </p>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
