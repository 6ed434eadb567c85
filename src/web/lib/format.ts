import { formatDate as frenchDate, formatDateTime as frenchDateTime, type DateOptions } from '#core/french-format';
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

/**
 * The time zone the merchant's screens write dates and times in: Paris, the product's market. One
 * stated zone, the same for the server that draws a screen and for the browser that hydrates it
 * (decision 039), whatever the zone of either machine. A caller may name another (`'UTC'` for the
 * days a billing period counts).
 */
export const SCREEN_TIME_ZONE = 'Europe/Paris';

/** A date in French (« 1er octobre 2025 »), in Paris time unless `timeZone` says otherwise. */
export function formatDate(value: Date | string | number, options: DateOptions & { style?: 'long' | 'medium' } = {}): string {
  return frenchDate(value, { ...options, timeZone: options.timeZone ?? SCREEN_TIME_ZONE });
}

/** A date and time in French (« 1er oct. 2025, 14:05 »), in Paris time unless `timeZone` says otherwise. */
export function formatDateTime(value: Date | string | number, options: DateOptions = {}): string {
  return frenchDateTime(value, { ...options, timeZone: options.timeZone ?? SCREEN_TIME_ZONE });
}
