import { Infinity as InfinityIcon, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { bannerLevel, showsRemaining, usedRatio } from '#core/quota';
import { useCurrentPlan, type CurrentPlan } from '#web/api/plans';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { formatDate } from '#web/lib/format';
import { buttonClass } from '../ui/button';
import { formatCount, formatPercent, percentUsed, remainingOf } from './figures';

const t = messages.plans.banner;

/**
 * The quota banner of the dashboard and the send calendar (docs/product/statuses.md and docs/product/limits.md, thresholds from
 * core/quota.ts): nothing under 80 % of the quota; an amber warning from 80 %; a red 'almost reached'
 * from 95 %, announced at once (role=alert: sends are about to wait), headed 'reached' from 100 %
 * (every request now waits); 'N emails restants' at 50 or
 * fewer; an unlimited plan shows this month's sends. Each links to /app/plans. While the plan is
 * loading, or if it cannot be read, nothing shows: the banner never stands in the way of the page.
 */
export function QuotaBanner({ className }: { className?: string }) {
  const { data } = useCurrentPlan();
  if (!data) return null;
  return <QuotaBannerView plan={data} className={className} />;
}

export function QuotaBannerView({ plan, className }: { plan: CurrentPlan; className?: string }) {
  const headingId = useId();
  const used = plan.usage.emails_sent;
  const quota = plan.emails_quota;
  const level = bannerLevel(used, quota);
  if (level === 'hidden') return null;

  const changePlan = (
    <Link to="/app/plans" className={buttonClass(level === 'critical' ? 'danger' : 'secondary', 'sm', 'shrink-0')}>
      {t.changePlan}
    </Link>
  );

  if (quota === null) {
    return (
      <section aria-labelledby={headingId} className={cx('flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center', className)}>
        <InfinityIcon aria-hidden="true" className="size-5 shrink-0 text-brand-800" />
        <div className="flex-1 text-sm">
          <h2 id={headingId} className="font-semibold text-slate-900">
            {t.unlimitedHeading}
          </h2>
          <p className="mt-0.5 text-slate-700">{t.sentThisMonth(used)}</p>
        </div>
        {changePlan}
      </section>
    );
  }

  const critical = level === 'critical';
  // The whole quota used (the ratio of the 100 % e-mail): nothing more is sent this period.
  const reached = usedRatio(used, quota) >= 1;
  const remaining = remainingOf(used, quota, plan.remaining);
  return (
    <section
      aria-labelledby={headingId}
      // Critical: an alert, read at once. A warning is a named region the merchant finds in passing.
      role={critical ? 'alert' : undefined}
      data-level={level}
      className={cx(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center',
        critical ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
      <div className="flex-1 text-sm">
        <h2 id={headingId} className="font-semibold">
          {reached ? t.reachedHeading : critical ? t.criticalHeading : t.warningHeading}
        </h2>
        <p className="mt-0.5">{t.used(formatCount(used), formatCount(quota), formatPercent(percentUsed(used, quota)))}</p>
        {showsRemaining(used, quota) && <p className="mt-0.5 font-semibold">{t.remaining(remaining)}</p>}
        {critical && <p className="mt-0.5">{t.waiting(formatDate(plan.period_end, { timeZone: 'UTC' }))}</p>}
      </div>
      {changePlan}
    </section>
  );
}
