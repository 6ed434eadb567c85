import { Link } from 'react-router';
import type { CustomerLanguages } from '#web/api/settings';
import { messages } from '#web/i18n';
import { formatPercent } from '#core/french-format';
import { languageName } from '#core/language-names';
import { textLinkClass } from '../ui/TextField';

const t = messages.settings.languages;

/**
 * The recent orders in a served language the merchant wrote no template in, said plainly (decision
 * 057): « 14 % de vos commandes des 90 derniers jours sont en anglais : aucun modèle en anglais, ces
 * clients reçoivent notre modèle en anglais. », each with a link to write it. Nothing when there are none.
 */
export function UnwrittenLanguages({ languages }: { languages: CustomerLanguages }) {
  if (languages.unwritten.length === 0) return null;
  return (
    <div role="note" aria-label={t.unwrittenHeading} className="space-y-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
      <p className="font-semibold">{t.unwrittenHeading}</p>
      <ul className="space-y-2">
        {languages.unwritten.map((entry) => (
          <li key={entry.language}>
            {t.unwritten(formatPercent(entry.share), languageName(entry.language))}{' '}
            <Link to={`/app/email-templates?langue=${entry.language}`} className={textLinkClass}>
              {t.write(languageName(entry.language))}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
