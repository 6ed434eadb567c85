import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from '#web/lib/cx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Help shown under the field (linked with aria-describedby). */
  hint?: string;
  /** Validation message: marks the input invalid and is announced (role=alert). */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The look of every text control (horizontal padding is the control's own: a password leaves room for its toggle). */
export function fieldControlClass(error: string | undefined, ...extra: string[]): string {
  return cx(
    'block w-full rounded-lg border bg-white py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500',
    'focus:border-brand-700 focus:ring-2 focus:ring-brand-700/20 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
    error ? 'border-red-600' : 'border-slate-300',
    ...extra,
  );
}

/** Label, hint and error tied to one control; an error sets aria-invalid and is read out when it appears. */
export function Field({
  label,
  hint,
  error,
  className,
  id: givenId,
  control,
}: {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  /** The control's id, when another control must point at it. */
  id?: string;
  control: (props: FieldControl) => ReactNode;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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

/** A labelled input for forms (spread `register('field')` into it). */
export function TextField({ label, hint, error, className, ref, ...input }: TextFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(props) => (
        <input
          ref={ref}
          {...props}
          {...(input.type === 'email' ? { autoCapitalize: 'none', spellCheck: false } : {})}
          {...input}
          className={fieldControlClass(error, 'mt-1 px-3')}
        />
      )}
    />
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The multi-line sibling of TextField. */
export function TextAreaField({ label, hint, error, className, ref, ...textarea }: TextAreaFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(props) => <textarea ref={ref} rows={3} {...props} {...textarea} className={fieldControlClass(error, 'mt-1 px-3')} />}
    />
  );
}

/** Class names for text links inside forms and cards (AA contrast on white). */
export const textLinkClass = 'font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline';
