/** How quota numbers read in French: counts with the thousands separator, percentages rounded down. */
import { locale } from '../../i18n';

export const formatCount = (value: number) => value.toLocaleString(locale);

/**
 * The whole percentage of the quota used, rounded down so a share never reads as a threshold it has
 * not reached (79.9 % is 79 %). Integer arithmetic: no 0.29 × 100 = 28.999… surprise.
 */
export function percentUsed(used: number, quota: number): number {
  if (quota <= 0) return used > 0 ? 100 : 0;
  return Math.floor((Math.max(0, used) * 100) / quota);
}

/** "85 %" with French spacing. */
export const formatPercent = (percent: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);

/** The remaining count, never negative (the server's `remaining` when it sent one). */
export const remainingOf = (used: number, quota: number, remaining: number | null) => remaining ?? Math.max(0, quota - used);
