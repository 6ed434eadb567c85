import { Eye, EyeOff } from 'lucide-react';
import type { InputHTMLAttributes, Ref } from 'react';
import { Field, fieldControlClass } from './TextField';

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
export function PasswordField({ label, hint, error, visible, onVisibleChange, toggleLabel, alsoControls = [], inputId, className, ref, ...input }: PasswordFieldProps) {
  const hasToggle = !!onVisibleChange && !!toggleLabel;
  const Icon = visible ? EyeOff : Eye;

  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={className}
      id={inputId}
      control={(props) => (
        <div className="relative mt-1">
          <input
            ref={ref}
            {...props}
            type={visible ? 'text' : 'password'}
            autoCapitalize="none"
            spellCheck={false}
            className={fieldControlClass(error, 'pl-3', hasToggle ? 'pr-11' : 'pr-3')}
            {...input}
          />
          {hasToggle && (
            <button
              type="button"
              aria-label={toggleLabel}
              aria-pressed={visible}
              aria-controls={[props.id, ...alsoControls].join(' ')}
              onClick={() => onVisibleChange?.(!visible)}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
      )}
    />
  );
}
