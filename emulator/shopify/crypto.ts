// Signatures exactly as Shopify computes them (docs/shopify/signatures.md).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type QueryParams = Record<string, string | string[]>;

/** Shop domains, Shopify's rule: `^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$` (no underscore). */
export const SHOP_DOMAIN_RE = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

/**
 * The message signed by the query HMAC: `hmac` and `signature` dropped, keys sorted, `k=v` joined
 * with `&`, values percent-encoded like URLSearchParams but with spaces as `%20`, arrays as `k[]=v`.
 */
export function queryHmacMessage(params: QueryParams): string {
  const search = new URLSearchParams();
  const keys = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort();
  for (const key of keys) {
    const value = params[key]!;
    if (Array.isArray(value)) {
      const name = key.endsWith('[]') ? key : `${key}[]`;
      for (const v of value) search.append(name, v);
    } else {
      search.append(key, value);
    }
  }
  // URLSearchParams encodes a literal '+' as %2B, so every '+' left is a space.
  return search.toString().replace(/\+/g, '%20');
}

/** Hex HMAC-SHA256 of the query message with the app secret. */
export function queryHmac(params: QueryParams, secret: string): string {
  return createHmac('sha256', secret).update(queryHmacMessage(params), 'utf8').digest('hex');
}

/**
 * Verifies a query as an app would: constant-time compare of the hex HMAC and a timestamp at most
 * 90 s away from `nowSeconds`.
 */
export function verifyQueryHmac(params: QueryParams, secret: string, nowSeconds: number = Math.floor(Date.now() / 1000)): boolean {
  const given = params.hmac;
  if (typeof given !== 'string') return false;
  const timestamp = Number(params.timestamp);
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > 90) return false;
  return safeEqual(given, queryHmac(params, secret));
}

/** Base64 HMAC-SHA256 of the raw body bytes (webhooks). */
export function webhookHmac(body: string | Uint8Array, secret: string): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return createHmac('sha256', secret).update(bytes).digest('base64');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `host` parameter: base64url (no padding) of `{shop}/admin`. */
export function encodeHost(shop: string): string {
  return Buffer.from(`${shop}/admin`, 'utf8').toString('base64url');
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** Appends params to a URL (keeping those it has) and signs the whole query with `hmac`. */
export function signedUrl(base: string, params: Record<string, string>, secret: string): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.delete('hmac');
  const all: QueryParams = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    all[key] = values.length > 1 || key.endsWith('[]') ? values : values[0]!;
  }
  const hmac = queryHmac(all, secret);
  // Shopify puts hmac first; order does not matter to verifiers.
  const ordered = new URLSearchParams();
  ordered.set('hmac', hmac);
  for (const [k, v] of url.searchParams) ordered.append(k, v);
  url.search = ordered.toString();
  return url.toString();
}

/** Reads a URL's query into the shape queryHmac expects. */
export function paramsOf(url: string | URL): QueryParams {
  const u = typeof url === 'string' ? new URL(url) : url;
  const out: QueryParams = {};
  for (const key of new Set(u.searchParams.keys())) {
    const values = u.searchParams.getAll(key);
    out[key] = values.length > 1 || key.endsWith('[]') ? values : values[0]!;
  }
  return out;
}
