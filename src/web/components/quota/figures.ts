/** How quota numbers read in French: counts with the thousands separator, percentages to the nearest whole. */
import { BANNER_CRITICAL_RATIO, BANNER_WARNING_RATIO, BAR_RED_RATIO, BAR_YELLOW_RATIO } from '#core/quota';
import { formatNumber, formatPercent as formatShare } from '#core/french-format';

/** The percentages at which the bar and the banner change: a share never reads as one it has not reached. */
const THRESHOLDS = [...new Set([BAR_YELLOW_RATIO, BAR_RED_RATIO, BANNER_WARNING_RATIO, BANNER_CRITICAL_RATIO, 1].map((r) => Math.round(r * 100)))];

export const formatCount = (value: number) => formatNumber(value);

/**
 * The whole percentage of the quota used, to the nearest (81.7 % is 82 %), except that a share never
 * reads as a threshold it has not reached: 79.9 % is 79 %, 99.6 % is 99 %, never 80 % or 100 %.
 * Integer arithmetic for the floor: no 0.29 × 100 = 28.999… surprise.
 */
export function percentUsed(used: number, quota: number): number {
  if (quota <= 0) return used > 0 ? 100 : 0;
  const hundredths = Math.max(0, used) * 100;
  const floor = Math.floor(hundredths / quota);
  const nearest = hundredths % quota >= quota / 2 ? floor + 1 : floor;
  return THRESHOLDS.includes(nearest) && nearest > floor ? floor : nearest;
}

/** "85 %" with French spacing. */
export const formatPercent = (percent: number) => formatShare(percent / 100);

/** The remaining count, never negative (the server's `remaining` when it sent one). */
export const remainingOf = (used: number, quota: number, remaining: number | null) => remaining ?? Math.max(0, quota - used);
