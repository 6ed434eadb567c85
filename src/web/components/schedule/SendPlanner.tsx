import { CalendarClock, CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useSendForecast, type SendForecast } from '#web/api/review-requests';
import { formatDay, formatNumber as num } from '#core/french-format';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { formatDateTime } from '#web/lib/format';
import { buttonClass } from '../ui/button';

const t = messages.schedule.planner;
/** A forecast day (YYYY-MM-DD, UTC) in words: "1er décembre", or "mar. 1er déc." in the table. */
const dayLabel = (date: string, style: 'long' | 'short' = 'long') =>
  formatDay(`${date}T00:00:00Z`, style === 'long' ? { timeZone: 'UTC' } : { timeZone: 'UTC', weekday: 'short', month: 'short' });

/**
 * The send calendar's planner: what the sender will do with the scheduled requests until the
 * billing period ends (GET /api/review-requests/forecast), so that requests which will not fit are
 * seen before it happens. They wait and go out later; the panel says so and links to the remedy.
 */
export function SendPlanner() {
  const headingId = useId();
  const forecast = useSendForecast();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start gap-3">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t.heading}
          </h2>
          <p className="text-sm text-slate-600">{t.intro}</p>
        </div>
      </div>
      {/* A side panel: its loading and failure stay quiet (no live region) so that they never
          talk over the calendar's own notices. */}
      <div className="mt-4" aria-busy={forecast.isFetching || undefined}>
        {forecast.data ? (
          <PlannerBody forecast={forecast.data} />
        ) : forecast.isError ? (
          <div className="flex flex-col gap-3 text-sm text-slate-700 sm:flex-row sm:items-center">
            <p className="flex-1">{t.loadError}</p>
            <button type="button" onClick={() => void forecast.refetch()} disabled={forecast.isFetching} className={buttonClass('secondary', 'sm', 'self-start')}>
              {messages.common.retry}
            </button>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-brand-700" />
            {t.loading}
          </p>
        )}
      </div>
    </section>
  );
}

function PlannerBody({ forecast }: { forecast: SendForecast }) {
  const { totals, days } = forecast;
  const end = dayLabel(days.at(-1)?.date ?? forecast.period_end.slice(0, 10));
  const waiting = totals.waiting > 0;
  const delayed = !waiting && days.some((d) => d.carried > 0);

  let summary: string;
  if (waiting && totals.limited_by === 'subscription') summary = t.paused(totals.waiting);
  else if (totals.due === 0) summary = t.nothing(end);
  else if (waiting && totals.limited_by === 'daily_limit') summary = t.waitingDailyLimit(totals.due, end, totals.sent, totals.waiting, forecast.daily_limit);
  else if (waiting) summary = t.waitingQuota(totals.due, end, totals.sent, totals.waiting);
  else summary = t.allFit(totals.due, end);

  // The remedy: a plan (quota, no subscription) or the daily limit (Paramètres).
  const remedy = waiting && totals.limited_by === 'daily_limit' ? { to: '/app/settings', label: t.changeLimit } : waiting ? { to: '/app/plans', label: t.changePlan } : null;

  return (
    <div className="space-y-4">
      <div
        className={cx(
          'flex flex-col gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-start',
          waiting ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-slate-200 bg-slate-50 text-slate-800',
        )}
      >
        <div className="flex flex-1 items-start gap-2">
          {waiting ? (
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <CircleCheck aria-hidden="true" className={cx('mt-0.5 size-4 shrink-0', totals.due > 0 ? 'text-green-700' : 'text-slate-500')} />
          )}
          <div className="space-y-1">
            <p className="font-medium">{summary}</p>
            {waiting && totals.first_waiting_at && totals.limited_by !== 'subscription' && <p>{t.firstWaiting(formatDateTime(totals.first_waiting_at))}</p>}
            {waiting && <p>{t.neverDropped}</p>}
            {delayed && <p>{t.delayed(forecast.daily_limit)}</p>}
          </div>
        </div>
        {remedy && (
          <Link to={remedy.to} className={buttonClass('secondary', 'sm', 'shrink-0 self-start')}>
            {remedy.label}
          </Link>
        )}
      </div>

      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
        <li>{forecast.quota === null || forecast.remaining_quota === null ? t.unlimited : t.quota(forecast.remaining_quota, forecast.quota)}</li>
        <li>{t.dailyLimit(forecast.daily_limit, forecast.sent_today)}</li>
      </ul>

      {(totals.due > 0 || waiting) && <ForecastChart forecast={forecast} end={end} />}
    </div>
  );
}

/** Sent and carried requests per day as stacked bars, with the same figures in a table for screen readers. */
function ForecastChart({ forecast, end }: { forecast: SendForecast; end: string }) {
  const { days, totals } = forecast;
  const highest = Math.max(1, ...days.map((d) => d.sent + d.carried));
  const active = days.filter((d) => d.due > 0 || d.sent > 0 || d.carried > 0);
  return (
    <div>
      <div role="img" aria-label={t.chartLabel(end, totals.sent, totals.waiting)} className="flex h-28 items-end gap-px border-b border-slate-200">
        {days.map((d) => (
          <div key={d.date} title={t.day(dayLabel(d.date, 'short'), d.sent, d.carried)} className="flex h-full min-w-0 flex-1 flex-col justify-end">
            {d.carried > 0 && <div className="rounded-t-sm bg-amber-400" style={{ height: `${(d.carried / highest) * 100}%` }} />}
            {d.sent > 0 && <div className={cx('bg-brand-600', d.carried === 0 && 'rounded-t-sm')} style={{ height: `${(d.sent / highest) * 100}%` }} />}
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
        <span>{dayLabel(days[0]!.date, 'short')}</span>
        <span>{dayLabel(days.at(-1)!.date, 'short')}</span>
      </div>
      <div aria-hidden="true" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-brand-600" />
          {t.legend.sent}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-amber-400" />
          {t.legend.carried}
        </span>
      </div>
      {/* The hiding box is a div: a table keeps its content's width whatever its own, and would widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{t.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columns.date}</th>
              <th scope="col">{t.columns.due}</th>
              <th scope="col">{t.columns.capacity}</th>
              <th scope="col">{t.columns.sent}</th>
              <th scope="col">{t.columns.carried}</th>
            </tr>
          </thead>
          <tbody>
            {active.map((d) => (
              <tr key={d.date}>
                <th scope="row">{dayLabel(d.date, 'short')}</th>
                <td>{num(d.due)}</td>
                <td>{num(d.capacity)}</td>
                <td>{num(d.sent)}</td>
                <td>{num(d.carried)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
