/**
 * The route inventory, read from the Hono app itself (`app.routes`), and the tables the security
 * tests are generated from. A route added to the app shows up here at once: it is then either
 * session-protected (the credential tests prove it) or on the commented allow-list below, and the
 * id, fuzz and CSRF tables must say how to call it, or the suite fails.
 */
import type { Hono } from 'hono';
import { FORWARDED } from '#server/auth/routes';

export interface Endpoint {
  method: string;
  /** The route pattern as mounted, e.g. /api/flows/:id. */
  path: string;
  /** `METHOD /pattern`: the key of every table below. */
  key: string;
}

/**
 * Every endpoint of the app. `app.routes` lists middleware too: `app.use()` registers method ALL
 * with a `(c, next)` handler, and a route with a per-route middleware appears once per handler.
 * An entry is kept when it is not an ALL-method two-argument handler, and each METHOD /path once.
 * (The catch-all 404 handlers are ALL-method one-argument handlers: they are endpoints.)
 */
export function routeInventory(app: Hono): Endpoint[] {
  const seen = new Map<string, Endpoint>();
  for (const route of app.routes) {
    const middleware = route.method === 'ALL' && route.handler.length >= 2;
    if (middleware) continue;
    const key = `${route.method} ${route.path}`;
    if (!seen.has(key)) seen.set(key, { method: route.method, path: route.path, key });
  }
  return [...seen.values()];
}

/**
 * /api/auth/* is one Hono route in front of better-auth; what it forwards is a fixed list (FORWARDED
 * in src/server/auth/routes.ts). The suite expands the wildcard into that list, each endpoint
 * classified below: a new one that is not classified fails here, and `auth surface` in
 * routes.test.ts proves every other better-auth endpoint answers 404.
 */
const AUTH_ACCESS: Record<string, { access: 'public' | 'session'; why: string }> = {
  '/get-session': { access: 'public', why: 'answers null without a valid session' },
  '/sign-in/email': { access: 'public', why: 'signing in' },
  '/sign-up/email': { access: 'public', why: 'creating an account' },
  '/sign-out': { access: 'public', why: 'idempotent: ends the session the cookie names, if any' },
  '/reset-password': { access: 'public', why: 'the e-mailed single-use token is the credential' },
  '/change-password': { access: 'session', why: '' },
  '/update-user': { access: 'session', why: '' },
  '/change-email': { access: 'session', why: '' },
  '/verify-email': { access: 'public', why: "the e-mailed link's signed token is the credential; it names the account's current address, so it works once" },
};

export const AUTH_ENDPOINTS: { method: 'GET' | 'POST'; path: string; access: 'public' | 'session'; why: string }[] = Object.entries(FORWARDED).map(([path, endpoint]) => {
  const access = AUTH_ACCESS[path];
  if (!access) throw new Error(`better-auth endpoint ${path} is forwarded but not classified in AUTH_ACCESS`);
  return { method: endpoint.method, path: `/api/auth${path}`, ...access };
});

/** better-auth endpoints the product does not use: each must answer 404 through our gateway. */
export const UNUSED_BETTER_AUTH_PATHS = [
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/delete-user',
  '/delete-user/callback',
  '/request-password-reset',
  '/forget-password',
  '/reset-password/abcdefghijklmnop',
  '/sign-in/social',
  '/sign-in/username',
  '/sign-in/anonymous',
  '/link-social',
  '/list-accounts',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/send-verification-email',
  '/change-email/verify',
  '/update-session',
  '/set-password',
  '/callback/google',
  '/ok',
  '/error',
  '/token',
  '/jwks',
];

/** The inventory with /api/auth/* replaced by the endpoints it forwards. */
export function expandedInventory(app: Hono): Endpoint[] {
  const out: Endpoint[] = [];
  for (const e of routeInventory(app)) {
    if (e.path === '/api/auth/*') {
      for (const a of AUTH_ENDPOINTS.filter((x) => x.method === e.method)) out.push({ method: a.method, path: a.path, key: `${a.method} ${a.path}` });
    } else out.push(e);
  }
  return out;
}

export type Access =
  /** Reachable without a session on purpose. */
  | { kind: 'public'; why: string }
  /** A catch-all answering 404 (or the web app's index.html). */
  | { kind: 'fallback'; why: string }
  /** A browser navigation: without a session it redirects to /login instead of answering 401. */
  | { kind: 'login-redirect'; why: string };

/**
 * Routes public by design (checked against the code, see each reason). Everything not here and not
 * under PUBLIC_PREFIXES must answer 401 `{ error }` without a valid session.
 */
export const PUBLIC_BY_DESIGN: Record<string, Access> = {
  'POST /webhooks/shopify': { kind: 'public', why: "Shopify's deliveries: the raw body's HMAC (app secret) is the credential" },
  'GET /health': { kind: 'public', why: 'load balancer probe; shows database kind, migration and worker state, no tenant data' },
  'POST /api/auth/forgot-password': { kind: 'public', why: 'answers { ok: true } for every address; the e-mail goes to the owner' },
  'GET /api/auth/get-session': { kind: 'public', why: AUTH_ENDPOINTS[0]!.why },
  'POST /api/auth/sign-in/email': { kind: 'public', why: 'signing in' },
  'POST /api/auth/sign-up/email': { kind: 'public', why: 'creating an account' },
  'POST /api/auth/sign-out': { kind: 'public', why: 'idempotent; only ends the session its own cookie names' },
  'POST /api/auth/reset-password': { kind: 'public', why: 'the e-mailed single-use token is the credential' },
  'GET /api/plans': { kind: 'public', why: 'the price list, shown before sign-up' },
  'GET /api/legal': { kind: 'public', why: "the legal pages' publisher details (from the configuration) and the price list: published on purpose, no tenant data" },
  'GET /api/shopify/installations/:token': {
    kind: 'public',
    why: 'plan selection before sign-up: the 43-character installation token is the credential; a used one answers 410 except to its claimer',
  },
  'POST /api/shopify/installations/:token/plan': { kind: 'public', why: 'plan selection before sign-up; refused (410) once the token is claimed' },
  'POST /api/shopify/test-installations': { kind: 'public', why: 'developer tool (test onboarding); 404 in production without the emulator' },
  'GET /api/public/unsubscribe/:token': { kind: 'public', why: "the customer's e-mail link: the request token (or a signed one-off token) is the credential" },
  'POST /api/public/unsubscribe/:token': { kind: 'public', why: 'RFC 8058 one-click unsubscribe, POSTed by mail providers without cookies' },
  'GET /api/public/recipients/:token': { kind: 'public', why: "an alert address's confirmation link: the 192-bit single-use token (stored hashed) is the credential; reads only" },
  'POST /api/public/recipients/:token': {
    kind: 'public',
    why: 'confirms the alert address the token names, opened from its mailbox without a session; the token then stops working',
  },
  'GET /api/auth/verify-email': { kind: 'public', why: AUTH_ENDPOINTS.find((e) => e.path === '/api/auth/verify-email')!.why },
  'GET /api/dev/outbox': { kind: 'public', why: 'developer tool: mounted only outside production (config.devTools), see the production test' },
  'GET /api/dev/outbox/:id': { kind: 'public', why: 'developer tool: mounted only outside production (config.devTools)' },
  'GET /functions/v1/shopify-auth': { kind: 'public', why: "OAuth start: Shopify's HMAC-signed install query, or a state bound to the browser (cookie) that created it" },
  'GET /functions/v1/shopify-auth/callback': { kind: 'public', why: 'OAuth callback: HMAC, single-use state bound to the browser cookie and to the account that started it' },
  'GET /functions/v1/shopify-billing-callback': { kind: 'login-redirect', why: "Shopify's return after the charge page: a top-level navigation, sent to /login without a session" },
  'GET /review/:token': { kind: 'public', why: "the customer's review page: the request's 244-bit token is the credential" },
  'GET /media/*': {
    kind: 'public',
    why: 'uploaded logos at stable public URLs for pages and mail clients: a strict key pattern, no listing, immutable files, sandboxing CSP',
  },
  'POST /review/:token': { kind: 'public', why: 'the review form post (rate-limited per address); same token' },
  'POST /review/:token/photos': {
    kind: 'public',
    why: 'a photo for the review its page just sent (decision 058): the same token and the one-hour key only that page received, rate-limited per address; at most three photos',
  },
  'POST /review/:token/postpone': {
    kind: 'public',
    why: "the customer's « pas encore reçu » form: the same token, rate-limited per address; it only moves that request's one follow-up later",
  },
  'GET /review/:token/open.gif': {
    kind: 'public',
    why: "the review e-mail's open pixel: the token is the credential; the same image whatever the token, and only a first open is recorded",
  },
  'GET /review/:token/public-site/:reviewId': {
    kind: 'public',
    why: 'the tracked link to the public review site: the token and the review must belong together, and it only leads to the site that review was offered',
  },
  'GET /storefront-proxy/avis': {
    kind: 'public',
    why: "the storefront's « Voir plus » through Shopify's app proxy: Shopify's `signature` (HMAC with the app secret, fresh timestamp) is the credential; public reviews only",
  },
  'GET /storefront-proxy/methode': {
    kind: 'public',
    why: "how reviews are collected, through Shopify's app proxy: the same signature; no tenant data beyond the shop's public review method",
  },
  'ALL /api/*': { kind: 'fallback', why: 'unknown API path: 404 { error }' },
  'ALL /functions/v1/*': { kind: 'fallback', why: 'unknown function: 404 { error }' },
  'GET /*': { kind: 'fallback', why: 'the built React app (index.html for client-side routes); no data' },
  'ALL /*': { kind: 'fallback', why: 'anything else: 404 { error }' },
};

/** Whole subtrees public by design. */
export const PUBLIC_PREFIXES: { prefix: string; why: string }[] = [
  { prefix: '/_shopify', why: 'the in-process Shopify emulator: mounted only when SHOPIFY_EMULATOR is on, which production refuses' },
];

export function accessOf(e: Endpoint): Access | { kind: 'session' } {
  const listed = PUBLIC_BY_DESIGN[e.key];
  if (listed) return listed;
  const prefix = PUBLIC_PREFIXES.find((p) => e.path === p.prefix || e.path.startsWith(`${p.prefix}/`));
  if (prefix) return { kind: 'public', why: prefix.why };
  return { kind: 'session' };
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A concrete path for a pattern: parameters and wildcards filled with harmless placeholders. */
export function placeholderPath(pattern: string): string {
  return pattern
    .replace(/:id\b/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:token\b/g, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    .replace(/:[A-Za-z_]+/g, 'placeholder')
    .replace(/\*$/, 'placeholder');
}

/** Whether a body field names another record (so the tenant-isolation table must cover its route). */
export function isIdField(name: string): boolean {
  return /(^|_)(id|ids)$|[a-z](Id|Ids)$|^(token|state|shop)$/.test(name);
}

export function idFieldsOf(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => idFieldsOf(v, `${prefix}[${i}]`));
  return Object.entries(value).flatMap(([k, v]) => [...(isIdField(k) ? [`${prefix}${k}`] : []), ...idFieldsOf(v, `${prefix}${k}.`)]);
}
