/**
 * The embedded app's load from the Shopify admin (docs/shopify/session-tokens.md, decision 053).
 * Shopify opens `application_url` in an iframe with `embedded=1`, `shop`, `host`, `id_token`, `locale`,
 * `session`, `timestamp` and `hmac`, the query signed with the client secret. Nothing in it is trusted
 * before the signature: then `shop` must be a valid shop domain, `host` (base64 of the admin's address)
 * must name the same shop, and `id_token` is a session token like any other, for that same shop.
 * The route decides what to do with the result: serve the app, go back into the admin, or bounce.
 */
import { normalizeShopDomain } from '#core/shopify-domain';
import { freshTimestamp, verifyQueryHmac, type QueryInput } from './hmac';
import { verifySessionToken, type SessionTokenRefusal, type VerifiedSessionToken } from './session-token';

/** The admin's origin: every embedded app is framed by it (and by the shop's own domain). */
export const SHOPIFY_ADMIN_ORIGIN = 'https://admin.shopify.com';

/** The standalone pages are never framed. */
export const STANDALONE_FRAME_ANCESTORS = "frame-ancestors 'none'";

export const ADMIN_LOAD_REFUSALS = [
  /** No `hmac`, or one none of the secrets produced. */
  'signature',
  /** `timestamp` more than 90 s away from now. */
  'stale',
  /** `shop` missing or not a valid `*.myshopify.com` domain. */
  'shop',
  /** `host` missing, not base64, not an admin address, or naming another shop. */
  'host',
  /** A valid `id_token` for another shop than the signed `shop`. */
  'token_shop',
] as const;
export type AdminLoadRefusal = (typeof ADMIN_LOAD_REFUSALS)[number];

export interface AdminLoad {
  ok: true;
  /** The signed, validated shop domain. */
  shop: string;
  /** `host` as Shopify sent it (base64), for App Bridge. */
  host: string;
  /** `host` decoded: `admin.shopify.com/store/{name}` or `{shop}/admin`. */
  adminHost: string;
  /** The admin user's locale (`fr`, `fr-CA`…), when Shopify sent a well-formed one. */
  locale: string | null;
  /** The load's `id_token`, verified for this shop; null when missing or refused (the bounce page gets one). */
  session: VerifiedSessionToken | null;
  /** Why `session` is null: no token, or its refusal (an expired token on a reload, typically). */
  tokenRefusal: SessionTokenRefusal | 'missing' | null;
}

export type AdminLoadResult =
  | AdminLoad
  /** A signed load outside the iframe: the route sends it into the admin (`embeddedAppUrl`). */
  | { ok: false; reason: 'not_embedded'; shop: string; adminHost: string }
  | { ok: false; reason: AdminLoadRefusal };

export interface AdminLoadOptions {
  /** The app's client id, the audience of the `id_token`. */
  apiKey: string;
  /** The client secret, then the previous one during a rotation. */
  secrets: readonly string[];
  /** Now, in milliseconds since the epoch. */
  now?: number;
}

const STORE_NAME = '[a-z0-9][a-z0-9-]*';
/**
 * Base64, padding optional. The text of an admin address never makes `+` nor `/` (its bytes are
 * lower-case letters, digits, `.`, `-` and `/`: none of their 6-bit groups is 62 or 63), so the
 * local Shopify's unpadded base64url is the same string.
 */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const LOCALE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/;

/** The one value of a query parameter; a repeated parameter counts as absent. */
function single(query: QueryInput, key: string): string | undefined {
  const values = query instanceof URLSearchParams ? query.getAll(key) : [query[key]].flat().filter((v): v is string => v !== undefined);
  return values.length === 1 ? values[0] : undefined;
}

/**
 * The shop the admin's `host` names: base64 of `admin.shopify.com/store/{name}` (the unified admin)
 * or `{shop}/admin` (the shop's own admin; what the local Shopify sends, emulator/shopify/crypto.ts).
 * Null for anything else.
 */
export function shopOfHost(host: string | undefined): { shop: string; adminHost: string } | null {
  if (!host || !BASE64.test(host)) return null;
  const adminHost = Buffer.from(host, 'base64').toString('utf8');
  // Only the canonical encoding of that text (no stray bits), padded or not.
  if (Buffer.from(adminHost, 'utf8').toString('base64').replace(/=+$/, '') !== host.replace(/=+$/, '')) return null;
  const unified = new RegExp(`^admin\\.shopify\\.com/store/(${STORE_NAME})$`).exec(adminHost);
  if (unified) return { shop: `${unified[1]}.myshopify.com`, adminHost };
  const own = /^([^/]+)\/admin$/.exec(adminHost);
  const shop = own?.[1];
  return shop !== undefined && normalizeShopDomain(shop) === shop ? { shop, adminHost } : null;
}

/**
 * Checks Shopify's load of the embedded app; the result is what the route needs, or why not. A load
 * is authenticated by its `id_token` when that verifies (a session token signed with the client
 * secret, for the shop the query names): a reload from the bounce page carries a fresh token that the
 * query's `hmac` never covered. Without a usable token, the `hmac` must hold (and the timestamp be
 * fresh) for the route to send the load to the bounce page rather than refuse it.
 */
export function checkAdminLoad(query: QueryInput, options: AdminLoadOptions): AdminLoadResult {
  const now = options.now ?? Date.now();
  const shopParam = single(query, 'shop');
  const host = single(query, 'host');
  const idToken = single(query, 'id_token');
  const verified = idToken === undefined ? null : verifySessionToken(idToken, { apiKey: options.apiKey, secrets: options.secrets, now });

  if (verified?.ok !== true) {
    if (single(query, 'hmac') === undefined) return { ok: false, reason: 'signature' };
    let signed = false;
    for (const secret of options.secrets) if (secret.length > 0 && verifyQueryHmac(query, secret)) signed = true;
    if (!signed) return { ok: false, reason: 'signature' };
    if (!freshTimestamp(single(query, 'timestamp'), now)) return { ok: false, reason: 'stale' };
  }

  const shop = shopParam !== undefined && normalizeShopDomain(shopParam) === shopParam ? shopParam : null;
  if (!shop) return { ok: false, reason: 'shop' };
  const named = shopOfHost(host);
  if (!host || !named || named.shop !== shop) return { ok: false, reason: 'host' };
  if (verified?.ok === true && verified.shop !== shop) return { ok: false, reason: 'token_shop' };

  if (single(query, 'embedded') !== '1') return { ok: false, reason: 'not_embedded', shop, adminHost: named.adminHost };

  const localeParam = single(query, 'locale');
  const locale = localeParam !== undefined && LOCALE.test(localeParam) ? localeParam : null;
  if (verified === null) return { ok: true, shop, host, adminHost: named.adminHost, locale, session: null, tokenRefusal: 'missing' };
  if (!verified.ok) return { ok: true, shop, host, adminHost: named.adminHost, locale, session: null, tokenRefusal: verified.reason };
  return { ok: true, shop, host, adminHost: named.adminHost, locale, session: verified, tokenRefusal: null };
}

/** Where a load outside the iframe goes: the app's page in the admin that framed it. */
export function embeddedAppUrl(adminHost: string, apiKey: string): string {
  return `https://${adminHost}/apps/${encodeURIComponent(apiKey)}`;
}

/**
 * The app's page `path` in this shop's Shopify admin (`https://{shop}/admin/apps/{apiKey}{path}`, which
 * Shopify sends on to admin.shopify.com), or in the local Shopify's admin at `{appUrl}/_shopify` when
 * the emulator is on.
 */
export function adminAppPageUrl(shop: string, path: string, app: { apiKey: string; appUrl: string; emulated: boolean }): string {
  const apiKey = encodeURIComponent(app.apiKey);
  return app.emulated ? `${app.appUrl}/_shopify/admin/${shop}/apps/${apiKey}${path}` : `https://${shop}/admin/apps/${apiKey}${path}`;
}

/**
 * The `Content-Security-Policy` directive of an embedded document: framed by this shop's admin only.
 * Throws on anything but a valid shop domain (the value goes into a header as is).
 */
export function embeddedFrameAncestors(shop: string): string {
  if (normalizeShopDomain(shop) !== shop) throw new TypeError(`not a shop domain: ${JSON.stringify(shop)}`);
  return `frame-ancestors https://${shop} ${SHOPIFY_ADMIN_ORIGIN}`;
}
