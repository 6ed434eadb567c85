import { Link } from 'react-router';
import type { Representativeness as Figures } from '#core/api/dashboard';
import { messages } from '#web/i18n';
import { WarningNote } from '../ui/Alert';
import { DashboardSection } from './Section';

const t = messages.dashboard.representativeness;
const COLUMNS = ['responses', 'offered', 'followed'] as const;

/** A gap in average rating from which the public site is said to hear mostly from the happy ones. */
export const SKEW_THRESHOLD = 0.5;

/** What the figures say, in one sentence, and whether it is a warning. */
export function verdict(figures: Figures): { text: string; warn: boolean } | null {
  const total = (column: (typeof COLUMNS)[number]) => figures.ratings.reduce((sum, r) => sum + r[column], 0);
  if (total('responses') === 0) return null;
  if (total('offered') === 0) return { text: t.noSite, warn: false };
  // Some ratings answered but none of them was offered the site while others were: routing by rating.
  if (figures.ratings.some((r) => r.responses > 0 && r.offered === 0)) return { text: t.gated, warn: true };
  if (total('followed') === 0 || figures.average_followed === null || figures.average_responses === null) return { text: t.nobodyFollowed, warn: false };
  if (figures.average_followed - figures.average_responses >= SKEW_THRESHOLD) return { text: t.skewed(figures.average_followed, figures.average_responses), warn: true };
  return { text: t.alike(figures.average_followed, figures.average_responses), warn: false };
}

/**
 * Whom the public review site hears from: per rating, every response, those offered the site and
 * those who followed the link, so a merchant (or a regulator) sees whether it hears from everyone.
 */
export function Representativeness({ figures }: { figures: Figures }) {
  const totals = Object.fromEntries(COLUMNS.map((c) => [c, figures.ratings.reduce((sum, r) => sum + r[c], 0)])) as Record<(typeof COLUMNS)[number], number>;
  const said = verdict(figures);
  const averages = { responses: figures.average_responses, offered: figures.average_offered, followed: figures.average_followed };
  return (
    <DashboardSection title={t.title} intro={t.intro}>
      {totals.responses === 0 ? (
        <p className="text-sm text-slate-600">{t.none}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t.caption}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t.columns.rating}
                  </th>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className="py-2 pr-3 font-medium">
                      {t.columns[c]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {figures.ratings.map((r) => (
                  <tr key={r.rating} className="border-b border-slate-100">
                    <th scope="row" className="py-2 pr-3 font-medium text-slate-800">
                      {messages.dashboard.distribution.stars(r.rating)}
                    </th>
                    {COLUMNS.map((c) => (
                      <td key={c} className="py-2 pr-3 text-slate-900">
                        {t.cell(r[c], totals[c] === 0 ? null : r[c] / totals[c])}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
                    {t.average}
                  </th>
                  {COLUMNS.map((c) => (
                    <td key={c} className="py-2 pr-3 font-semibold text-slate-900">
                      {t.averageValue(averages[c])}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
          {said &&
            (said.warn ? (
              <WarningNote className="mt-4">
                <p>{said.text}</p>
                <Link to="/app/conditional" className="mt-1 inline-block font-medium underline underline-offset-2">
                  {t.settingsLink}
                </Link>
              </WarningNote>
            ) : (
              <p className="mt-4 text-sm text-slate-700">{said.text}</p>
            ))}
        </>
      )}
    </DashboardSection>
  );
}
