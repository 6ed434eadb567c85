import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cx } from '#web/lib/cx';

/** A box with its label, an optional hint and badge: a field of the flow form, or a box driving it. */
export function CheckboxField({
  label,
  hint,
  badge,
  disabled,
  checked,
  onToggle,
  input,
}: {
  label: string;
  hint?: string;
  badge?: string;
  disabled?: boolean;
  checked?: boolean;
  /** A box that drives the form rather than being a field of it (the reminder): `checked` and this. */
  onToggle?: (checked: boolean) => void;
  /** The registered field; without it the box shows `checked` (read-only without `onToggle`: the WhatsApp channel). */
  input?: UseFormRegisterReturn;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700 disabled:cursor-not-allowed"
        {...(input ?? (onToggle ? { checked: Boolean(checked), onChange: (event) => onToggle(event.target.checked) } : { checked, readOnly: true }))}
      />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id} className={cx('text-sm font-medium', disabled ? 'text-slate-600' : 'text-slate-800')}>
            {label}
          </label>
          {badge && <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{badge}</span>}
        </div>
        {hint && (
          <p id={hintId} className="mt-0.5 text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
