/**
 * The quota thresholds of docs/product/statuses.md and docs/product/limits.md, written once for the banner, the quota bar and the
 * merchant's quota e-mails.
 *  - Banner: hidden under 80 %, a warning from 80 %, 'almost reached' (critical) from 95 %; the
 *    remaining count is shown at 50 or fewer; an unlimited plan shows its sends instead.
 *  - Quota bar: yellow from 80 %, red from 90 %.
 *  - E-mails to the merchant: at 80 % and at 100 %, once per billing period each.
 */

export const BANNER_WARNING_RATIO = 0.8;
export const BANNER_CRITICAL_RATIO = 0.95;
export const REMAINING_SHOWN_AT = 50;
export const BAR_YELLOW_RATIO = 0.8;
export const BAR_RED_RATIO = 0.9;
export const QUOTA_ALERT_RATIOS = [0.8, 1] as const;
export type QuotaAlertRatio = (typeof QUOTA_ALERT_RATIOS)[number];

export type BannerLevel = 'hidden' | 'warning' | 'critical' | 'unlimited';
export type BarLevel = 'normal' | 'yellow' | 'red';

/** Share of the quota used (0 for a quota of 0 with nothing used, 1 once used reaches it). */
export function usedRatio(used: number, quota: number): number {
  if (quota <= 0) return used > 0 ? 1 : 0;
  return used / quota;
}

/** Which banner the dashboard and the send calendar show (quota null: unlimited). */
export function bannerLevel(used: number, quota: number | null): BannerLevel {
  if (quota === null) return 'unlimited';
  const ratio = usedRatio(used, quota);
  if (ratio >= BANNER_CRITICAL_RATIO) return 'critical';
  if (ratio >= BANNER_WARNING_RATIO) return 'warning';
  return 'hidden';
}

/** Whether the banner says 'N emails restants' (quota null: never). */
export function showsRemaining(used: number, quota: number | null): boolean {
  return quota !== null && Math.max(0, quota - used) <= REMAINING_SHOWN_AT;
}

/** The quota bar's colour elsewhere (the plans screen). */
export function barLevel(used: number, quota: number | null): BarLevel {
  if (quota === null) return 'normal';
  const ratio = usedRatio(used, quota);
  if (ratio >= BAR_RED_RATIO) return 'red';
  if (ratio >= BAR_YELLOW_RATIO) return 'yellow';
  return 'normal';
}

/** The alert thresholds a send from `before` to `after` used crosses (the e-mails to send). */
export function crossedAlerts(before: number, after: number, quota: number | null): QuotaAlertRatio[] {
  if (quota === null || quota <= 0) return [];
  return QUOTA_ALERT_RATIOS.filter((ratio) => before < ratio * quota && after >= ratio * quota);
}
