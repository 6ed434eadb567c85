import { describe, expect, it } from 'vitest';
import { spreadDays, spreadSchedule } from './schedule-spread';

// Sunday 2026-11-22 10:30 UTC.
const now = new Date('2026-11-22T10:30:00Z');
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('spreadDays', () => {
  it('keeps the chosen weekdays of the window, at the chosen hour', () => {
    expect(iso(spreadDays({ daysToSpread: 7, sendDays: [1, 2, 3, 4, 5], sendHour: 9 }, now))).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-24T09:00:00.000Z',
      '2026-11-25T09:00:00.000Z',
      '2026-11-26T09:00:00.000Z',
      '2026-11-27T09:00:00.000Z',
    ]);
  });

  it('starts today when the hour is still ahead, tomorrow otherwise', () => {
    expect(iso(spreadDays({ daysToSpread: 1, sendDays: [0], sendHour: 11 }, now))).toEqual(['2026-11-22T11:00:00.000Z']);
    expect(iso(spreadDays({ daysToSpread: 1, sendDays: [0, 1], sendHour: 10 }, now))).toEqual(['2026-11-23T10:00:00.000Z']);
  });

  it('falls back to the first chosen weekday after the window rather than dropping the sends', () => {
    expect(iso(spreadDays({ daysToSpread: 2, sendDays: [5], sendHour: 9 }, now))).toEqual(['2026-11-27T09:00:00.000Z']);
  });

  it('refuses an empty set of days', () => {
    expect(() => spreadDays({ daysToSpread: 7, sendDays: [], sendHour: 9 }, now)).toThrow(RangeError);
  });
});

describe('spreadSchedule', () => {
  it('shares the sends evenly, earlier days taking the remainder', () => {
    const slots = spreadSchedule(7, { daysToSpread: 7, sendDays: [1, 3, 5], sendHour: 9 }, now);
    expect(iso(slots)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-25T09:00:00.000Z',
      '2026-11-25T09:00:00.000Z',
      '2026-11-27T09:00:00.000Z',
      '2026-11-27T09:00:00.000Z',
    ]);
  });

  it('gives one slot per item whatever the count, in order', () => {
    for (const count of [0, 1, 2, 5, 31, 100]) {
      const slots = spreadSchedule(count, { daysToSpread: 30, sendDays: [0, 6], sendHour: 23 }, now);
      expect(slots).toHaveLength(count);
      expect([...slots].sort((a, b) => a.getTime() - b.getTime())).toEqual(slots);
      const perDay = new Map<number, number>();
      for (const s of slots) perDay.set(s.getTime(), (perDay.get(s.getTime()) ?? 0) + 1);
      const counts = [...perDay.values()];
      if (counts.length) expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
  });
});
