// The admin's load of the embedded app (decision 053, docs/shopify/session-tokens.md): the session
// tokens the local admin mints, with the switches that spoil them on purpose, and the URL it frames,
// signed with the client secret exactly as Shopify signs it.
import { encodeHost, signedUrl } from '../crypto';
import { mintSessionToken as mint, SESSION_TOKEN_FAULTS, type SessionTokenFault } from '../session-tokens';

/** How the local admin spoils the session tokens it mints (the admin page's `token` switch). */
export const TOKEN_SWITCHES = SESSION_TOKEN_FAULTS;
export type TokenSwitch = SessionTokenFault;

/** Shopify's load parameters: the admin sets them, whatever the admin URL's own query says. */
export const LOAD_PARAMS = ['embedded', 'shop', 'host', 'id_token', 'locale', 'session', 'timestamp', 'hmac', 'signature'] as const;

/** Where the app opens when the admin URL names no path (`/apps/{apiKey}`). */
export const DEFAULT_APP_PATH = '/app/dashboard';

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

/** A session token as Shopify's admin mints it for the app, or spoiled as the switch says (session-tokens.ts). */
export function mintSessionToken(input: MintInput): string {
  return mint({ shop: input.shop, apiKey: input.apiKey, apiSecret: input.apiSecret, now: input.nowMs, userId: input.userId, sessionId: input.sessionId, fault: input.tokenSwitch });
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
