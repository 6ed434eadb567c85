import { Eye, EyeOff } from 'lucide-react';
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from '../../lib/cx';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  hint?: string;
  error?: string;
  /** Whether the password is shown in clear. */
  visible: boolean;
  /** With `toggleLabel`: renders the show/hide button. Without, the field follows `visible` only. */
  onVisibleChange?: (visible: boolean) => void;
  /** Accessible name of the show/hide button (it is a toggle: aria-pressed tells its state). */
  toggleLabel?: string;
  /** The input's id, when another control must point at it. */
  inputId?: string;
  /** Ids of other inputs the toggle also reveals (e.g. the confirmation field). */
  alsoControls?: string[];
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled password input with a show/hide toggle button, like TextField (hint and error tied
 * to the input, error announced). The toggle keeps one label and reports its state with aria-pressed.
 */
export function PasswordField({
  label,
  hint,
  error,
  visible,
  onVisibleChange,
  toggleLabel,
  alsoControls = [],
  inputId,
  className,
  ref,
  ...input
}: PasswordFieldProps) {
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const hasToggle = !!onVisibleChange && !!toggleLabel;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const Icon = visible ? EyeOff : Eye;

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(
            'block w-full rounded-lg border bg-white py-2 pl-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500',
            'focus:border-brand-700 focus:ring-2 focus:ring-brand-700/20 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
            hasToggle ? 'pr-11' : 'pr-3',
            error ? 'border-red-600' : 'border-slate-300',
          )}
          {...input}
        />
        {hasToggle && (
          <button
            type="button"
            aria-label={toggleLabel}
            aria-pressed={visible}
            aria-controls={[id, ...alsoControls].join(' ')}
            onClick={() => onVisibleChange?.(!visible)}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
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
