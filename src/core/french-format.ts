/**
 * The one place French numbers, counts and dates are written (decision 026): plurals through
 * `Intl.PluralRules`, figures and dates through `Intl`, so no screen, e-mail or page agrees a noun
 * or writes a date by hand. Shared by the server's messages and the web app.
 */

/** The locale of every figure and date the product writes. */
export const FRENCH_LOCALE = 'fr-FR';

const pluralRules = new Intl.PluralRules(FRENCH_LOCALE);
const integers = new Intl.NumberFormat(FRENCH_LOCALE);

/**
 * Formatters made once per set of options and kept: making an `Intl` formatter costs far more than
 * formatting with one (a dashboard writes hundreds of days and figures, and making each anew showed
 * in its render's script time on a phone: decision 049).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function kept<O, F>(formats: Map<string, F>, options: O, make: (options: O) => F): F {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = make(options)));
  return format;
}

const numberFormat = (options: Intl.NumberFormatOptions) => kept(numberFormats, options, (o) => new Intl.NumberFormat(FRENCH_LOCALE, o));
const dateFormat = (options: Intl.DateTimeFormatOptions) => kept(dateFormats, options, (o) => new Intl.DateTimeFormat(FRENCH_LOCALE, o));

/**
 * `one` or `other` as French agrees them with `n`: 0 and 1 (and anything under 2) take the
 * singular, « 1 demande », « 0 demande », « 2 demandes ». French's 'many' (« 1 000 000 de … ») reads
 * as the plural here.
 */
export function plural(n: number, one: string, other: string): string {
  return pluralRules.select(n) === 'one' ? one : other;
}

/** A figure in French: « 1 234 » (with the narrow no-break space Intl puts between thousands). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return options ? numberFormat(options).format(n) : integers.format(n);
}

/**
 * A count and its noun, agreed: count(1, 'demande d’avis programmée', 'demandes d’avis programmées')
 * is « 1 demande d’avis programmée », count(12, …) « 12 demandes d’avis programmées ».
 */
export function count(n: number, one: string, other: string): string {
  return `${formatNumber(n)} ${plural(n, one, other)}`;
}

/** A share (0.817) as a whole percentage in French: « 82 % » (Intl's narrow no-break space). */
export function formatPercent(share: number): string {
  return formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
}

/**
 * An amount of money in French: « 47 $ US », « 12,50 $ CA », « 50 € ». A dollar says whose, apart
 * from its sign and with a no-break space, as French writes it (Intl glues them: « $US »); a euro
 * keeps its sign. Throws a RangeError for a currency code Intl does not know.
 */
export function formatMoney(amount: number, currency: string, options: { minimumFractionDigits?: number; maximumFractionDigits?: number } = {}): string {
  return numberFormat({ style: 'currency', currency, currencyDisplay: 'symbol', ...options })
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? part.value.replace(/^\$([A-Z]{1,3})$/, '$\u00a0$1') : part.value))
    .join('');
}

/** The first day of a month is written « 1er » in a French date. */
function firstOfMonth(parts: Intl.DateTimeFormatPart[]): string {
  return parts.map((p) => (p.type === 'day' && p.value === '1' ? '1er' : p.value)).join('');
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface DateOptions {
  /** 'UTC' for dates counted in UTC days (a billing period's renewal); the reader's zone otherwise. */
  timeZone?: string;
}

/**
 * A date in French, the first of the month written « 1er »: « 1er octobre 2025 », « 31 octobre 2025 »
 * (`style` 'long', the default), or « 1er oct. 2025 » ('medium'). An invalid date is given back as it
 * came, when it came as text, or as an empty string.
 */
export function formatDate(value: Date | string | number, options: DateOptions & { style?: 'long' | 'medium' } = {}): string {
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  return firstOfMonth(dateFormat({ dateStyle: options.style ?? 'long', timeZone: options.timeZone }).formatToParts(date));
}

/**
 * A day without the year: « 1er octobre », with the weekday « mardi 1er octobre », or short
 * « mar. 1er oct. » (`weekday: 'short', month: 'short'`).
 */
export function formatDay(value: Date | string | number, options: DateOptions & { weekday?: 'long' | 'short'; month?: 'long' | 'short' } = {}): string {
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  return firstOfMonth(dateFormat({ weekday: options.weekday, day: 'numeric', month: options.month ?? 'long', timeZone: options.timeZone }).formatToParts(date));
}

/** A date and time in French, « 1er oct. 2025, 14:05 » (the first of the month « 1er »). */
export function formatDateTime(value: Date | string | number, options: DateOptions = {}): string {
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  return firstOfMonth(dateFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: options.timeZone }).formatToParts(date));
}
