/**
 * Counts and dates in a customer's language (issue 48), for the languages other than French, which
 * keeps its own rules (french-format.ts: « 1er », 0 in the singular). Plurals through
 * `Intl.PluralRules` and figures and dates through `Intl`, in the request's locale (its region
 * included: `de-CH` writes its figures as Swiss German does); formatters are made once per locale.
 */

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function kept<F>(formats: Map<string, F>, key: string, make: () => F): F {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = make()));
  return format;
}

/** A count and its noun agreed as `locale`'s grammar says: countIn('en', 1, 'star', 'stars') is « 1 star ». */
export function countIn(locale: string, n: number, one: string, other: string): string {
  const rule = kept(pluralRules, locale, () => new Intl.PluralRules(locale)).select(n);
  return `${kept(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(n)} ${rule === 'one' ? one : other}`;
}

/** A date as `locale` writes it in full: « April 1, 2026 », « 1. April 2026 », « 1 de abril de 2026 ». */
export function longDateIn(locale: string, date: Date, timeZone: string): string {
  return kept(dateFormats, `${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone })).format(date);
}

/** An amount as `locale` writes it: « €50 », « 50 € », « CHF 12.50 ». */
export function moneyIn(locale: string, amount: number, currency: string): string {
  return kept(
    numberFormats,
    `${locale}|${currency}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 2 }),
  ).format(amount);
}
