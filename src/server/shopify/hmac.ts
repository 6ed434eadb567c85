/**
 * Shopify's two signatures (docs/shopify/signatures.md):
 * - query HMAC (install link, OAuth callback): hex HMAC-SHA256 over the sorted `k=v` pairs without
 *   `hmac` and `signature`, values encoded like URLSearchParams but spaces as %20, arrays as `k[]=v`;
 * - webhook HMAC: base64 HMAC-SHA256 of the raw body bytes.
 * Comparisons are constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

function entries(query: QueryInput): [string, string[]][] {
  const map = new Map<string, string[]>();
  const add = (key: string, value: string) => map.set(key, [...(map.get(key) ?? []), value]);
  if (query instanceof URLSearchParams) for (const [k, v] of query) add(k, v);
  else for (const [k, v] of Object.entries(query)) if (v !== undefined) for (const item of Array.isArray(v) ? v : [v]) add(k, item);
  return [...map];
}

const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2).replace(/\+/g, '%20');

/** The message Shopify signs: sorted `k=v` pairs joined with `&`. */
export function queryMessage(query: QueryInput): string {
  return entries(query)
    .filter(([k]) => k !== 'hmac' && k !== 'signature')
    .map(([k, values]) => (values.length > 1 || k.endsWith('[]') ? `${k.replace(/\[\]$/, '')}[]=${encode(JSON.stringify(values))}` : `${k}=${encode(values[0]!)}`))
    .sort()
    .join('&');
}

export function signQuery(query: QueryInput, secret: string): string {
  return createHmac('sha256', secret).update(queryMessage(query)).digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function verifyQueryHmac(query: QueryInput, secret: string): boolean {
  const given = entries(query).find(([k]) => k === 'hmac')?.[1][0];
  return typeof given === 'string' && safeEqual(signQuery(query, secret), given.toLowerCase());
}

/** Shopify's timestamp must be within 90 s of now. */
export function freshTimestamp(timestamp: string | undefined, now = Date.now(), toleranceSeconds = 90): boolean {
  if (!timestamp || !/^\d+$/.test(timestamp)) return false;
  return Math.abs(now / 1000 - Number(timestamp)) <= toleranceSeconds;
}

export function signWebhook(rawBody: Uint8Array | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Accepts any of `secrets` (during a rotation both the old and the new one are valid). */
export function verifyWebhookHmac(rawBody: Uint8Array | string, header: string | undefined, secrets: readonly string[]): boolean {
  if (!header) return false;
  return secrets.some((secret) => safeEqual(signWebhook(rawBody, secret), header));
}

/** The one shop-domain rule, shared with the browser (src/core/shopify-domain.ts). */
export { normalizeShopDomain } from '#core/shopify-domain';
