// Session tokens (App Bridge's ID tokens) as Shopify mints them for an admin user who opens the app,
// and as Shopify checks them when one is exchanged for an access token (docs/shopify/session-tokens.md).
// The local Shopify imports nothing of the app: these are the same claims as the app's
// `sessionTokenClaims`/`signSessionToken` (src/server/shopify/session-token.ts), written again here.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SHOP_DOMAIN_RE } from './crypto';

/** A session token lives one minute (Shopify's documentation). */
export const SESSION_TOKEN_LIFETIME_S = 60;

/**
 * What can be wrong with a minted token, on purpose: `expired` (its minute ended a minute ago),
 * `not_yet_valid` (valid from a minute from now), `wrong_audience` (another app's client id),
 * `wrong_signature` (signed with another secret).
 */
export const SESSION_TOKEN_FAULTS = ['expired', 'not_yet_valid', 'wrong_audience', 'wrong_signature'] as const;
export type SessionTokenFault = (typeof SESSION_TOKEN_FAULTS)[number];

export interface SessionTokenClaims {
  iss: string;
  dest: string;
  aud: string;
  sub?: string;
  exp: number;
  nbf: number;
  iat: number;
  jti: string;
  sid?: string;
}

export interface MintSessionTokenInput {
  shop: string;
  apiKey: string;
  apiSecret: string;
  /** Now, in milliseconds since the epoch. */
  now: number;
  /** The admin user's id (`sub`). */
  userId?: string;
  /** The user's session (`sid`). */
  sessionId?: string;
  fault?: SessionTokenFault;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const mac = (input: string, secret: string) => createHmac('sha256', secret).update(input).digest();

/** A session token for a user of a shop, signed HS256 with the app's secret (or broken as `fault` says). */
export function mintSessionToken({ shop, apiKey, apiSecret, now, userId, sessionId, fault }: MintSessionTokenInput): string {
  const shift = fault === 'expired' ? -2 * SESSION_TOKEN_LIFETIME_S : fault === 'not_yet_valid' ? SESSION_TOKEN_LIFETIME_S : 0;
  const issuedAt = Math.floor(now / 1000) + shift;
  const claims: SessionTokenClaims = {
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: fault === 'wrong_audience' ? `${apiKey}-other-app` : apiKey,
    ...(userId !== undefined ? { sub: userId } : {}),
    exp: issuedAt + SESSION_TOKEN_LIFETIME_S,
    nbf: issuedAt,
    iat: issuedAt,
    jti: randomUUID(),
    ...(sessionId !== undefined ? { sid: sessionId } : {}),
  };
  const signingInput = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  const secret = fault === 'wrong_signature' ? `${apiSecret}-not-the-secret` : apiSecret;
  return `${signingInput}.${base64url(mac(signingInput, secret))}`;
}

export type SubjectTokenCheck = { ok: true; claims: SessionTokenClaims } | { ok: false; why: string };

function decode(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Shopify's check of a `subject_token` sent to the token endpoint for `shop`: HS256 with the app's
 * secret, `aud` the client id, `dest` the shop of the URL (and `iss` its admin), within `nbf`..`exp`
 * (no tolerance: Shopify's own clock). The reason is for the error's description only.
 */
export function checkSubjectToken(token: string, opts: { shop: string; apiKey: string; apiSecret: string; now: number }): SubjectTokenCheck {
  const segments = token.split('.');
  if (segments.length !== 3 || segments.some((s) => !/^[A-Za-z0-9_-]+$/.test(s))) return { ok: false, why: 'not a JWT' };
  const [headerSegment, payloadSegment, signature] = segments as [string, string, string];
  const header = decode(headerSegment);
  if (!header || header.alg !== 'HS256') return { ok: false, why: 'not signed with HS256' };
  const expected = mac(`${headerSegment}.${payloadSegment}`, opts.apiSecret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, why: 'signature invalid' };
  const claims = decode(payloadSegment);
  if (!claims) return { ok: false, why: 'payload is not a JSON object' };
  const { exp, nbf, aud, dest, iss } = claims;
  if (typeof exp !== 'number' || typeof nbf !== 'number') return { ok: false, why: 'exp or nbf missing' };
  const nowS = opts.now / 1000;
  if (exp <= nowS) return { ok: false, why: 'token expired' };
  if (nbf > nowS) return { ok: false, why: 'token not yet valid' };
  if (aud !== opts.apiKey) return { ok: false, why: 'audience is not this app' };
  if (dest !== `https://${opts.shop}` || iss !== `https://${opts.shop}/admin` || !SHOP_DOMAIN_RE.test(opts.shop)) {
    return { ok: false, why: 'token was not issued for this shop' };
  }
  return { ok: true, claims: claims as unknown as SessionTokenClaims };
}
