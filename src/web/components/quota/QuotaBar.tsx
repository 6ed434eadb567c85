import { useId } from 'react';
import { barLevel, type BarLevel } from '#core/quota';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { formatCount, formatPercent, percentUsed } from './figures';

const t = messages.plans.quota;

const FILL: Record<BarLevel, string> = {
  normal: 'bg-brand-600',
  yellow: 'bg-amber-400',
  red: 'bg-red-600',
};

/**
 * This period's sends against the plan's quota (docs/product/statuses.md: the quota bar elsewhere than the
 * banner is yellow from 80 %, red from 90 %, thresholds from core/quota.ts). The figures are written
 * out beside the bar, so the colour is never the only signal. Unlimited plans show their sends.
 */
export function QuotaBar({ used, quota, label, className }: { used: number; quota: number | null; label: string; className?: string }) {
  const labelId = useId();
  if (quota === null) {
    return (
      <div className={className}>
        <p className="text-sm font-medium text-slate-700">{label}</p>
        <p className="mt-1 text-lg font-semibold text-slate-900">{t.unlimited}</p>
        <p className="text-sm text-slate-600">{t.sent(used)}</p>
      </div>
    );
  }
  const level = barLevel(used, quota);
  const percent = percentUsed(used, quota);
  const figures = t.ofQuota(formatCount(used), formatCount(quota));
  const share = t.percent(formatPercent(percent));
  return (
    <div className={className}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id={labelId} className="text-sm font-medium text-slate-700">
          {label}
        </span>
        <span className="text-sm font-semibold text-slate-900">{figures}</span>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={quota}
        aria-valuenow={Math.min(used, quota)}
        aria-valuetext={`${figures}, ${share}`}
        data-level={level}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cx('h-full rounded-full', FILL[level])} style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <p className={cx('mt-1 text-xs', level === 'red' ? 'font-semibold text-red-800' : level === 'yellow' ? 'font-semibold text-amber-900' : 'text-slate-600')}>{share}</p>
    </div>
  );
}
