import { useId, useState } from 'react';
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '#core/customer-language';
import { useSaveCustomerLanguages, type CustomerLanguages } from '#web/api/settings';
import { messages } from '#web/i18n';
import { languageLabel } from '#core/language-names';
import { useTransientMessage } from '#web/lib/use-transient-message';
import { SaveBar } from '../ui/SaveBar';
import { UnservedLanguages } from './UnservedLanguages';

const t = messages.settings.languages;

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * « Langues de vos clients » (decision 056): the default language and the languages served, saved
 * together; the default is always served (its box checked and locked). Below, the recent orders in a
 * language not served.
 */
export function CustomerLanguagesForm({ languages }: { languages: CustomerLanguages }) {
  const id = useId();
  const notice = useTransientMessage();
  const [defaultLanguage, setDefaultLanguage] = useState<CustomerLanguage>(languages.default_language);
  const [served, setServed] = useState<CustomerLanguage[]>(languages.languages);
  const save = useSaveCustomerLanguages();
  const dirty = defaultLanguage !== languages.default_language || !sameSet([...new Set([defaultLanguage, ...served])], languages.languages);
  const reset = (to: CustomerLanguages) => {
    setDefaultLanguage(to.default_language);
    setServed(to.languages);
  };
  const toggle = (language: CustomerLanguage, on: boolean) => setServed((list) => (on ? [...list, language] : list.filter((l) => l !== language)));

  return (
    <form
      noValidate
      aria-label={t.formLabel}
      aria-busy={save.isPending || undefined}
      className="max-w-3xl space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        notice.clear();
        save.mutate({ default_language: defaultLanguage, languages: served }, { onSuccess: (saved) => (reset(saved), notice.show(t.saved)) });
      }}
    >
      <section aria-labelledby={`${id}-heading`} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {t.heading}
        </h2>
        <p className="text-sm text-slate-600">{t.intro}</p>
        <div className="space-y-1">
          <label htmlFor={`${id}-default`} className="block text-sm font-medium text-slate-900">
            {t.defaultLanguage}
          </label>
          <select
            id={`${id}-default`}
            aria-describedby={`${id}-default-hint`}
            value={defaultLanguage}
            onChange={(event) => setDefaultLanguage(event.target.value as CustomerLanguage)}
            className="block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          >
            {CUSTOMER_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {languageLabel(language)}
              </option>
            ))}
          </select>
          <p id={`${id}-default-hint`} className="text-sm text-slate-600">
            {t.defaultHint}
          </p>
        </div>
        <fieldset className="space-y-2" aria-describedby={`${id}-served-hint`}>
          <legend className="text-sm font-medium text-slate-900">{t.served}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {CUSTOMER_LANGUAGES.map((language) => {
              const isDefault = language === defaultLanguage;
              return (
                <label key={language} className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm text-slate-900">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={isDefault || served.includes(language)}
                    disabled={isDefault}
                    onChange={(event) => toggle(language, event.target.checked)}
                  />
                  {languageLabel(language)}
                </label>
              );
            })}
          </div>
          <p id={`${id}-served-hint`} className="text-sm text-slate-600">
            {t.servedHint}
          </p>
        </fieldset>
        <UnservedLanguages languages={languages} />
      </section>
      <SaveBar onDiscard={() => reset(languages)} busy={save.isPending} dirty={dirty} notice={notice.message} error={save.isError ? save.error.message : null} saveLabel={t.save} />
    </form>
  );
}
