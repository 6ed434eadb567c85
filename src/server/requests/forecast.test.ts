import { describe, expect, it } from 'vitest';
import { fifoPosition, firstWaitingSlot, forecastDates, sendingDay, simulateForecast, type SimulationInput } from './forecast';

const at = (iso: string) => new Date(iso);
const dates = ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
const base: SimulationInput = { dates, due: {}, dailyLimit: 1000, sentToday: 0, remainingQuota: 300, paused: false };

describe('the forecast days', () => {
  it('run from today to the day holding the period’s last instant, in UTC', () => {
    expect(forecastDates(at('2026-03-10T23:30:00Z'), at('2026-03-13T08:00:00Z'))).toEqual(dates);
    // A period ending at midnight ends on the day before.
    expect(forecastDates(at('2026-03-10T00:00:00Z'), at('2026-03-13T00:00:00Z'))).toEqual(dates.slice(0, 3));
    // A 30-day period: 31 days at most (today's partial day and the last one).
    expect(forecastDates(at('2026-03-10T12:00:00Z'), at('2026-04-09T12:00:00Z'))).toHaveLength(31);
  });
});

describe('the send simulation', () => {
  it('sends everything when it fits, and says nothing waits', () => {
    const result = simulateForecast({ ...base, due: { '2026-03-10': 5, '2026-03-12': 7 } });
    expect(result.days.map((d) => [d.due, d.sent, d.carried])).toEqual([
      [5, 5, 0],
      [0, 0, 0],
      [7, 7, 0],
      [0, 0, 0],
    ]);
    expect(result.totals).toEqual({ due: 12, sent: 12, waiting: 0, limitedBy: null });
  });

  it('carries what the daily limit leaves to the next day, today after what already went', () => {
    const result = simulateForecast({ ...base, dailyLimit: 10, sentToday: 6, remainingQuota: 1000, due: { '2026-03-10': 9, '2026-03-11': 12 } });
    expect(result.days).toEqual([
      { date: '2026-03-10', due: 9, capacity: 4, sent: 4, carried: 5 },
      { date: '2026-03-11', due: 12, capacity: 10, sent: 10, carried: 7 },
      { date: '2026-03-12', due: 0, capacity: 10, sent: 7, carried: 0 },
      { date: '2026-03-13', due: 0, capacity: 10, sent: 0, carried: 0 },
    ]);
    expect(result.totals.waiting).toBe(0);
  });

  it('counts overdue requests today and stops at the quota mid-period: the rest waits for the renewal', () => {
    // The overdue ones come in under today's date (the query folds them in).
    const result = simulateForecast({ ...base, dailyLimit: 100, remainingQuota: 150, due: { '2026-03-10': 120, '2026-03-11': 50, '2026-03-13': 30 } });
    expect(result.days.map((d) => [d.capacity, d.sent, d.carried])).toEqual([
      [100, 100, 20],
      [50, 50, 20],
      [0, 0, 20],
      [0, 0, 50],
    ]);
    expect(result.totals).toEqual({ due: 200, sent: 150, waiting: 50, limitedBy: 'quota' });
    // The 151st request in FIFO order is the first that waits: the 31st of the second day.
    expect(firstWaitingSlot(result.days, result.totals.sent, result.totals.waiting)).toEqual({ date: '2026-03-11', offset: 30 });
  });

  it('applies only the daily limit to an unlimited plan, and blames it when requests spill past the period', () => {
    const result = simulateForecast({ ...base, dailyLimit: 20, remainingQuota: null, due: { '2026-03-10': 30, '2026-03-12': 50 } });
    expect(result.days.every((d) => d.capacity === 20)).toBe(true);
    expect(result.totals).toEqual({ due: 80, sent: 70, waiting: 10, limitedBy: 'daily_limit' });
    expect(firstWaitingSlot(result.days, result.totals.sent, result.totals.waiting)).toEqual({ date: '2026-03-12', offset: 40 });
  });

  it('forecasts nothing to do when nothing is scheduled', () => {
    const result = simulateForecast(base);
    expect(result.days).toHaveLength(4);
    // Nothing is sent, so the whole quota stays available every day.
    expect(result.days).toEqual(dates.map((date) => ({ date, due: 0, capacity: 300, sent: 0, carried: 0 })));
    expect(result.totals).toEqual({ due: 0, sent: 0, waiting: 0, limitedBy: null });
    expect(firstWaitingSlot(result.days, 0, 0)).toBeNull();
  });

  it('after a downgrade below this period’s usage (nothing left), everything waits from the first request', () => {
    const result = simulateForecast({ ...base, remainingQuota: 0, due: { '2026-03-10': 3, '2026-03-13': 2 } });
    expect(result.days.every((d) => d.capacity === 0 && d.sent === 0)).toBe(true);
    expect(result.totals).toEqual({ due: 5, sent: 0, waiting: 5, limitedBy: 'quota' });
    expect(firstWaitingSlot(result.days, 0, 5)).toEqual({ date: '2026-03-10', offset: 0 });
    // A negative remainder (usage above the new quota) is no capacity, not a debt.
    expect(simulateForecast({ ...base, remainingQuota: -40, due: { '2026-03-11': 1 } }).totals.waiting).toBe(1);
  });

  it('sends nothing without an active subscription', () => {
    const result = simulateForecast({ ...base, paused: true, due: { '2026-03-11': 4 } });
    expect(result.days.every((d) => d.capacity === 0)).toBe(true);
    expect(result.totals).toEqual({ due: 4, sent: 0, waiting: 4, limitedBy: 'subscription' });
  });

  it('ignores counts for days outside the forecast', () => {
    expect(simulateForecast({ ...base, due: { '2026-03-20': 9 } }).totals.due).toBe(0);
  });
});

describe('the day a request goes out', () => {
  const days = [
    { date: '2031-05-10', due: 4, sent: 3 },
    { date: '2031-05-11', due: 3, sent: 4 },
    { date: '2031-05-12', due: 0, sent: 0 },
    { date: '2031-05-13', due: 4, sent: 2 },
  ];

  it('places a request after the requests of earlier days and those of its day before it', () => {
    expect(fifoPosition(days, '2031-05-10', 0)).toBe(0);
    expect(fifoPosition(days, '2031-05-10', 3)).toBe(3);
    expect(fifoPosition(days, '2031-05-11', 1)).toBe(5);
    expect(fifoPosition(days, '2031-05-13', 2)).toBe(9);
  });

  it('is the first day by the end of which more requests than those before it have gone, or none', () => {
    expect(sendingDay(days, 0)).toBe('2031-05-10');
    expect(sendingDay(days, 2)).toBe('2031-05-10');
    // The fourth of the 10th goes on the 11th: moved by the daily limit.
    expect(sendingDay(days, 3)).toBe('2031-05-11');
    expect(sendingDay(days, 6)).toBe('2031-05-11');
    expect(sendingDay(days, 8)).toBe('2031-05-13');
    // Past what the period sends: it waits (the quota's mark, not the daily limit's).
    expect(sendingDay(days, 9)).toBeNull();
  });
});
