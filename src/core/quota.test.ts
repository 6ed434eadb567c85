import { describe, expect, it } from 'vitest';
import { bannerLevel, barLevel, crossedAlerts, showsRemaining } from './quota';

describe('quota thresholds (docs/product/statuses.md and docs/product/limits.md)', () => {
  it('hides the banner under 80 %, warns from 80 %, says almost reached from 95 %', () => {
    expect([79, 80, 94, 95, 100, 120].map((used) => bannerLevel(used, 100))).toEqual(['hidden', 'warning', 'warning', 'critical', 'critical', 'critical']);
    expect(bannerLevel(5, null)).toBe('unlimited');
  });

  it('shows the remaining count at 50 or fewer', () => {
    expect(showsRemaining(2949, 3000)).toBe(false);
    expect(showsRemaining(2950, 3000)).toBe(true);
    expect(showsRemaining(3100, 3000)).toBe(true);
    expect(showsRemaining(10, null)).toBe(false);
  });

  it('colours the quota bar yellow from 80 % and red from 90 %', () => {
    expect([79, 80, 89, 90].map((used) => barLevel(used, 100))).toEqual(['normal', 'yellow', 'yellow', 'red']);
    expect(barLevel(10_000, null)).toBe('normal');
  });

  it('names the alert thresholds a send crosses, each once', () => {
    expect(crossedAlerts(239, 240, 300)).toEqual([0.8]);
    expect(crossedAlerts(240, 250, 300)).toEqual([]);
    expect(crossedAlerts(200, 300, 300)).toEqual([0.8, 1]);
    expect(crossedAlerts(299, 300, 300)).toEqual([1]);
    expect(crossedAlerts(0, 50, null)).toEqual([]);
  });
});
