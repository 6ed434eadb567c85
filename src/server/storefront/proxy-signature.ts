/**
 * Shopify's app-proxy signature (docs/shopify/signatures.md): Shopify forwards a storefront request
 * under /{prefix}/{subpath} to the app with `shop`, `logged_in_customer_id`, `path_prefix`,
 * `timestamp` and `signature` added. The signature is the HMAC-SHA256, in hex, with the app's secret,
 * of every other query parameter as `key=value` (a repeated key's values joined by commas), sorted,
 * joined without any separator.
 *
 * That text has no separator, so one signed text can be read as several queries: `a=1&b=2` and
 * `a=1b%3D2` both sign `a=1b=2`, and `shop=victim&shop=attacker` signs what a visitor of the
 * attacker's shop could have had signed. The verifier therefore reads only the queries that have one
 * reading (decision 043), as Shopify's own library does (@shopify/shopify-api, validateHmac for the
 * app proxy: a repeated `hmac`, `shop`, `signature` or `timestamp` is refused).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeShopDomain } from '#core/shopify-domain';
import { PROXY_PATH } from '#core/storefront';

/** How far the request's timestamp may be from now, as for Shopify's other signed queries. */
export const PROXY_TIMESTAMP_TOLERANCE_S = 90;

/** The parameters Shopify adds, each once; a second one is refused, never joined. */
export const SHOPIFY_PROXY_PARAMS = ['hmac', 'logged_in_customer_id', 'path_prefix', 'shop', 'signature', 'timestamp'] as const;

/** The text Shopify signs: the parameters but `signature`, each `key=value`, sorted, joined with nothing. */
export function appProxyMessage(params: URLSearchParams): string {
  const values = new Map<string, string[]>();
  for (const [key, value] of params) if (key !== 'signature') values.set(key, [...(values.get(key) ?? []), value]);
  return [...values.entries()]
    .map(([key, list]) => `${key}=${list.join(',')}`)
    .sort()
    .join('');
}

export const appProxySignature = (params: URLSearchParams, secret: string) => createHmac('sha256', secret).update(appProxyMessage(params)).digest('hex');

/** What a verified request tells: the shop, where the merchant put the proxy, the signed-in customer. */
export interface VerifiedProxyRequest {
  shop: string;
  /** `/apps/avis`, or the merchant's own prefix and subpath (`path_prefix`). */
  pathPrefix: string;
  /** The signed-in customer's id, or null for an anonymous visitor (an empty `logged_in_customer_id`). */
  customerId: string | null;
}

/**
 * Why a query has more than one reading, or null when it has one: a parameter Shopify adds given
 * twice, a key holding `=` (its `key=value` could be split elsewhere), or one of Shopify's own values
 * outside its form (a value holding `=` could stand for further parameters).
 */
export function ambiguity(params: URLSearchParams): string | null {
  const seen = new Set<string>();
  for (const [key] of params) {
    if (key.includes('=')) return `a key holds "=": ${key}`;
    if ((SHOPIFY_PROXY_PARAMS as readonly string[]).includes(key)) {
      if (seen.has(key)) return `${key} given twice`;
      seen.add(key);
    }
  }
  if (normalizeShopDomain(params.get('shop')) !== params.get('shop')) return 'shop is not a myshopify.com domain';
  if (!/^\d{1,12}$/.test(params.get('timestamp') ?? '')) return 'timestamp is not whole seconds';
  if (!PROXY_PATH.test(params.get('path_prefix') ?? '')) return 'path_prefix is not a proxy path';
  if (!/^\d{0,20}$/.test(params.get('logged_in_customer_id') ?? '')) return 'logged_in_customer_id is not an id';
  return null;
}

/**
 * The request Shopify signed, or null: a query with more than one reading (`ambiguity`), a missing
 * or wrong signature (under any of the secrets, for a rotation), or a timestamp outside the tolerance.
 */
export function verifyAppProxy(params: URLSearchParams, secrets: readonly string[], now = Date.now()): VerifiedProxyRequest | null {
  if (ambiguity(params) !== null) return null;
  const signature = params.get('signature') ?? '';
  if (!/^[0-9a-f]{64}$/.test(signature)) return null;
  if (Math.abs(now / 1000 - Number(params.get('timestamp'))) > PROXY_TIMESTAMP_TOLERANCE_S) return null;
  const given = Buffer.from(signature, 'hex');
  const ok = secrets.some((secret) => timingSafeEqual(Buffer.from(appProxySignature(params, secret), 'hex'), given));
  if (!ok) return null;
  return { shop: params.get('shop')!, pathPrefix: params.get('path_prefix')!, customerId: params.get('logged_in_customer_id') || null };
}
