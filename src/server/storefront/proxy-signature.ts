/**
 * Shopify's app-proxy signature (docs/shopify/signatures.md): Shopify forwards a storefront request
 * under /apps/{subpath} to the app with `shop`, `logged_in_customer_id`, `path_prefix`, `timestamp`
 * and `signature` added. The signature is the HMAC-SHA256, in hex, with the app's secret, of every
 * other query parameter as `key=value` (a repeated key's values joined by commas), sorted, joined
 * without any separator.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far the request's timestamp may be from now, as for Shopify's other signed queries. */
export const PROXY_TIMESTAMP_TOLERANCE_S = 90;

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

/**
 * The shop a proxied request was signed for, or null: a missing or wrong signature (under any of the
 * secrets, for a rotation), or a timestamp outside the tolerance.
 */
export function verifyAppProxy(params: URLSearchParams, secrets: readonly string[], now = Date.now()): string | null {
  const signature = params.get('signature') ?? '';
  const shop = params.get('shop');
  const timestamp = Number(params.get('timestamp'));
  if (!shop || !/^[0-9a-f]{64}$/.test(signature) || !Number.isFinite(timestamp)) return null;
  if (Math.abs(now / 1000 - timestamp) > PROXY_TIMESTAMP_TOLERANCE_S) return null;
  const given = Buffer.from(signature, 'hex');
  const ok = secrets.some((secret) => timingSafeEqual(Buffer.from(appProxySignature(params, secret), 'hex'), given));
  return ok ? shop : null;
}
