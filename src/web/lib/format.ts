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

/** Dates are written by the one French formatting helper (« 1er » for the first of the month). */
export { formatDate, formatDateTime } from '#core/french-format';
