/**
 * Sections 1 and 2 of the security suite: the route inventory read from the app, the allow-list of
 * routes public by design, and every protected route against every kind of bad credential.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '#db/schema';
import { createApp } from '#server/app';
import { messageFor } from '#server/messages';
import { loadConfig } from '#server/config';
import { ORIGIN } from '#tests/support/http';
import { contextFor, PRODUCTION_OPERATOR_ENV } from '#tests/support/test-context';
import {
  AUTH_ENDPOINTS,
  PUBLIC_BY_DESIGN,
  PUBLIC_PREFIXES,
  UNUSED_BETTER_AUTH_PATHS,
  accessOf,
  expandedInventory,
  placeholderPath,
  routeInventory,
  STATE_CHANGING,
  type Endpoint,
} from './support/routes';
import { SAMPLES } from './support/samples';
import {
  changedTables,
  cookieHeader,
  createWorld,
  makeMerchant,
  newBrowser,
  PASSWORD,
  rawRequest,
  sessionCookieOf,
  signUp,
  snapshotTenant,
  type Merchant,
  type World,
} from './support/world';

// Test-cost password hashing (see cheap-password.ts); verification stays the app's.
vi.mock('#server/auth/password', async (original) => (await import('./support/cheap-password')).cheapPasswordModule(original as never));

let w: World;
let a: Merchant;
let inventory: Endpoint[];

beforeAll(async () => {
  w = await createWorld();
  a = await makeMerchant(w, 'A');
  inventory = expandedInventory(w.app);
});
afterAll(() => w.ctx.destroy());

/** The French answers of a refused session (ours, and better-auth's UNAUTHORIZED translated). */
const NOT_SIGNED_IN = new Set<string>([messageFor('not_signed_in'), messageFor('session_expired')]);
/** A bearer token that is not a Shopify session token of ours: the admin door's refusal (decision 053). */
const BAD_BEARER = messageFor('invalid_session_token');

/** How to call a route when only its protection matters: the sample's body (so validation passes) or {}. */
function requestFor(e: Endpoint): { path: string; body?: string; contentType?: string } {
  const sample = SAMPLES[e.key]?.({ w, m: a, account: { email: a.email } });
  const path = sample?.path ?? placeholderPath(e.path);
  if (!STATE_CHANGING.has(e.method) && e.method !== 'ALL') return { path };
  return { path, body: JSON.stringify(sample?.body ?? {}), contentType: 'application/json' };
}

describe('route inventory', () => {
  it('is read from the app: endpoints only, middleware left out, every mount seen', () => {
    const keys = routeInventory(w.app).map((e) => e.key);
    // A few landmarks of each mount.
    for (const key of [
      'GET /health',
      'POST /webhooks/shopify',
      'GET /api/auth/*',
      'POST /api/auth/*',
      'GET /api/stores/current',
      'PUT /api/flows/:id',
      'POST /functions/v1/send-email',
      'POST /review/:token',
      'ALL /api/*',
    ]) {
      expect(keys, key).toContain(key);
    }
    // Middleware (CSRF, body limits, per-area `app.use`) is not an endpoint.
    expect(keys).not.toContain('ALL /api/stores/*');
    expect(keys).not.toContain('ALL /api/flows/*');
    // The catch-alls: a new one must be looked at (and classified in PUBLIC_BY_DESIGN) on purpose.
    expect(keys.filter((k) => k.startsWith('ALL ')).sort()).toEqual(['ALL /*', 'ALL /api/*', 'ALL /functions/v1/*']);
    // Each endpoint once, even with a per-route middleware (session + handler).
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has no stale allow-list entry: every route listed as public exists', () => {
    const keys = new Set(inventory.map((e) => e.key));
    const stale = Object.keys(PUBLIC_BY_DESIGN).filter((k) => !keys.has(k));
    expect(stale).toEqual([]);
    for (const { prefix } of PUBLIC_PREFIXES)
      expect(
        inventory.some((e) => e.path.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  it('every route is either on the allow-list or refuses a request without a session (401 { error } in French)', async () => {
    const problems: string[] = [];
    const protectedRoutes = inventory.filter((e) => accessOf(e).kind === 'session');
    // Guards against a vacuous run: the app has many protected routes.
    expect(protectedRoutes.length).toBeGreaterThan(15);
    for (const e of protectedRoutes) {
      const req = requestFor(e);
      const res = await rawRequest(w, req.path, {
        method: e.method === 'ALL' ? 'POST' : e.method,
        headers: { origin: ORIGIN, ...(req.contentType ? { 'content-type': req.contentType } : {}) },
        body: req.body,
      });
      const error = (res.json as { error?: unknown } | undefined)?.error;
      if (res.status !== 401 || typeof error !== 'string' || !NOT_SIGNED_IN.has(error)) {
        problems.push(`${e.key} without a session: ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    for (const e of inventory.filter((x) => accessOf(x).kind === 'login-redirect')) {
      const res = await rawRequest(w, placeholderPath(e.path), { method: e.method });
      const location = res.headers.get('location') ?? '';
      if (res.status !== 302 || !location.startsWith('/login')) problems.push(`${e.key} without a session: ${res.status} → ${location}`);
    }
    expect(problems).toEqual([]);
  });

  it('production mounts neither the emulator nor the developer tools', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://avis.exemple.test',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters!',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SHOPIFY_API_KEY: 'real-client-id',
      SHOPIFY_API_SECRET: 'real-client-secret',
      MAIL_TRANSPORT: 'outbox',
      LOG_LEVEL: 'silent',
      ...PRODUCTION_OPERATOR_ENV,
    });
    const prodApp = createApp(contextFor(w.ctx.dbHandle, config));
    const keys = routeInventory(prodApp as never).map((e) => e.key);
    expect(keys.filter((k) => k.includes('/_shopify') || k.includes('/api/dev/'))).toEqual([]);
    const res = await prodApp.request('https://avis.exemple.test/api/shopify/test-installations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shop: 'essai.myshopify.com' }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: expect.any(String), code: 'not_found' });
    const outbox = await prodApp.request('https://avis.exemple.test/api/dev/outbox');
    expect(outbox.status).toBe(404);
  });
});

describe('the auth gateway', () => {
  it('forwards only the endpoints the product uses: every other better-auth path answers 404 { error }', async () => {
    const problems: string[] = [];
    for (const path of UNUSED_BETTER_AUTH_PATHS) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await a.browser.request(`/api/auth${path}`, method === 'POST' ? { method, json: {} } : { method });
        const body = await res.text();
        if (res.status !== 404 || !/^\{"error":"[^"]+","code":"not_found"\}$/.test(body)) problems.push(`${method} /api/auth${path}: ${res.status} ${body.slice(0, 120)}`);
      }
    }
    // A known endpoint with the wrong method is not forwarded either.
    for (const e of AUTH_ENDPOINTS) {
      const other = e.method === 'GET' ? 'POST' : 'GET';
      const res = await a.browser.request(e.path, other === 'POST' ? { method: other, json: {} } : { method: other });
      if (res.status !== 404) problems.push(`${other} ${e.path}: ${res.status}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('bad credentials on every protected route', () => {
  type Variant = { name: string; headers: Record<string, string> };
  let variants: Variant[];
  let liveToken: string;
  let liveCookie: string;

  beforeAll(async () => {
    const sign = (value: string) => `${value}.${createHmac('sha256', w.ctx.config.authSecret).update(value).digest('base64')}`;
    const cookie = (value: string) => `avis.session_token=${encodeURIComponent(value)}`;

    // A live session, whose token is then presented in ways that must not work.
    const live = await signUp(w, 'vivant');
    liveCookie = sessionCookieOf(live.browser);
    liveToken = decodeURIComponent(liveCookie).split('.')[0]!;

    // A session ended by sign-out, its cookie kept.
    const gone = await signUp(w, 'deconnecte');
    const goneCookie = sessionCookieOf(gone.browser);
    expect((await gone.browser.request('/api/auth/sign-out', { json: {} })).status).toBe(200);

    // A session past its expiry date.
    const old = await signUp(w, 'expire');
    const oldCookie = sessionCookieOf(old.browser);
    await w.ctx.db
      .update(s.session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(s.session.userId, old.userId));

    // A second session of an account whose password then changed (other sessions end).
    const changed = await signUp(w, 'change');
    const second = newBrowser(w);
    expect((await second.request('/api/auth/sign-in/email', { json: { email: changed.email, password: PASSWORD } })).status).toBe(200);
    const revokedCookie = sessionCookieOf(second);
    const change = await changed.browser.request('/api/auth/change-password', { json: { currentPassword: PASSWORD, newPassword: 'Un-Autre-Mot-2025' } });
    expect(change.status).toBe(200);

    const random = randomBytes(24).toString('base64url').slice(0, 32);
    variants = [
      { name: 'no credential', headers: {} },
      { name: 'garbage cookie', headers: { cookie: 'avis.session_token=garbage' } },
      { name: 'unsigned random token', headers: { cookie: cookie(random) } },
      { name: 'live token with a forged signature', headers: { cookie: cookie(`${liveToken}.${randomBytes(32).toString('base64')}`) } },
      { name: 'unknown token signed with the app secret', headers: { cookie: cookie(sign(random)) } },
      { name: 'empty cookie', headers: { cookie: 'avis.session_token=' } },
      // Captured cookie values are already URL-encoded as the browser holds them.
      { name: 'signed-out session cookie', headers: { cookie: `avis.session_token=${goneCookie}` } },
      { name: 'expired session cookie', headers: { cookie: `avis.session_token=${oldCookie}` } },
      { name: 'session revoked by a password change', headers: { cookie: `avis.session_token=${revokedCookie}` } },
      { name: 'garbage bearer', headers: { authorization: 'Bearer garbage' } },
      { name: "a live session's token as bearer", headers: { authorization: `Bearer ${liveToken}` } },
      { name: "a live session's signed cookie value as bearer", headers: { authorization: `Bearer ${decodeURIComponent(liveCookie)}` } },
    ];
  });

  it('the live session used for the bearer variants does work as a cookie (control)', async () => {
    const res = await rawRequest(w, '/api/stores/current', { headers: { cookie: `avis.session_token=${liveCookie}` } });
    expect(res.status).toBe(200);
  });

  it('answer 401 { error } in French (or the login redirect), never 2xx or 5xx', async () => {
    const before = await snapshotTenant(w, a);
    const problems: string[] = [];
    for (const e of inventory) {
      const access = accessOf(e);
      if (access.kind !== 'session' && access.kind !== 'login-redirect') continue;
      const req = requestFor(e);
      for (const v of variants) {
        const res = await rawRequest(w, req.path, {
          method: e.method === 'ALL' ? 'POST' : e.method,
          headers: { origin: ORIGIN, ...(req.contentType ? { 'content-type': req.contentType } : {}), ...v.headers },
          body: req.body,
        });
        if (access.kind === 'login-redirect') {
          const location = res.headers.get('location') ?? '';
          if (res.status !== 302 || !location.startsWith('/login')) problems.push(`${e.key} × ${v.name}: ${res.status} → ${location}`);
          continue;
        }
        const error = (res.json as { error?: unknown } | undefined)?.error;
        const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
        // A bearer is the admin door's credential on the API: refused as such, with App Bridge's retry
        // header. The account endpoints of the auth gateway take none: not signed in.
        const bearer = 'authorization' in v.headers && !req.path.startsWith('/api/auth/');
        const refusedAsExpected = bearer
          ? error === BAD_BEARER && res.headers.get('x-shopify-retry-invalid-session-request') === '1'
          : typeof error === 'string' && NOT_SIGNED_IN.has(error);
        if (res.status !== 401 || !isJson || !refusedAsExpected) {
          problems.push(`${e.key} × ${v.name}: ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(changedTables(before, await snapshotTenant(w, a))).toEqual([]);
  });

  it('get-session answers null to every bad credential', async () => {
    const problems: string[] = [];
    for (const v of variants) {
      const res = await rawRequest(w, '/api/auth/get-session', { headers: { origin: ORIGIN, ...v.headers } });
      if (res.status !== 200 || res.text !== 'null') problems.push(`${v.name}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
  });

  it('a valid session passes the same routes (so the refusals above are about the credential)', async () => {
    const problems: string[] = [];
    for (const e of inventory) {
      if (accessOf(e).kind !== 'session') continue;
      // GETs as they are; body-reading routes with a malformed body (400 after the session check).
      const sample = SAMPLES[e.key]?.({ w, m: a, account: { email: a.email } });
      if (e.method === 'ALL') continue;
      if (e.method !== 'GET' && !sample?.readsBody) continue;
      const path = sample?.path ?? placeholderPath(e.path);
      const res = await rawRequest(w, path, {
        method: e.method,
        headers: { origin: ORIGIN, cookie: cookieHeader(a.browser), ...(e.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        body: e.method === 'GET' ? undefined : '{',
      });
      if (res.status === 401 || res.status >= 500) problems.push(`${e.key} with a valid session: ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  });
});
