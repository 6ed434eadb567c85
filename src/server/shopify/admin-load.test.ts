import { describe, expect, it } from 'vitest';
import { adminAppPageUrl, checkAdminLoad, embeddedAppUrl, embeddedFrameAncestors, shopOfHost, STANDALONE_FRAME_ANCESTORS } from './admin-load';
import { signQuery } from './hmac';
import { sessionTokenClaims, signSessionToken } from './session-token';

const SHOP = 'avis-demo.myshopify.com';
const API = 'client-id-123';
const SECRET = 'current-secret';
const PREVIOUS = 'previous-secret';
const NOW = 1_800_000_000_000;
const options = { apiKey: API, secrets: [SECRET, PREVIOUS], now: NOW };

const b64 = (text: string) => Buffer.from(text).toString('base64');
const UNIFIED_HOST = b64('admin.shopify.com/store/avis-demo');

const token = (shop = SHOP, overrides: { now?: number; secret?: string } = {}) =>
  signSessionToken(sessionTokenClaims({ shop, apiKey: API, now: overrides.now ?? NOW, userId: '42', sessionId: 'sid' }), overrides.secret ?? SECRET);

/** The query Shopify puts on the iframe's URL, signed with `secret`. */
function load(params: Record<string, string | undefined> = {}, secret = SECRET): Record<string, string> {
  const base: Record<string, string | undefined> = {
    embedded: '1',
    host: UNIFIED_HOST,
    id_token: token(),
    locale: 'fr',
    session: 'abc123',
    shop: SHOP,
    timestamp: String(NOW / 1000),
    ...params,
  };
  const query = Object.fromEntries(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return { ...query, hmac: signQuery(query, secret) };
}

describe('checkAdminLoad', () => {
  it('accepts Shopify’s signed load and returns the shop, host, locale and verified token', () => {
    const result = checkAdminLoad(load(), options);
    expect(result).toEqual({
      ok: true,
      shop: SHOP,
      host: UNIFIED_HOST,
      adminHost: 'admin.shopify.com/store/avis-demo',
      locale: 'fr',
      session: { ok: true, shop: SHOP, userId: '42', sessionId: 'sid', expiresAt: NOW / 1000 + 60 },
      tokenRefusal: null,
    });
    expect(checkAdminLoad(new URLSearchParams(load()), options).ok).toBe(true);
  });

  it('accepts a load signed with the previous secret during a rotation', () => {
    const untokened = { id_token: undefined };
    expect(checkAdminLoad(load(untokened, PREVIOUS), options).ok).toBe(true);
    expect(checkAdminLoad(load(untokened, PREVIOUS), { ...options, secrets: [SECRET] })).toEqual({ ok: false, reason: 'signature' });
  });

  it('takes a valid session token as the load’s proof: a reload from the bounce page carries a fresh one the hmac never covered', () => {
    const reloaded = { ...load(), id_token: token(SHOP, { now: NOW + 30_000 }) };
    expect(checkAdminLoad(reloaded, { ...options, now: NOW + 30_000 })).toMatchObject({ ok: true, shop: SHOP, tokenRefusal: null });
    // Without the hmac at all, the token still proves it, for its own shop only.
    const { hmac: _hmac, ...unsigned } = load();
    expect(checkAdminLoad(unsigned, options)).toMatchObject({ ok: true, shop: SHOP });
    expect(checkAdminLoad({ ...unsigned, shop: 'other.myshopify.com', host: b64('admin.shopify.com/store/other') }, options)).toEqual({ ok: false, reason: 'token_shop' });
    // A token that does not verify proves nothing: the hmac must hold.
    expect(checkAdminLoad({ ...unsigned, id_token: token(SHOP, { secret: 'another-app' }) }, options)).toEqual({ ok: false, reason: 'signature' });
  });

  it('accepts the shop’s own admin as host', () => {
    expect(checkAdminLoad(load({ host: b64(`${SHOP}/admin`) }), options)).toMatchObject({ ok: true, adminHost: `${SHOP}/admin` });
  });

  it('without a usable token, refuses a missing or wrong hmac before trusting anything, and a changed parameter', () => {
    const untokened = { id_token: undefined };
    const { hmac: _hmac, ...unsigned } = load(untokened);
    expect(checkAdminLoad(unsigned, options)).toEqual({ ok: false, reason: 'signature' });
    expect(checkAdminLoad(load(untokened, 'another-app'), options)).toEqual({ ok: false, reason: 'signature' });
    expect(checkAdminLoad({ ...load(untokened), shop: 'other.myshopify.com' }, options)).toEqual({ ok: false, reason: 'signature' });
    expect(checkAdminLoad(load(untokened), { ...options, secrets: [''] })).toEqual({ ok: false, reason: 'signature' });
    const twice = new URLSearchParams(load(untokened));
    twice.append('hmac', 'f'.repeat(64));
    expect(checkAdminLoad(twice, options)).toEqual({ ok: false, reason: 'signature' });
  });

  it('without a usable token, refuses a timestamp more than 90 s away', () => {
    expect(checkAdminLoad(load({ timestamp: String(NOW / 1000 - 91), id_token: undefined }), options)).toEqual({ ok: false, reason: 'stale' });
    expect(checkAdminLoad(load({ timestamp: undefined, id_token: undefined }), options)).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses a shop that is not a valid shop domain, even signed', () => {
    for (const shop of ['evil.com', 'AVIS-DEMO.myshopify.com', 'https://avis-demo.myshopify.com', undefined]) {
      expect(checkAdminLoad(load({ shop }), options), String(shop)).toEqual({ ok: false, reason: 'shop' });
    }
  });

  it('refuses a host that is missing, not base64, not an admin address, or names another shop', () => {
    for (const host of [
      undefined,
      'not base64!',
      b64('admin.shopify.com/store/other'),
      b64('other.myshopify.com/admin'),
      b64('evil.com/admin'),
      b64('admin.shopify.com/store/avis-demo/extra'),
    ]) {
      expect(checkAdminLoad(load({ host }), options), String(host)).toEqual({ ok: false, reason: 'host' });
    }
  });

  it('sends a signed load without embedded=1 back into the admin', () => {
    expect(checkAdminLoad(load({ embedded: undefined }), options)).toEqual({ ok: false, reason: 'not_embedded', shop: SHOP, adminHost: 'admin.shopify.com/store/avis-demo' });
    expect(checkAdminLoad(load({ embedded: '0' }), options)).toMatchObject({ ok: false, reason: 'not_embedded' });
  });

  it('leaves the session empty, with the reason, when the id_token is missing or refused (the bounce page gets one)', () => {
    expect(checkAdminLoad(load({ id_token: undefined }), options)).toMatchObject({ ok: true, session: null, tokenRefusal: 'missing' });
    expect(checkAdminLoad(load({ id_token: token(SHOP, { now: NOW - 120_000 }) }), options)).toMatchObject({ ok: true, session: null, tokenRefusal: 'expired' });
    expect(checkAdminLoad(load({ id_token: token(SHOP, { secret: 'wrong' }) }), options)).toMatchObject({ ok: true, session: null, tokenRefusal: 'signature' });
  });

  it('refuses a valid id_token for another shop than the signed one', () => {
    expect(checkAdminLoad(load({ id_token: token('other.myshopify.com') }), options)).toEqual({ ok: false, reason: 'token_shop' });
  });

  it('keeps a well-formed locale only', () => {
    expect(checkAdminLoad(load({ locale: 'fr-CA' }), options)).toMatchObject({ locale: 'fr-CA' });
    expect(checkAdminLoad(load({ locale: '<script>' }), options)).toMatchObject({ ok: true, locale: null });
    expect(checkAdminLoad(load({ locale: undefined }), options)).toMatchObject({ ok: true, locale: null });
  });
});

describe('shopOfHost', () => {
  it('reads both admin addresses, with or without padding', () => {
    expect(shopOfHost(UNIFIED_HOST)).toEqual({ shop: SHOP, adminHost: 'admin.shopify.com/store/avis-demo' });
    expect(shopOfHost(UNIFIED_HOST.replace(/=+$/, ''))?.shop).toBe(SHOP);
    expect(shopOfHost(b64(`${SHOP}/admin`))?.shop).toBe(SHOP);
  });

  it('reads the local Shopify’s host (base64url without padding: the same letters for an admin address)', () => {
    const local = Buffer.from(`${SHOP}/admin`).toString('base64url');
    expect(shopOfHost(local)?.shop).toBe(SHOP);
    expect(shopOfHost(b64(`${SHOP}/admin`).replace(/=+$/, ''))).toEqual(shopOfHost(local));
  });

  it('reads the host of @shopify/shopify-api’s test constants', () => {
    // BASE64_HOST in @shopify/shopify-api/test-helpers: base64 of admin.shopify.com/store/test-shop.
    expect(shopOfHost('YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvdGVzdC1zaG9w')?.shop).toBe('test-shop.myshopify.com');
  });

  it('refuses anything else', () => {
    for (const text of [
      'admin.shopify.com/store/',
      'admin.shopify.com/store/Avis',
      'admin.evil.com/store/avis-demo',
      'avis-demo.myshopify.com',
      'https://avis-demo.myshopify.com/admin',
    ]) {
      expect(shopOfHost(b64(text)), text).toBeNull();
    }
    expect(shopOfHost(undefined)).toBeNull();
    expect(shopOfHost('')).toBeNull();
  });
});

describe('embedded documents’ framing', () => {
  it('allows the shop’s admin and admin.shopify.com only, for a valid shop', () => {
    expect(embeddedFrameAncestors(SHOP)).toBe('frame-ancestors https://avis-demo.myshopify.com https://admin.shopify.com');
    for (const shop of ['evil.com', 'a.myshopify.com https://evil.com', 'a.myshopify.com;script-src *', 'A.myshopify.com']) {
      expect(() => embeddedFrameAncestors(shop), shop).toThrow(TypeError);
    }
    expect(STANDALONE_FRAME_ANCESTORS).toBe("frame-ancestors 'none'");
  });

  it('sends a load outside the iframe to the app’s page in the admin', () => {
    expect(embeddedAppUrl('admin.shopify.com/store/avis-demo', API)).toBe('https://admin.shopify.com/store/avis-demo/apps/client-id-123');
  });

  it('names an app page in the shop’s admin, or in the local Shopify’s admin with the emulator on (the billing return)', () => {
    const app = { apiKey: API, appUrl: 'http://localhost:3000', emulated: false };
    expect(adminAppPageUrl('avis-demo.myshopify.com', '/app/dashboard', app)).toBe('https://avis-demo.myshopify.com/admin/apps/client-id-123/app/dashboard');
    expect(adminAppPageUrl('avis-demo.myshopify.com', '/app/dashboard', { ...app, emulated: true })).toBe(
      'http://localhost:3000/_shopify/admin/avis-demo.myshopify.com/apps/client-id-123/app/dashboard',
    );
  });
});
