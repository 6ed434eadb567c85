import type { ReactNode } from 'react';
import { buttonClass } from './button';

export interface SubmitButtonProps {
  /** While the form is being sent: the button is disabled, says so, and shows `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  /** As wide as the form (the narrow sign-in and sign-up cards). */
  fullWidth?: boolean;
}

/** The one primary submit button of a form: a second click while sending does nothing. */
export function SubmitButton({ busy, busyLabel, children, fullWidth = false }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass('primary', 'md', fullWidth ? 'w-full' : undefined)}>
      {busy ? busyLabel : children}
    </button>
  );
}
