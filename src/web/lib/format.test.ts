import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPrice } from './format';

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

  it('writes in Paris time by default, whatever the zone of the machine that draws the screen', () => {
    // 23:30 UTC on 30 November is already 1 December in Paris (UTC+1 in winter).
    expect(formatDate('2026-11-30T23:30:00.000Z')).toBe('1er décembre 2026');
    expect(formatDateTime('2026-07-14T08:05:00.000Z')).toBe('14 juil. 2026, 10:05');
    expect(formatDateTime('2026-07-14T08:05:00.000Z', { timeZone: 'UTC' })).toBe('14 juil. 2026, 08:05');
  });
});

describe('formatPrice', () => {
  it('says the plans’ dollars « $ US », with no-break spaces, and cents only when there are some', () => {
    expect(formatPrice('47.00', 'USD')).toBe('47\u00a0$\u00a0US');
    expect(formatPrice('77.50', 'USD')).toBe('77,50\u00a0$\u00a0US');
    expect(formatPrice(1047, 'USD')).toBe('1\u202f047\u00a0$\u00a0US');
  });

  it('writes euros with their sign, and nothing for an amount it cannot read', () => {
    expect(formatPrice('10000', 'EUR')).toBe('10\u202f000\u00a0€');
    expect(formatPrice('abc', 'USD')).toBeNull();
  });
});
