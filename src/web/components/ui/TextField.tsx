import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from '../../lib/cx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Help shown under the field (linked with aria-describedby). */
  hint?: string;
  /** Validation message: marks the input invalid and is announced (role=alert). */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input for forms (spread `register('field')` into it). The label, the hint and the
 * error are tied to the input; an error sets aria-invalid and is read out when it appears.
 */
export function TextField({ label, hint, error, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...(input.type === 'email' ? { autoCapitalize: 'none', spellCheck: false } : {})}
        className={cx(
          'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500',
          'focus:border-brand-700 focus:ring-2 focus:ring-brand-700/20 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
          error ? 'border-red-600' : 'border-slate-300',
        )}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Class names for text links inside forms and cards (AA contrast on white). */
export const textLinkClass =
  'font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline';
