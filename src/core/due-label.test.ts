import { describe, expect, it } from 'vitest';
import { SENDING_RUN_GRACE_MS, dueLabel } from './due-label';

const now = new Date('2025-10-14T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('dueLabel', () => {
  it('is soon, not late, while the next sending run has not passed (a request due at once, right after the order)', () => {
    expect(dueLabel(at(-1000), now)).toEqual({ kind: 'soon' });
    expect(dueLabel(at(-SENDING_RUN_GRACE_MS), now)).toEqual({ kind: 'soon' });
  });

  it('is overdue once a sending run has passed it, by a second or by days', () => {
    expect(dueLabel(at(-SENDING_RUN_GRACE_MS - 1000), now)).toEqual({ kind: 'overdue' });
    expect(dueLabel(at(-3 * day), now)).toEqual({ kind: 'overdue' });
  });

  it('rounds to the nearest day from 23 h 30 min on, never below one day', () => {
    expect(dueLabel(at(23 * hour + 30 * minute), now)).toEqual({ kind: 'days', n: 1 });
    expect(dueLabel(at(23 * hour + 31 * minute), now)).toEqual({ kind: 'days', n: 1 });
    expect(dueLabel(at(day), now)).toEqual({ kind: 'days', n: 1 });
    expect(dueLabel(at(day + 11 * hour), now)).toEqual({ kind: 'days', n: 1 });
    expect(dueLabel(at(day + 12 * hour - 1), now)).toEqual({ kind: 'days', n: 1 });
    expect(dueLabel(at(day + 12 * hour), now)).toEqual({ kind: 'days', n: 2 });
    expect(dueLabel(at(day + 13 * hour), now)).toEqual({ kind: 'days', n: 2 });
    expect(dueLabel(at(2 * day + 23 * hour + 59 * minute), now)).toEqual({ kind: 'days', n: 3 });
    expect(dueLabel(at(7 * day + 5 * hour), now)).toEqual({ kind: 'days', n: 7 });
  });

  it('rounds to the nearest hour from 30 min to under 23 h 30 min', () => {
    expect(dueLabel(at(30 * minute), now)).toEqual({ kind: 'hours', n: 1 });
    expect(dueLabel(at(59 * minute), now)).toEqual({ kind: 'hours', n: 1 });
    expect(dueLabel(at(hour), now)).toEqual({ kind: 'hours', n: 1 });
    expect(dueLabel(at(hour + 29 * minute), now)).toEqual({ kind: 'hours', n: 1 });
    expect(dueLabel(at(hour + 31 * minute), now)).toEqual({ kind: 'hours', n: 2 });
    expect(dueLabel(at(2 * hour + 59 * minute), now)).toEqual({ kind: 'hours', n: 3 });
    expect(dueLabel(at(23 * hour + 29 * minute), now)).toEqual({ kind: 'hours', n: 23 });
    expect(dueLabel(at(23 * hour + 30 * minute - 1), now)).toEqual({ kind: 'hours', n: 23 });
  });

  it('is soon below 30 min, including the due instant itself', () => {
    expect(dueLabel(at(30 * minute - 1), now)).toEqual({ kind: 'soon' });
    expect(dueLabel(at(29 * minute), now)).toEqual({ kind: 'soon' });
    expect(dueLabel(at(5 * minute), now)).toEqual({ kind: 'soon' });
    expect(dueLabel(at(0), now)).toEqual({ kind: 'soon' });
  });

  it('accepts dates, ISO strings and timestamps alike', () => {
    const scheduled = now.getTime() + 3 * day;
    expect(dueLabel(new Date(scheduled), now.getTime())).toEqual({ kind: 'days', n: 3 });
    expect(dueLabel(scheduled, now.toISOString())).toEqual({ kind: 'days', n: 3 });
  });

  it('is null for an invalid date', () => {
    expect(dueLabel('not a date', now)).toBeNull();
    expect(dueLabel(at(day), 'nope')).toBeNull();
  });
});
