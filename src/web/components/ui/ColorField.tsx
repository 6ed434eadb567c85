import { useId } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { isHexColor, normalizeHex } from '#core/color';
import { fieldControlClass } from './TextField';

/**
 * One colour of a form: the system's colour picker and the hex code, two views of one value, both
 * labelled. The code is tidied when the field is left (`56DADC` becomes `#56DADC`); an invalid one
 * is said under the field, and the picker keeps showing the last valid colour (`fallback` until then).
 */
export function ColorField<T extends FieldValues, C = unknown, O extends FieldValues = T>({
  name,
  control,
  fallback,
  label,
  pickerLabel,
  hint,
}: {
  name: FieldPathByValue<T, string>;
  control: Control<T, C, O>;
  fallback: string;
  /** The hex code's label (the field's name). */
  label: string;
  /** The picker's accessible name. */
  pickerLabel: string;
  hint: string;
}) {
  const id = useId();
  const hexId = `${id}-hex`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const {
    field: { value, onChange, onBlur, ref: inputRef },
    fieldState,
  } = useController({ name, control });
  const text = String(value ?? '');
  const error = fieldState.error?.message;
  const shown = (isHexColor(text) ? text : isHexColor(fallback) ? fallback : '#000000').toLowerCase();

  return (
    <div>
      <label htmlFor={hexId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          type="color"
          aria-label={pickerLabel}
          aria-describedby={hintId}
          value={shown}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        <input
          ref={inputRef}
          id={hexId}
          name={name}
          type="text"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            const tidy = normalizeHex(text);
            if (tidy !== text) onChange(tidy);
            onBlur();
          }}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={9}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          className={fieldControlClass(error, 'max-w-40 px-3 font-mono')}
        />
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
