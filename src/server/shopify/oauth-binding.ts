/**
 * Binds an OAuth state to the browser that started the flow.
 *
 * A state in a URL proves nothing about who opens it: an account could start OAuth for a shop it
 * does not own and hand the link to that shop's owner, whose Shopify (app already installed, no
 * consent screen) would come straight back to our callback. So whoever creates a state also gets a
 * short-lived HttpOnly cookie carrying an HMAC of it, and the callback refuses a state whose cookie
 * is missing or different. The cookie is SameSite=Lax: Shopify's redirect back to the callback is a
 * top-level GET navigation, which Lax cookies follow.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config';
import { OAUTH_STATE_TTL_MS } from './install-service';

export const OAUTH_BINDING_COOKIE = 'avis_shopify_oauth';
/** Only the OAuth start and its callback ever need it. */
const COOKIE_PATH = '/functions/v1/shopify-auth';

function proof(config: Config, state: string): string {
  return createHmac('sha256', config.authSecret).update(`shopify-oauth-state:${state}`).digest('base64url');
}

/** Gives this browser the proof that it started the flow for `state`. */
export function bindStateToBrowser(c: Context, config: Config, state: string): void {
  setCookie(c, OAUTH_BINDING_COOKIE, proof(config, state), {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.appUrl.startsWith('https://'),
    maxAge: Math.floor(OAUTH_STATE_TTL_MS / 1000),
  });
}

/** True when this browser holds the proof for `state`. */
export function browserHoldsState(c: Context, config: Config, state: string): boolean {
  const presented = getCookie(c, OAUTH_BINDING_COOKIE);
  if (!presented) return false;
  const expected = Buffer.from(proof(config, state));
  const actual = Buffer.from(presented);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
