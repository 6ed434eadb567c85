/**
 * Deferred history import: spreads N sends over the next `daysToSpread` calendar days, only on the
 * chosen weekdays, at the chosen UTC hour (docs/product/limits.md: 1–30 days, default 7, Monday–Friday, 09:00).
 *
 * The window starts today when today's send hour is still ahead, else tomorrow. When no chosen
 * weekday falls inside the window (e.g. 2 days, Mondays only), the first chosen weekday after it is
 * used, so the sends are never dropped. Sends are shared as evenly as possible, earlier days first.
 */
export interface SpreadOptions {
  daysToSpread: number;
  /** 0 = Sunday … 6 = Saturday (Date.getUTCDay). */
  sendDays: readonly number[];
  /** 0–23, UTC. */
  sendHour: number;
}

export const SPREAD_LIMITS = { minDays: 1, maxDays: 30, defaultDays: 7, defaultSendDays: [1, 2, 3, 4, 5], defaultHour: 9 } as const;

const DAY_MS = 86_400_000;

/** The send days of the window, as the UTC instants of the send hour. */
export function spreadDays(options: SpreadOptions, now: Date): Date[] {
  const allowed = new Set(options.sendDays);
  if (allowed.size === 0) throw new RangeError('at least one send day is required');
  const todayAtHour = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), options.sendHour);
  const first = todayAtHour > now.getTime() ? todayAtHour : todayAtHour + DAY_MS;
  const days: Date[] = [];
  for (let i = 0; i < options.daysToSpread; i++) {
    const day = new Date(first + i * DAY_MS);
    if (allowed.has(day.getUTCDay())) days.push(day);
  }
  for (let i = options.daysToSpread; days.length === 0; i++) {
    const day = new Date(first + i * DAY_MS);
    if (allowed.has(day.getUTCDay())) days.push(day);
  }
  return days;
}

/** One send time per item, in order: day k gets ⌊N/K⌋ sends, the first N mod K days one more. */
export function spreadSchedule(count: number, options: SpreadOptions, now: Date): Date[] {
  const days = spreadDays(options, now);
  const base = Math.floor(count / days.length);
  const extra = count % days.length;
  const out: Date[] = [];
  days.forEach((day, k) => {
    for (let j = 0; j < base + (k < extra ? 1 : 0); j++) out.push(day);
  });
  return out;
}
