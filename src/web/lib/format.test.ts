import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it('writes the first of the month "1er", as French typography wants', () => {
    expect(formatDate('2026-12-01T00:00:00.000Z', { timeZone: 'UTC' })).toBe('1er décembre 2026');
    expect(formatDate('2026-11-30T12:00:00.000Z', { timeZone: 'UTC' })).toBe('30 novembre 2026');
    expect(formatDate('2026-11-11T12:00:00.000Z', { timeZone: 'UTC' })).toBe('11 novembre 2026');
  });

  it('counts a UTC day in UTC whatever the browser’s zone, and leaves an invalid date as given', () => {
    expect(formatDate('2026-12-01T00:00:00.000Z', { timeZone: 'America/New_York' })).toBe('30 novembre 2026');
    expect(formatDate('pas une date')).toBe('pas une date');
  });
});
