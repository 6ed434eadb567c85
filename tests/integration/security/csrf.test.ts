/**
 * Section 5: cross-site request forgery. Every state-changing route under /api and /functions,
 * sent with a signed-in merchant's cookies and a valid body, is refused (403 { error }) when the
 * request comes from another origin or says nothing about where it comes from; the merchant's rows
 * are unchanged afterwards. The same-origin controls prove the refusals are about the origin.
 * See src/server/http/csrf.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORIGIN } from '#tests/support/http';
import { accessOf, expandedInventory } from './support/routes';
import { isJsonEndpoint, SAMPLES } from './support/samples';
import { changedTables, cookieHeader, createWorld, makeMerchant, rawRequest, signUp, snapshotTenant, type Merchant, type World } from './support/world';

// Test-cost password hashing (see cheap-password.ts); verification stays the app's.
vi.mock('#server/auth/password', async (original) => (await import('./support/cheap-password')).cheapPasswordModule(original as never));

let w: World;
let m: Merchant;

beforeAll(async () => {
  w = await createWorld();
  m = await makeMerchant(w, 'F');
});
afterAll(() => w.ctx.destroy());

const EVIL = 'https://evil.example';

/** Where a forged request may claim to come from. */
const FOREIGN: { name: string; headers: Record<string, string> }[] = [
  { name: 'foreign Origin', headers: { origin: EVIL } },
  { name: 'Origin: null (sandboxed iframe, file:)', headers: { origin: 'null' } },
  { name: 'look-alike Origin', headers: { origin: `${ORIGIN}.evil.example` } },
  { name: 'same host, other port', headers: { origin: 'http://localhost:3001' } },
  { name: 'same host, other scheme', headers: { origin: 'https://localhost:3000' } },
  { name: 'empty Origin', headers: { origin: '' } },
  { name: 'no Origin, no Referer', headers: {} },
  { name: 'no Origin, foreign Referer', headers: { referer: `${EVIL}/page` } },
  { name: 'no Origin, look-alike Referer', headers: { referer: `${ORIGIN}.evil.example/app` } },
  { name: 'no Origin, malformed Referer', headers: { referer: 'not a url' } },
  { name: 'foreign Origin with a same-origin Referer', headers: { origin: EVIL, referer: `${ORIGIN}/app` } },
];

function stateChangingRoutes() {
  return expandedInventory(w.app).filter((e) => isJsonEndpoint(e) && e.key !== 'POST /review/:token');
}

describe('CSRF: cookie-carrying state changes must come from the app', () => {
  it('every state-changing route refuses a foreign or missing origin with 403 { error }, and nothing changes', async () => {
    const routes = stateChangingRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const before = await snapshotTenant(w, m);
    const problems: string[] = [];
    for (const e of routes) {
      const sample = SAMPLES[e.key]?.({ w, m, account: { email: m.email } });
      if (!sample) {
        problems.push(`${e.key}: no sample body (add one to support/samples.ts)`);
        continue;
      }
      for (const variant of FOREIGN) {
        const res = await rawRequest(w, sample.path, {
          method: e.method,
          headers: { cookie: cookieHeader(m.browser), 'content-type': 'application/json', ...variant.headers },
          body: JSON.stringify(sample.body),
        });
        const error = (res.json as { error?: unknown } | undefined)?.error;
        if (res.status !== 403 || typeof error !== 'string' || !error) problems.push(`${e.key} × ${variant.name}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(changedTables(before, await snapshotTenant(w, m))).toEqual([]);
    // The session survived every forged sign-out and password change.
    expect((await m.browser.json('/api/stores/current')).status).toBe(200);
  });

  it('controls: the same request from the app itself passes, by Origin or by Referer alone', async () => {
    const sample = SAMPLES['PUT /api/rating-actions']!({ w, m, account: { email: m.email } });
    for (const headers of [{ origin: ORIGIN }, { referer: `${ORIGIN}/app/settings` }] as Record<string, string>[]) {
      const res = await rawRequest(w, sample.path, {
        method: 'PUT',
        headers: { cookie: cookieHeader(m.browser), 'content-type': 'application/json', ...headers },
        body: JSON.stringify(sample.body),
      });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('without cookies the origin check does not apply, and the session check answers 401', async () => {
    const problems: string[] = [];
    for (const e of stateChangingRoutes().filter((x) => accessOf(x).kind === 'session')) {
      const sample = SAMPLES[e.key]!({ w, m, account: { email: m.email } });
      const res = await rawRequest(w, sample.path, { method: e.method, headers: { origin: EVIL, 'content-type': 'application/json' }, body: JSON.stringify(sample.body) });
      if (res.status !== 401) problems.push(`${e.key}: ${res.status}`);
    }
    expect(problems).toEqual([]);
  });

  it("controls: the RFC 8058 one-click unsubscribe (a mail provider's cookie-less form POST) still works", async () => {
    const res = await rawRequest(w, `/api/public/unsubscribe/${m.dueRequestToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
  });

  it('no API answer grants another origin read access (no permissive CORS)', async () => {
    const { browser } = await signUp(w, 'cors');
    const problems: string[] = [];
    const reads = expandedInventory(w.app).filter((e) => e.method === 'GET' && /^\/(api|functions)\//.test(e.path) && !e.path.includes(':') && !e.path.includes('*'));
    for (const e of reads) {
      for (const method of ['GET', 'OPTIONS']) {
        const res = await rawRequest(w, e.path, {
          method,
          headers: { cookie: cookieHeader(browser), origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
        const allow = res.headers.get('access-control-allow-origin');
        if (allow === EVIL || allow === '*' || res.headers.get('access-control-allow-credentials') === 'true') problems.push(`${method} ${e.path}: ACAO ${allow}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
