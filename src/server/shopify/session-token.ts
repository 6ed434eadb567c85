/**
 * Shopify's session tokens (App Bridge's ID tokens), the credential of the embedded app's requests
 * (docs/shopify/session-tokens.md, decision 053): a JWT signed HS256 with the app's client secret.
 * Verification is ours, on node:crypto alone, and at least as strict as @shopify/shopify-api's
 * `decodeSessionToken` (HS256 only, 10 s of clock tolerance, `aud` equal to the client id), plus the
 * checks Shopify's other libraries make on the shop: `dest` a valid shop domain, `iss` on the same host.
 * The store is read from `dest`, never from a query parameter.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { normalizeShopDomain } from '#core/shopify-domain';

/** The most clock skew accepted on `exp` and `nbf`, in seconds (Shopify's libraries allow 10). */
export const MAX_CLOCK_TOLERANCE_SECONDS = 10;

/** A session token lives one minute (Shopify's documentation); the emulator mints them so. */
export const SESSION_TOKEN_LIFETIME_SECONDS = 60;

/** The header App Bridge reads on a 401 to fetch a fresh token and retry the request once. */
export const RETRY_INVALID_SESSION_HEADER = 'X-Shopify-Retry-Invalid-Session-Request';

/** Longer than any token Shopify mints: refused before any decoding. */
const MAX_TOKEN_LENGTH = 8192;

export interface SessionTokenHeader {
  alg: 'HS256';
  typ?: 'JWT';
}

/** The claims Shopify puts in a session token (times in seconds since the epoch). */
export interface SessionTokenClaims {
  /** The shop's admin: `https://{shop}/admin`. */
  iss: string;
  /** The shop: `https://{shop}`. */
  dest: string;
  /** The app's client id (API key). */
  aud: string;
  /** The Shopify user the token was issued to (absent for some surfaces). */
  sub?: string;
  exp: number;
  nbf: number;
  iat?: number;
  /** A random id per token. */
  jti?: string;
  /** The user's session with the app. */
  sid?: string;
}

export const SESSION_TOKEN_REFUSALS = [
  /** Not three base64url segments of JSON objects, a claim of the wrong type or missing, too long. */
  'malformed',
  /** A header `alg` other than HS256 (including `none` or none at all). */
  'algorithm',
  /** Signed by none of the secrets. */
  'signature',
  'expired',
  'not_yet_valid',
  /** `aud` is not the app's client id. */
  'audience',
  /** `dest` is not `https://{valid shop domain}`. */
  'destination',
  /** `iss` is not `https://{dest's host}/admin`. */
  'issuer',
] as const;
export type SessionTokenRefusal = (typeof SESSION_TOKEN_REFUSALS)[number];

export interface VerifiedSessionToken {
  ok: true;
  /** The shop's domain, from `dest`: `name.myshopify.com`. */
  shop: string;
  /** `sub`, the Shopify user id. */
  userId: string | null;
  /** `sid`. */
  sessionId: string | null;
  /** `exp`, in seconds since the epoch. */
  expiresAt: number;
}

export type SessionTokenResult = VerifiedSessionToken | { ok: false; reason: SessionTokenRefusal };

export interface VerifySessionTokenOptions {
  /** The app's client id, which `aud` must equal. */
  apiKey: string;
  /** The client secret, then the previous one during a rotation. */
  secrets: readonly string[];
  /** Now, in milliseconds since the epoch (Date.now() by default). */
  now?: number;
  /** Clock tolerance on `exp` and `nbf`, in seconds: 10 by default, never more, never below 0. */
  toleranceSeconds?: number;
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

const base64url = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');

/** The JSON object a segment encodes, or null (not base64url, not JSON, not an object). */
function decodeObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const hmac = (signingInput: string, secret: string) => createHmac('sha256', secret).update(signingInput).digest();

/** True when one of the secrets signed the input; every secret is tried, each comparison constant-time. */
function signedByOneOf(signingInput: string, signature: string, secrets: readonly string[]): boolean {
  if (!SEGMENT.test(signature)) return false; // `alg: none` tokens end with an empty one
  const given = Buffer.from(signature, 'base64url');
  // Only the canonical encoding of a 32-byte MAC is a signature (no trailing bits, no padding tricks).
  if (given.length !== 32 || base64url(given) !== signature) return false;
  let matched = false;
  for (const secret of secrets) {
    if (secret.length === 0) continue; // an empty secret would let anyone sign
    if (timingSafeEqual(hmac(signingInput, secret), given)) matched = true;
  }
  return matched;
}

export function clampTolerance(toleranceSeconds: number | undefined): number {
  if (toleranceSeconds === undefined || Number.isNaN(toleranceSeconds)) return MAX_CLOCK_TOLERANCE_SECONDS;
  return Math.min(MAX_CLOCK_TOLERANCE_SECONDS, Math.max(0, toleranceSeconds));
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The shop of `dest` (`https://{shop}`, exactly), or null. */
function shopOfDestination(dest: unknown): string | null {
  if (typeof dest !== 'string') return null;
  const match = /^https:\/\/([^/?#@:\s]+)$/.exec(dest);
  const host = match?.[1];
  return host !== undefined && normalizeShopDomain(host) === host ? host : null;
}

/** Verifies a session token; the result says the shop and user, or the one reason it is refused. */
export function verifySessionToken(token: string, options: VerifySessionTokenOptions): SessionTokenResult {
  const refuse = (reason: SessionTokenRefusal): SessionTokenResult => ({ ok: false, reason });
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return refuse('malformed');
  const segments = token.split('.');
  if (segments.length !== 3) return refuse('malformed');
  const [headerSegment, payloadSegment, signature] = segments as [string, string, string];
  if (!SEGMENT.test(headerSegment) || !SEGMENT.test(payloadSegment)) return refuse('malformed');

  const header = decodeObject(headerSegment);
  if (!header) return refuse('malformed');
  if (header.alg !== 'HS256') return refuse('algorithm');
  if (header.typ !== undefined && header.typ !== 'JWT') return refuse('malformed');
  // An extension the token says must be understood: this verifier understands none.
  if (header.crit !== undefined) return refuse('malformed');

  if (!signedByOneOf(`${headerSegment}.${payloadSegment}`, signature, options.secrets)) return refuse('signature');

  const claims = decodeObject(payloadSegment);
  if (!claims) return refuse('malformed');
  const { exp, nbf, iat, aud, sub, sid, jti } = claims;
  if (!isTime(exp) || !isTime(nbf) || (iat !== undefined && !isTime(iat))) return refuse('malformed');
  if (!optionalString(sub) || !optionalString(sid) || !optionalString(jti)) return refuse('malformed');

  const now = (options.now ?? Date.now()) / 1000;
  const tolerance = clampTolerance(options.toleranceSeconds);
  if (exp + tolerance <= now) return refuse('expired');
  if (nbf - tolerance > now) return refuse('not_yet_valid');

  // Shopify's library compares `aud` with the client id as a string: an array is not accepted.
  if (typeof aud !== 'string' || options.apiKey.length === 0 || aud !== options.apiKey) return refuse('audience');

  const shop = shopOfDestination(claims.dest);
  if (!shop) return refuse('destination');
  if (claims.iss !== `https://${shop}/admin`) return refuse('issuer');

  return { ok: true, shop, userId: typeof sub === 'string' && sub !== '' ? sub : null, sessionId: typeof sid === 'string' && sid !== '' ? sid : null, expiresAt: exp };
}

/** Signs claims as Shopify does (HS256, `typ` JWT): for the tests and the local Shopify. */
export function signSessionToken(claims: SessionTokenClaims, secret: string): string {
  const header: SessionTokenHeader = { alg: 'HS256', typ: 'JWT' };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${signingInput}.${base64url(hmac(signingInput, secret))}`;
}

export interface SessionTokenClaimsInput {
  shop: string;
  apiKey: string;
  /** Now, in milliseconds since the epoch. */
  now?: number;
  userId?: string;
  sessionId?: string;
  lifetimeSeconds?: number;
}

/** The claims Shopify issues for a user of a shop opening the app: valid from now for a minute. */
export function sessionTokenClaims({
  shop,
  apiKey,
  now = Date.now(),
  userId,
  sessionId,
  lifetimeSeconds = SESSION_TOKEN_LIFETIME_SECONDS,
}: SessionTokenClaimsInput): SessionTokenClaims {
  const issuedAt = Math.floor(now / 1000);
  return {
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: apiKey,
    ...(userId !== undefined ? { sub: userId } : {}),
    exp: issuedAt + lifetimeSeconds,
    nbf: issuedAt,
    iat: issuedAt,
    jti: randomUUID(),
    ...(sessionId !== undefined ? { sid: sessionId } : {}),
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(authorization: string | null | undefined): string | null {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1] ?? null;
}
