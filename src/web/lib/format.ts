import { formatDate as frenchDate, formatDateTime as frenchDateTime, formatMoney, type DateOptions } from '#core/french-format';

/**
 * "47 $ US" style price (src/core/french-format.ts: a dollar says whose); decimals only when the
 * amount has cents. `null` for unparseable input.
 */
export function formatPrice(amount: string | number, currency: string): string | null {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  if (!Number.isFinite(value)) return null;
  const fractionDigits = Number.isInteger(value) ? 0 : 2;
  try {
    return formatMoney(value, currency, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
  } catch {
    return `${value.toFixed(fractionDigits)}\u00a0${currency}`;
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
