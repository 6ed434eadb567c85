// The admin's load of the embedded app (decision 053, docs/shopify/session-tokens.md): the session
// tokens the local admin mints, with the switches that spoil them on purpose, and the URL it frames,
// signed with the client secret exactly as Shopify signs it.
import { encodeHost, sessionTokenClaims, signSessionToken, signedUrl } from '../crypto';

/** How the local admin spoils the session tokens it mints (the admin page's `token` switch). */
export const TOKEN_SWITCHES = ['expired', 'not_yet_valid', 'wrong_audience', 'wrong_signature'] as const;
export type TokenSwitch = (typeof TOKEN_SWITCHES)[number];

/** Shopify's load parameters: the admin sets them, whatever the admin URL's own query says. */
export const LOAD_PARAMS = ['embedded', 'shop', 'host', 'id_token', 'locale', 'session', 'timestamp', 'hmac', 'signature'] as const;

/** Where the app opens when the admin URL names no path (`/apps/{apiKey}`). */
export const DEFAULT_APP_PATH = '/app/dashboard';

/** Far enough past any verifier's clock tolerance (Shopify's libraries allow 10 s). */
const SKEW_S = 300;

/** The switch a query value names; undefined when absent, null when unknown. */
export function parseTokenSwitch(value: string | undefined): TokenSwitch | undefined | null {
  if (value === undefined || value === '') return undefined;
  return (TOKEN_SWITCHES as readonly string[]).includes(value) ? (value as TokenSwitch) : null;
}

export interface MintInput {
  shop: string;
  apiKey: string;
  apiSecret: string;
  nowMs: number;
  /** The admin user (`sub`). */
  userId?: string;
  /** The user's session (`sid`). */
  sessionId?: string;
  tokenSwitch?: TokenSwitch;
}

/** A session token as Shopify's admin mints it for the app, or spoiled as the switch says. */
export function mintSessionToken(input: MintInput): string {
  const skew = input.tokenSwitch === 'expired' ? -SKEW_S : input.tokenSwitch === 'not_yet_valid' ? SKEW_S : 0;
  const claims = sessionTokenClaims({ shop: input.shop, apiKey: input.apiKey, nowMs: input.nowMs + skew * 1000, userId: input.userId, sessionId: input.sessionId });
  if (input.tokenSwitch === 'wrong_audience') claims.aud = `${input.apiKey}-another-app`;
  const secret = input.tokenSwitch === 'wrong_signature' ? `${input.apiSecret}-not-the-secret` : input.apiSecret;
  return signSessionToken(claims, secret);
}

export interface FrameUrlInput extends MintInput {
  /** The app's origin (`application_url`'s), e.g. http://localhost:3000. */
  appOrigin: string;
  /** The path after `/apps/{apiKey}` in the admin URL (percent-encoded as it came), `/app/…`. */
  path: string;
  /** The admin URL's own query, passed on to the app (Shopify's load parameters in it are replaced). */
  query?: URLSearchParams;
  locale?: string;
  /** Shopify's id of the admin session (`session`). */
  session: string;
}

/** `{appOrigin}{path}?…&embedded=1&shop&host&id_token&locale&session&timestamp&hmac`, signed with the client secret. */
export function adminFrameUrl(input: FrameUrlInput): string {
  // No path (or `/`): the app's home. Leading slashes collapse, so the path never names another host.
  const path = input.path.replace(/^\/+/, '');
  const url = new URL(path === '' ? DEFAULT_APP_PATH : `/${path}`, `${input.appOrigin}/`);
  if (url.origin !== new URL(input.appOrigin).origin) throw new TypeError(`not a path of the app: ${input.path}`);
  for (const [key, value] of input.query ?? []) if (!(LOAD_PARAMS as readonly string[]).includes(key)) url.searchParams.append(key, value);
  return signedUrl(
    url.toString(),
    {
      embedded: '1',
      shop: input.shop,
      host: encodeHost(input.shop),
      id_token: mintSessionToken(input),
      locale: input.locale ?? 'fr',
      session: input.session,
      timestamp: String(Math.floor(input.nowMs / 1000)),
    },
    input.apiSecret,
  );
}
