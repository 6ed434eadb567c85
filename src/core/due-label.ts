/**
 * The due label of a scheduled review request (docs/product/statuses.md, 'Review request status'):
 * 'En retard' when the time has passed by more than a sending run, else 'Dans N jour(s)',
 * 'Dans N heure(s)' or 'Bientôt'.
 * The words live in the web catalogue; this module only says which one applies.
 */

export type DueLabel = { kind: 'overdue' } | { kind: 'days'; n: number } | { kind: 'hours'; n: number } | { kind: 'soon' };

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/**
 * A due request goes out at the sender's next run, hourly by default (WORKER_TICK_INTERVAL_SECONDS):
 * one due a moment ago, or due at once (a flow without delay), is waiting for that run, not late.
 * Late is past that run, with a few minutes for the run itself.
 */
export const SENDING_RUN_GRACE_MS = hourMs + 5 * 60 * 1000;

function toTime(value: Date | string | number): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value);
}

/**
 * Which label applies to a request scheduled at `scheduledAt`, seen at `now`. `null` when either
 * date is invalid.
 *
 * Durations are rounded to the nearest unit, halves up, because the label is an estimate read at a
 * glance: rounding down labelled 2 days 23 h 59 min 'Dans 2 jours', nearly a day short. The units follow
 * from the rounded figure, so no label is ever 'Dans 0 …' or 'Dans 24 heures':
 * - due within the last sending run (SENDING_RUN_GRACE_MS), or under 30 min ahead (0 hour once
 *   rounded): 'Bientôt': it goes at the next run, it is not late;
 * - from 30 min to under 23 h 30 min: 'Dans N heure(s)', N = 1 … 23 (59 min is 'Dans 1 heure');
 * - from 23 h 30 min on (24 hours once rounded): 'Dans N jour(s)', N the nearest whole number of
 *   days, at least 1 (23 h 31 min and 1 day 11 h are 'Dans 1 jour', 1 day 13 h is 'Dans 2 jours').
 */
export function dueLabel(scheduledAt: Date | string | number, now: Date | string | number = Date.now()): DueLabel | null {
  const due = toTime(scheduledAt);
  const at = toTime(now);
  if (!Number.isFinite(due) || !Number.isFinite(at)) return null;
  const remaining = due - at;
  if (remaining < -SENDING_RUN_GRACE_MS) return { kind: 'overdue' };
  if (remaining < 0) return { kind: 'soon' };
  const hours = Math.round(remaining / hourMs);
  if (hours < 1) return { kind: 'soon' };
  if (hours < 24) return { kind: 'hours', n: hours };
  return { kind: 'days', n: Math.max(1, Math.round(remaining / dayMs)) };
}
