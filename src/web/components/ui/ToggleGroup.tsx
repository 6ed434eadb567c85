import { cx } from '#web/lib/cx';

/**
 * One choice among a few, as toggle buttons (aria-pressed) in a labelled group: the dashboard's
 * period, the reviews list's filters. `segmented` draws one bar, `pills` separate rounded buttons.
 */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  labelOf,
  look = 'segmented',
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (value: T) => string;
  look?: 'segmented' | 'pills';
}) {
  const segmented = look === 'segmented';
  return (
    <div role="group" aria-label={label} className={cx('flex-wrap gap-1', segmented ? 'inline-flex rounded-xl border border-slate-200 bg-white p-1' : 'flex gap-2')}>
      {options.map((option) => {
        const on = option === value;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(option)}
            className={cx(
              'text-sm font-medium',
              segmented ? 'rounded-lg px-3 py-1.5' : 'rounded-full border px-3 py-1',
              on ? 'border-brand-700 bg-brand-700 text-white' : segmented ? 'text-slate-700 hover:bg-slate-100' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {labelOf(option)}
          </button>
        );
      })}
    </div>
  );
}
