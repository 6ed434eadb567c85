import type { Timeline as TimelineFigures } from '#core/api/dashboard';
import { FRENCH_LOCALE, formatDay, formatNumber } from '#core/french-format';
import { messages } from '#web/i18n';
import { DashboardSection } from './Section';

const t = messages.dashboard.timeline;

const monthFormat = new Intl.DateTimeFormat(FRENCH_LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** How a bucket is named: a day, the week starting that Monday, or a month (dates are UTC, as the figures). */
function bucketLabel(start: string, bucket: TimelineFigures['bucket']): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (bucket === 'month') return monthFormat.format(date);
  const day = formatDay(date, { timeZone: 'UTC', month: 'short' });
  return bucket === 'week' ? t.weekOf(day) : day;
}

/**
 * Reviews received per day, week or month as bars, with the same figures in a table for screen
 * readers (a chart alone says nothing to them).
 */
export function Timeline({ timeline }: { timeline: TimelineFigures }) {
  const per = t.per[timeline.bucket];
  const total = timeline.points.reduce((sum, p) => sum + p.reviews, 0);
  const highest = Math.max(1, ...timeline.points.map((p) => p.reviews));
  return (
    <DashboardSection title={t.title}>
      {total === 0 ? (
        <p className="text-sm text-slate-600">{t.empty}</p>
      ) : (
        <>
          <p aria-hidden="true" className="text-xs text-slate-600">
            {t.scale(highest)}
          </p>
          <div role="img" aria-label={t.chartLabel(per, total)} className="mt-1 flex h-40 items-end gap-px border-t border-b border-dashed border-slate-200">
            {timeline.points.map((p) => (
              <div
                key={p.start}
                title={t.point(bucketLabel(p.start, timeline.bucket), p.reviews, p.average_rating)}
                className="min-w-0 flex-1 rounded-t-sm bg-brand-600"
                style={{ height: `${(p.reviews / highest) * 100}%` }}
              />
            ))}
          </div>
          <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
            <span>{bucketLabel(timeline.points[0]!.start, timeline.bucket)}</span>
            <span>{bucketLabel(timeline.points.at(-1)!.start, timeline.bucket)}</span>
          </div>
          {/* Hidden in a div: a table keeps its content's width whatever its own, and would widen a phone's page. */}
          <div className="sr-only">
            <table>
              <caption>{t.tableCaption(per)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.columns.start}</th>
                  <th scope="col">{t.columns.reviews}</th>
                  <th scope="col">{t.columns.average}</th>
                </tr>
              </thead>
              <tbody>
                {timeline.points
                  .filter((p) => p.reviews > 0)
                  .map((p) => (
                    <tr key={p.start}>
                      <th scope="row">{bucketLabel(p.start, timeline.bucket)}</th>
                      <td>{formatNumber(p.reviews)}</td>
                      <td>{p.average_rating === null ? '—' : formatNumber(p.average_rating)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </DashboardSection>
  );
}
