/**
 * The due label of a scheduled review request (spec section 4, 'Review request status'):
 * 'En retard' when the time has passed, else 'Dans N jour(s)' (N ≥ 1 whole days), else
 * 'Dans N heure(s)' (N ≥ 1 whole hours), else 'Bientôt'. The words live in the web catalogue;
 * this module only says which one applies.
 */

export type DueLabel = { kind: 'overdue' } | { kind: 'days'; n: number } | { kind: 'hours'; n: number } | { kind: 'soon' };

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

function toTime(value: Date | string | number): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value);
}

/**
 * Which label applies to a request scheduled at `scheduledAt`, seen at `now`. Durations are
 * rounded down (23 h 59 min is 'Dans 23 heures'). The exact due instant is not yet late: 'Bientôt'.
 * `null` when either date is invalid.
 */
export function dueLabel(scheduledAt: Date | string | number, now: Date | string | number = Date.now()): DueLabel | null {
  const due = toTime(scheduledAt);
  const at = toTime(now);
  if (!Number.isFinite(due) || !Number.isFinite(at)) return null;
  const remaining = due - at;
  if (remaining < 0) return { kind: 'overdue' };
  const days = Math.floor(remaining / dayMs);
  if (days >= 1) return { kind: 'days', n: days };
  const hours = Math.floor(remaining / hourMs);
  if (hours >= 1) return { kind: 'hours', n: hours };
  return { kind: 'soon' };
}
