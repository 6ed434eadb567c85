import { locale } from '../i18n';

/** "47 $" style price; decimals only when the amount has cents. `null` for unparseable input. */
export function formatPrice(amount: string | number, currency: string): string | null {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  if (!Number.isFinite(value)) return null;
  const fractionDigits = Number.isInteger(value) ? 0 : 2;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(value);
  } catch {
    return `${value.toFixed(fractionDigits)} ${currency}`;
  }
}

/** Date and time in French, or the raw input when it is not a valid date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A date in French, the first of the month written "1er" as French typography wants ("1er octobre
 * 2025", "31 octobre 2025"), or the raw input when it is not a valid date. `timeZone: 'UTC'` for
 * dates the server counts in UTC days (a billing period's renewal).
 */
export function formatDate(iso: string, options: { timeZone?: string } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: options.timeZone }).formatToParts(date);
  return parts.map((p) => (p.type === 'day' && p.value === '1' ? '1er' : p.value)).join('');
}
