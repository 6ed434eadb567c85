import { describe, expect, it } from 'vitest';
import { count, formatDate, formatDateTime, formatDay, formatMoney, formatNumber, formatPercent, plural } from './french-format';

describe('plural', () => {
  it('agrees as French does: 0 and 1 singular, 2 and more plural', () => {
    expect(plural(0, 'demande', 'demandes')).toBe('demande');
    expect(plural(1, 'demande', 'demandes')).toBe('demande');
    expect(plural(1.5, 'jour', 'jours')).toBe('jour');
    expect(plural(2, 'demande', 'demandes')).toBe('demandes');
    expect(plural(1_000_000, 'demande', 'demandes')).toBe('demandes');
  });
});

describe('count', () => {
  it('writes the figure in French and agrees the whole group of words', () => {
    expect(count(1, 'demande d’avis programmée', 'demandes d’avis programmées')).toBe('1 demande d’avis programmée');
    expect(count(12, 'demande d’avis programmée', 'demandes d’avis programmées')).toBe('12 demandes d’avis programmées');
    expect(count(12_345, 'e-mail', 'e-mails')).toBe('12\u202f345 e-mails');
  });
});

describe('numbers', () => {
  it('groups thousands with the narrow no-break space and rounds a share to the nearest percent', () => {
    expect(formatNumber(1000)).toBe('1\u202f000');
    expect(formatNumber(4.25, { maximumFractionDigits: 1 })).toBe('4,3');
    expect(formatPercent(0.817)).toMatch(/^82[\u00a0\u202f]%$/);
  });
});

describe('dates', () => {
  it('writes the first of the month « 1er », other days as figures', () => {
    expect(formatDate('2026-12-01T00:00:00.000Z', { timeZone: 'UTC' })).toBe('1er décembre 2026');
    expect(formatDate(new Date('2026-11-30T12:00:00.000Z'), { timeZone: 'UTC' })).toBe('30 novembre 2026');
    expect(formatDate('2026-10-01T08:00:00.000Z', { timeZone: 'UTC', style: 'medium' })).toBe('1er oct. 2026');
    expect(formatDay('2026-12-01T10:00:00.000Z', { timeZone: 'UTC' })).toBe('1er décembre');
    expect(formatDay('2026-12-01T10:00:00.000Z', { timeZone: 'UTC', weekday: 'long' })).toBe('mardi 1er décembre');
    expect(formatDay('2026-12-01T10:00:00.000Z', { timeZone: 'UTC', weekday: 'short', month: 'short' })).toBe('mar. 1er déc.');
    expect(formatDateTime('2026-10-01T08:05:00.000Z', { timeZone: 'UTC' })).toBe('1er oct. 2026, 08:05');
    expect(formatDateTime('2026-10-11T08:05:00.000Z', { timeZone: 'UTC' })).toBe('11 oct. 2026, 08:05');
  });

  it('keeps one formatter per set of options: each call still writes with its own', () => {
    for (let round = 0; round < 3; round++) {
      expect(formatDate('2026-12-01T00:00:00.000Z', { timeZone: 'UTC' })).toBe('1er décembre 2026');
      expect(formatDate('2026-12-01T00:00:00.000Z', { timeZone: 'America/New_York' })).toBe('30 novembre 2026');
      expect(formatDate('2026-12-01T00:00:00.000Z', { timeZone: 'UTC', style: 'medium' })).toBe('1er déc. 2026');
      expect(formatDay('2026-12-01T10:00:00.000Z', { timeZone: 'UTC', weekday: 'long' })).toBe('mardi 1er décembre');
      expect(formatDay('2026-12-01T10:00:00.000Z', { timeZone: 'UTC' })).toBe('1er décembre');
      expect(formatNumber(4.25, { maximumFractionDigits: 1 })).toBe('4,3');
      expect(formatNumber(4.25, { maximumFractionDigits: 2 })).toBe('4,25');
    }
  });

  it('counts a UTC day in the zone asked, and gives back text that is not a date', () => {
    expect(formatDate('2026-12-01T00:00:00.000Z', { timeZone: 'America/New_York' })).toBe('30 novembre 2026');
    expect(formatDate('pas une date')).toBe('pas une date');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('money', () => {
  it('says whose dollar, apart from its sign (« $ US », « $ CA »), and keeps the euro’s sign', () => {
    expect(formatMoney(47, 'USD', { maximumFractionDigits: 0 })).toBe('47\u00a0$\u00a0US');
    expect(formatMoney(1234.5, 'USD')).toBe('1\u202f234,50\u00a0$\u00a0US');
    expect(formatMoney(12.5, 'CAD')).toBe('12,50\u00a0$\u00a0CA');
    expect(formatMoney(50, 'EUR', { minimumFractionDigits: 0 })).toBe('50\u00a0€');
    expect(() => formatMoney(1, 'pas-une-devise')).toThrow(RangeError);
  });
});
