import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { isCustomerLanguage, type CustomerLanguage } from '#core/customer-language';
import type { TextLanguage } from '#core/api/text-language';
import { languageLabel } from '#core/language-names';
import { messages } from '#web/i18n';

const t = messages.textLanguages;

/** The address's `?langue=`: the language of the texts a screen edits (absent or unknown: the store's default). */
export function useTextLanguage(): [CustomerLanguage | undefined, (language: CustomerLanguage) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('langue');
  const choose = (language: CustomerLanguage) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('langue', language);
        return next;
      },
      { replace: true },
    );
  return [isCustomerLanguage(asked) ? asked : undefined, choose];
}

interface Props {
  languages: TextLanguage[];
  defaultLanguage: CustomerLanguage;
  value: CustomerLanguage;
  onChange: (language: CustomerLanguage) => void;
  /** Unsaved changes: switching would drop them, so the picker waits (and says why). */
  locked: boolean;
}

/**
 * Which language's texts the screen edits (decision 057): the store's served languages, each saying
 * whether the merchant wrote its texts or the customers read ours.
 */
export function TextLanguagePicker({ languages, defaultLanguage, value, onChange, locked }: Props) {
  const id = useId();
  const current = languages.find((entry) => entry.language === value);
  return (
    <div className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <label htmlFor={`${id}-language`} className="block text-sm font-medium text-slate-900">
        {t.label}
      </label>
      <select
        id={`${id}-language`}
        aria-describedby={`${id}-hint`}
        value={value}
        disabled={locked}
        onChange={(event) => {
          const next = event.target.value;
          if (isCustomerLanguage(next)) onChange(next);
        }}
        className="block w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500"
      >
        {languages.map((entry) => (
          <option key={entry.language} value={entry.language}>
            {t.option(languageLabel(entry.language), entry.language === defaultLanguage, entry.saved)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {locked ? t.locked : t.hint}
      </p>
      {current && !current.served && <p className="text-sm text-slate-700">{t.notServed}</p>}
    </div>
  );
}
