// Small formatting helpers shared by GraphQL, REST payloads and pages.

export function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

/** Accepts `gid://shopify/{type}/{n}` (query string allowed), or a bare number / numeric string. */
export function parseId(value: unknown, type?: string): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(\?.*)?$/.exec(value);
  if (m) {
    if (type && m[1] !== type) return null;
    return Number(m[2]);
  }
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** ISO-8601 in UTC with second precision, as Shopify's GraphQL DateTime: 2026-09-01T10:00:00Z. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** REST payload timestamps carry an explicit offset: 2026-09-01T10:00:00+00:00. */
/** A time as Shopify's REST payloads write it: to the second, with an offset (two events of one second tie). */
export function restTime(iso: string | null): string | null {
  if (!iso) return null;
  const seconds = iso.replace(/\.\d+(?=Z|[+-]\d\d:\d\d$)/, '');
  return seconds.endsWith('Z') ? `${seconds.slice(0, -1)}+00:00` : seconds;
}

/** REST money: "12.50". */
export function restMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** GraphQL Decimal as Shopify prints it: "12.5", "10.0", "29.99". */
export function graphqlDecimal(cents: number): string {
  const s = restMoney(cents);
  return s.endsWith('0') ? s.slice(0, -1) : s;
}

/** Parses "12.5", "12,50", 12.5 into cents; null when not a non-negative amount with at most 2 decimals. */
export function toCents(value: unknown): number | null {
  let s: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    s = value.toFixed(2);
  } else if (typeof value === 'string') {
    s = value.trim().replace(',', '.');
  } else return null;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export function addDays(iso: string, days: number): string {
  return isoSeconds(new Date(Date.parse(iso) + days * 86_400_000));
}

export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CAD',
  'CHF',
  'AUD',
  'NZD',
  'JPY',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'MAD',
  'TND',
  'XOF',
  'XAF',
  'BRL',
  'MXN',
  'INR',
  'CNY',
  'HKD',
  'SGD',
  'ZAR',
  'AED',
  'ILS',
  'TRY',
] as const;
