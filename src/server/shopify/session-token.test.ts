import '@shopify/shopify-api/adapters/node';
import { createHmac } from 'node:crypto';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { API_KEY, API_SECRET_KEY, TEST_SHOP, TEST_SHOP_NAME, getJwt } from '@shopify/shopify-api/test-helpers';
import { describe, expect, it } from 'vitest';
import {
  MAX_CLOCK_TOLERANCE_SECONDS,
  RETRY_INVALID_SESSION_HEADER,
  bearerToken,
  clampTolerance,
  sessionTokenClaims,
  signSessionToken,
  verifySessionToken,
  type SessionTokenClaims,
} from './session-token';

const SHOP = 'avis-demo.myshopify.com';
const API = 'client-id-123';
const SECRET = 'current-secret';
const PREVIOUS = 'previous-secret';
const NOW = 1_800_000_000_000;
const NOW_S = NOW / 1000;

const claims = (overrides: Partial<SessionTokenClaims> = {}): SessionTokenClaims => ({
  iss: `https://${SHOP}/admin`,
  dest: `https://${SHOP}`,
  aud: API,
  sub: '42',
  exp: NOW_S + 60,
  nbf: NOW_S - 1,
  iat: NOW_S - 1,
  jti: 'f8912129-1af6-4cad-9ca3-76b0f7621087',
  sid: 'session-abc',
  ...overrides,
});

const options = { apiKey: API, secrets: [SECRET, PREVIOUS], now: NOW };
const verify = (token: string, extra: Partial<typeof options & { toleranceSeconds: number }> = {}) => verifySessionToken(token, { ...options, ...extra });

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token with any header and payload, signed HS256 with `secret` (what an attacker can build). */
function forge(header: unknown, payload: unknown, secret = SECRET): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('verifySessionToken', () => {
  it('accepts a token Shopify would send, and says the shop, the user, the session and the expiry', () => {
    expect(verify(signSessionToken(claims(), SECRET))).toEqual({ ok: true, shop: SHOP, userId: '42', sessionId: 'session-abc', expiresAt: NOW_S + 60 });
  });

  it('accepts a token signed with the previous secret during a rotation, and no other', () => {
    expect(verify(signSessionToken(claims(), PREVIOUS)).ok).toBe(true);
    expect(verify(signSessionToken(claims(), PREVIOUS), { secrets: [SECRET] })).toEqual({ ok: false, reason: 'signature' });
    expect(verify(signSessionToken(claims(), 'another-app'))).toEqual({ ok: false, reason: 'signature' });
  });

  it('reads a token without sub nor sid as having no user nor session', () => {
    const { sub: _sub, sid: _sid, ...rest } = claims();
    expect(verify(signSessionToken(rest, SECRET))).toMatchObject({ ok: true, userId: null, sessionId: null });
  });

  describe('pins the algorithm to HS256', () => {
    it('refuses alg none (unsigned)', () => {
      expect(verify(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`)).toEqual({ ok: false, reason: 'algorithm' });
      // …even when a signature is attached.
      expect(verify(forge({ alg: 'none' }, claims()))).toEqual({ ok: false, reason: 'algorithm' });
    });

    it('refuses RS256, HS512, a lower-cased hs256 and a missing alg', () => {
      for (const header of [{ alg: 'RS256', typ: 'JWT' }, { alg: 'HS512' }, { alg: 'hs256' }, { typ: 'JWT' }]) {
        expect(verify(forge(header, claims()))).toEqual({ ok: false, reason: 'algorithm' });
      }
    });

    it('accepts a header without typ, refuses another typ or a crit extension', () => {
      expect(verify(forge({ alg: 'HS256' }, claims())).ok).toBe(true);
      expect(verify(forge({ alg: 'HS256', typ: 'at+jwt' }, claims()))).toEqual({ ok: false, reason: 'malformed' });
      expect(verify(forge({ alg: 'HS256', crit: ['exp'] }, claims()))).toEqual({ ok: false, reason: 'malformed' });
    });
  });

  describe('checks the signature', () => {
    it('refuses a tampered payload', () => {
      const [header, , signature] = signSessionToken(claims(), SECRET).split('.');
      const otherShop = b64(claims({ dest: 'https://other.myshopify.com', iss: 'https://other.myshopify.com/admin' }));
      expect(verify(`${header}.${otherShop}.${signature}`)).toEqual({ ok: false, reason: 'signature' });
    });

    it('refuses a wrong secret, a truncated, padded or re-encoded signature, an empty list of secrets or an empty secret', () => {
      const token = signSessionToken(claims(), SECRET);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      expect(verify(signSessionToken(claims(), 'wrong'))).toEqual({ ok: false, reason: 'signature' });
      expect(verify(`${header}.${payload}.${signature.slice(0, -2)}`)).toEqual({ ok: false, reason: 'signature' });
      expect(verify(`${header}.${payload}.${signature}=`)).toEqual({ ok: false, reason: 'signature' });
      expect(verify(`${header}.${payload}.${Buffer.from(signature, 'base64url').toString('base64')}`).ok).toBe(false);
      expect(verify(token, { secrets: [] })).toEqual({ ok: false, reason: 'signature' });
      expect(verify(signSessionToken(claims(), ''), { secrets: [''] })).toEqual({ ok: false, reason: 'signature' });
    });
  });

  describe('applies at most 10 s of clock tolerance', () => {
    it('refuses a token expired 11 s ago, accepts one expired 9 s ago', () => {
      expect(verify(signSessionToken(claims({ exp: NOW_S - 11 }), SECRET))).toEqual({ ok: false, reason: 'expired' });
      expect(verify(signSessionToken(claims({ exp: NOW_S - 9 }), SECRET)).ok).toBe(true);
    });

    it('refuses a token valid only from 11 s from now, accepts one valid from 9 s from now', () => {
      expect(verify(signSessionToken(claims({ nbf: NOW_S + 11 }), SECRET))).toEqual({ ok: false, reason: 'not_yet_valid' });
      expect(verify(signSessionToken(claims({ nbf: NOW_S + 9 }), SECRET)).ok).toBe(true);
    });

    it('clamps a requested tolerance above 10 s to 10 s, and below 0 to 0', () => {
      expect(MAX_CLOCK_TOLERANCE_SECONDS).toBe(10);
      expect(clampTolerance(3600)).toBe(10);
      expect(clampTolerance(undefined)).toBe(10);
      expect(clampTolerance(Number.NaN)).toBe(10);
      expect(clampTolerance(-5)).toBe(0);
      expect(verify(signSessionToken(claims({ exp: NOW_S - 11 }), SECRET), { toleranceSeconds: 3600 })).toEqual({ ok: false, reason: 'expired' });
      expect(verify(signSessionToken(claims({ nbf: NOW_S + 11 }), SECRET), { toleranceSeconds: Infinity })).toEqual({ ok: false, reason: 'not_yet_valid' });
      expect(verify(signSessionToken(claims({ exp: NOW_S - 1 }), SECRET), { toleranceSeconds: 0 })).toEqual({ ok: false, reason: 'expired' });
      expect(verify(signSessionToken(claims({ exp: NOW_S - 1 }), SECRET), { toleranceSeconds: 2 }).ok).toBe(true);
    });

    it('requires exp and nbf as numbers', () => {
      const { exp: _exp, ...withoutExp } = claims();
      const { nbf: _nbf, ...withoutNbf } = claims();
      expect(verify(forge({ alg: 'HS256' }, withoutExp))).toEqual({ ok: false, reason: 'malformed' });
      expect(verify(forge({ alg: 'HS256' }, withoutNbf))).toEqual({ ok: false, reason: 'malformed' });
      expect(verify(forge({ alg: 'HS256' }, { ...claims(), exp: String(NOW_S + 60) }))).toEqual({ ok: false, reason: 'malformed' });
      expect(verify(forge({ alg: 'HS256' }, { ...claims(), iat: 'yesterday' }))).toEqual({ ok: false, reason: 'malformed' });
    });
  });

  describe('checks who the token is for and which shop it names', () => {
    it('refuses another app’s client id, an array audience, or an empty apiKey', () => {
      expect(verify(signSessionToken(claims({ aud: 'another-app' }), SECRET))).toEqual({ ok: false, reason: 'audience' });
      expect(verify(forge({ alg: 'HS256' }, { ...claims(), aud: [API] }))).toEqual({ ok: false, reason: 'audience' });
      expect(verify(signSessionToken(claims({ aud: '' }), SECRET), { apiKey: '' })).toEqual({ ok: false, reason: 'audience' });
    });

    it('refuses a dest that is not https://{a valid myshopify.com domain}', () => {
      for (const dest of [
        'https://evil.example.com',
        'https://avis-demo.myshopify.com.evil.com',
        'http://avis-demo.myshopify.com',
        'avis-demo.myshopify.com',
        'https://avis-demo.myshopify.com/',
        'https://AVIS-DEMO.myshopify.com',
        'https://avis_demo.myshopify.com',
        'https://user@avis-demo.myshopify.com',
        'https://avis-demo.myshopify.com:444',
      ]) {
        expect(verify(signSessionToken(claims({ dest }), SECRET)), dest).toEqual({ ok: false, reason: 'destination' });
      }
      expect(verify(forge({ alg: 'HS256' }, { ...claims(), dest: undefined }))).toEqual({ ok: false, reason: 'destination' });
    });

    it('refuses an iss whose host is not dest’s host, or that is not the shop’s admin', () => {
      for (const iss of [
        'https://other.myshopify.com/admin',
        `https://${SHOP}`,
        `https://${SHOP}/admin/`,
        `http://${SHOP}/admin`,
        `${SHOP}/admin`,
        'https://admin.shopify.com/store/avis-demo',
      ]) {
        expect(verify(signSessionToken(claims({ iss }), SECRET)), iss).toEqual({ ok: false, reason: 'issuer' });
      }
    });
  });

  describe('refuses what is not a JWT', () => {
    it('two or four segments, empty text, or segments outside base64url', () => {
      const token = signSessionToken(claims(), SECRET);
      const [header, payload, signature] = token.split('.');
      expect(verify(`${header}.${payload}`)).toEqual({ ok: false, reason: 'malformed' });
      expect(verify(`${token}.${signature}`)).toEqual({ ok: false, reason: 'malformed' });
      expect(verify('')).toEqual({ ok: false, reason: 'malformed' });
      expect(verify(`${header}.${payload}+/.${signature}`)).toEqual({ ok: false, reason: 'malformed' });
      expect(verify(`.${payload}.${signature}`)).toEqual({ ok: false, reason: 'malformed' });
    });

    it('non-JSON segments, JSON that is not an object', () => {
      expect(verify(`${b64('not json')}.${b64(claims())}.${'A'.repeat(43)}`)).toEqual({ ok: false, reason: 'malformed' });
      expect(verify(forge({ alg: 'HS256' }, 'not json'))).toEqual({ ok: false, reason: 'malformed' });
      expect(verify(forge({ alg: 'HS256' }, [claims()]))).toEqual({ ok: false, reason: 'malformed' });
      expect(verify(`${b64('[1]')}.${b64(claims())}.${'A'.repeat(43)}`)).toEqual({ ok: false, reason: 'malformed' });
    });

    it('a token far longer than any Shopify mints', () => {
      expect(verify(signSessionToken(claims({ jti: 'x'.repeat(9000) }), SECRET))).toEqual({ ok: false, reason: 'malformed' });
    });
  });
});

describe('against @shopify/shopify-api', () => {
  const api = shopifyApi({
    apiKey: API_KEY,
    apiSecretKey: API_SECRET_KEY,
    hostName: 'app.example.com',
    apiVersion: ApiVersion.January26,
    isEmbeddedApp: true,
    logger: { level: LogSeverity.Error, log: async () => {} },
  });

  it('its decoder accepts the tokens we sign', async () => {
    const minted = sessionTokenClaims({ shop: TEST_SHOP, apiKey: API_KEY, userId: '12345', sessionId: 'sid-1' });
    const payload = await api.session.decodeSessionToken(signSessionToken(minted, API_SECRET_KEY));
    expect(payload).toMatchObject({ dest: `https://${TEST_SHOP}`, iss: `https://${TEST_SHOP}/admin`, aud: API_KEY, sub: '12345', sid: 'sid-1' });
  });

  it('we accept a token its test helper mints (iss written with its scheme, as Shopify sends it)', async () => {
    const { token } = await getJwt(TEST_SHOP_NAME, API_KEY, API_SECRET_KEY, { iss: `https://${TEST_SHOP}/admin` });
    expect(verifySessionToken(token, { apiKey: API_KEY, secrets: [API_SECRET_KEY] })).toMatchObject({ ok: true, shop: TEST_SHOP, userId: '12345', sessionId: '0987654321' });
  });

  it('both refuse a token for another app', async () => {
    const { token } = await getJwt(TEST_SHOP_NAME, 'other-app', API_SECRET_KEY, { iss: `https://${TEST_SHOP}/admin` });
    await expect(api.session.decodeSessionToken(token)).rejects.toThrow();
    expect(verifySessionToken(token, { apiKey: API_KEY, secrets: [API_SECRET_KEY] })).toEqual({ ok: false, reason: 'audience' });
  });
});

describe('sessionTokenClaims, bearerToken', () => {
  it('mints one-minute claims for a shop', () => {
    const minted = sessionTokenClaims({ shop: SHOP, apiKey: API, now: NOW, userId: '7' });
    expect(minted).toMatchObject({ iss: `https://${SHOP}/admin`, dest: `https://${SHOP}`, aud: API, sub: '7', nbf: NOW_S, iat: NOW_S, exp: NOW_S + 60 });
    expect(minted).not.toHaveProperty('sid');
    expect(sessionTokenClaims({ shop: SHOP, apiKey: API }).jti).not.toBe(sessionTokenClaims({ shop: SHOP, apiKey: API }).jti);
  });

  it('reads the token of a Bearer header', () => {
    expect(bearerToken('Bearer a.b.c')).toBe('a.b.c');
    expect(bearerToken('bearer a.b.c')).toBe('a.b.c');
    expect(bearerToken('Basic a.b.c')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    expect(RETRY_INVALID_SESSION_HEADER).toBe('X-Shopify-Retry-Invalid-Session-Request');
  });
});
