import type { CustomerLanguages } from '#web/api/settings';
import { messages } from '#web/i18n';
import { formatPercent } from '#core/french-format';
import { languageName } from '#core/language-names';

const t = messages.settings.languages;

/**
 * The recent orders in a language the store does not serve, said plainly (decision 056): « 14 % de
 * vos commandes des 90 derniers jours sont en anglais : aucun modèle en anglais, … ». Nothing when
 * every order is served.
 */
export function UnservedLanguages({ languages, action }: { languages: CustomerLanguages; action?: React.ReactNode }) {
  if (languages.unserved.length === 0) return null;
  const fallback = languageName(languages.default_language);
  return (
    <div role="note" aria-label={t.unservedHeading} className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{t.unservedHeading}</p>
      <ul className="list-disc space-y-1 pl-5">
        {languages.unserved.map((entry) => (
          <li key={entry.language}>{t.unserved(formatPercent(entry.share), languageName(entry.language), fallback)}</li>
        ))}
      </ul>
      {action}
    </div>
  );
}
