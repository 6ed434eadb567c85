// The local admin that frames the embedded app (issue 47, decision 053): its load is one the app's
// own checks accept (src/server/shopify/admin-load.ts), each token switch is refused by the app's
// verifier for its reason, the frame check honours frame-ancestors, and the App Bridge stand-in is served.
import { checkAdminLoad } from '#server/shopify/admin-load';
import { RETRY_INVALID_SESSION_HEADER, verifySessionToken } from '#server/shopify/session-token';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_PREFIX } from '../embedded/app-bridge';
import { TOKEN_SWITCHES, adminFrameUrl, mintSessionToken, parseTokenSwitch } from '../embedded/load';
import { APP, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const APP_ORIGIN = 'http://localhost:3000';
const load = (overrides: Partial<Parameters<typeof adminFrameUrl>[0]> = {}) =>
  adminFrameUrl({ appOrigin: APP_ORIGIN, path: '', shop: DEMO, apiKey: APP.apiKey, apiSecret: APP.apiSecret, nowMs: NOW, session: 'a1b2c3', userId: '42', ...overrides });
const check = (url: string, now = NOW) => checkAdminLoad(new URL(url).searchParams, { apiKey: APP.apiKey, secrets: [APP.apiSecret], now });

describe("the admin's load, as the app checks it", () => {
  it('frames the app at its path with a query signed as Shopify signs it, and a session token for the shop', () => {
    const url = new URL(load({ path: '/app/reviews/12' }));
    expect(url.origin + url.pathname).toBe('http://localhost:3000/app/reviews/12');
    expect([...url.searchParams.keys()].sort()).toEqual(['embedded', 'hmac', 'host', 'id_token', 'locale', 'session', 'shop', 'timestamp']);
    expect(url.searchParams.get('embedded')).toBe('1');
    expect(url.searchParams.get('locale')).toBe('fr');
    expect(url.searchParams.get('timestamp')).toBe(String(NOW / 1000));
    const result = check(url.href);
    expect(result).toMatchObject({ ok: true, shop: DEMO, adminHost: `${DEMO}/admin`, locale: 'fr', tokenRefusal: null });
    expect(result.ok && result.session).toMatchObject({ ok: true, shop: DEMO, userId: '42' });
  });

  it('opens the dashboard by default, keeps the admin URL own query (signed too) and never a path to another host', () => {
    expect(new URL(load()).pathname).toBe('/app/dashboard');
    expect(new URL(load({ path: '/' })).pathname).toBe('/app/dashboard');
    const withQuery = new URL(load({ path: '/app/reviews', query: new URLSearchParams({ status: 'pending', shop: 'evil.myshopify.com', hmac: 'x' }) }));
    expect(withQuery.searchParams.get('status')).toBe('pending');
    expect(withQuery.searchParams.getAll('shop')).toEqual([DEMO]);
    expect(check(withQuery.href).ok).toBe(true);
    expect(new URL(load({ path: '//evil.example/app' })).origin).toBe(APP_ORIGIN);
  });

  it('is refused by the app when it is stale or signed with another secret', () => {
    expect(check(load(), NOW + 91_000)).toEqual({ ok: false, reason: 'stale' });
    expect(check(load({ apiSecret: 'another secret' }))).toEqual({ ok: false, reason: 'signature' });
  });

  it("spoils every token as its switch says, and the app's verifier refuses it for that reason", () => {
    const expected = { expired: 'expired', not_yet_valid: 'not_yet_valid', wrong_audience: 'audience', wrong_signature: 'signature' } as const;
    for (const tokenSwitch of TOKEN_SWITCHES) {
      // The load stays signed: the app serves its bounce page, which asks App Bridge for a token.
      expect(check(load({ tokenSwitch })), tokenSwitch).toMatchObject({ ok: true, session: null, tokenRefusal: expected[tokenSwitch] });
      const token = mintSessionToken({ shop: DEMO, apiKey: APP.apiKey, apiSecret: APP.apiSecret, nowMs: NOW, tokenSwitch });
      expect(verifySessionToken(token, { apiKey: APP.apiKey, secrets: [APP.apiSecret], now: NOW }), tokenSwitch).toEqual({ ok: false, reason: expected[tokenSwitch] });
    }
    const good = mintSessionToken({ shop: DEMO, apiKey: APP.apiKey, apiSecret: APP.apiSecret, nowMs: NOW, userId: '42' });
    expect(verifySessionToken(good, { apiKey: APP.apiKey, secrets: [APP.apiSecret], now: NOW + 59_000 })).toMatchObject({ ok: true, shop: DEMO, userId: '42' });
    expect(parseTokenSwitch(undefined)).toBeUndefined();
    expect(parseTokenSwitch('nope')).toBeNull();
  });
});

describe('the admin page of the local Shopify', () => {
  let emu: TestEmulator;
  const admin = (path = '', init?: RequestInit) => emu.app.request(`/admin/${DEMO}/apps/${APP.apiKey}${path}`, init);
  const iframeSrc = (page: string) => {
    const match = /<iframe[^>]*\bsrc="([^"]+)"/.exec(page);
    return match ? match[1]!.replace(/&amp;/g, '&') : null;
  };
  const embeddedPolicy = (ancestors: string) => () =>
    new Response('<!doctype html><title>App</title>', {
      status: 200,
      headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': `default-src 'self'; frame-ancestors ${ancestors}` },
    });

  beforeEach(() => {
    emu = createTestEmulator();
    emu.respond(embeddedPolicy(`'self' https://${DEMO} https://admin.shopify.com`));
  });
  afterEach(() => emu.close());

  it('frames the installed app with a load the app accepts, after fetching it as a browser would', async () => {
    await emu.state.installApp(DEMO);
    const res = await admin('/app/settings?tab=emails');
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/<iframe[^>]*title="Application Mon application"/);
    expect(page).toContain('role="status"');
    expect(page).toContain('aria-label="Navigation de l\'application"');
    const src = iframeSrc(page)!;
    expect(src).toMatch(/^http:\/\/localhost:3000\/app\/settings\?/);
    expect(new URL(src).searchParams.get('tab')).toBe('emails');
    expect(check(src, Date.now())).toMatchObject({ ok: true, shop: DEMO, tokenRefusal: null });
    // The frame check fetched that very URL, as an iframe.
    const fetched = emu.requests.at(-1)!;
    expect(fetched.url).toBe(src);
    expect(fetched.method).toBe('HEAD');
    expect(fetched.headers['sec-fetch-dest']).toBe('iframe');
    // The bare name of the shop and no path: the dashboard.
    const bare = await emu.app.request(`/admin/maison-lumiere/apps/${APP.apiKey}`);
    expect(new URL(iframeSrc(await bare.text())!).pathname).toBe('/app/dashboard');
  });

  it('mints the tokens of a switch, for the load and on request', async () => {
    await emu.state.installApp(DEMO);
    const page = await (await admin('/app/dashboard?token=expired')).text();
    const src = iframeSrc(page)!;
    expect(new URL(src).searchParams.has('token')).toBe(false);
    expect(check(src, Date.now())).toMatchObject({ ok: true, session: null, tokenRefusal: 'expired' });
    expect(page).toContain('"tokenSwitch":"expired"');
    const minted = await emu.app.request(`/admin/${DEMO}/session-token?client_id=${APP.apiKey}&token=wrong_audience`, { method: 'POST' });
    expect(minted.status).toBe(200);
    expect(minted.headers.get('cache-control')).toBe('no-store');
    const { token } = (await minted.json()) as { token: string };
    expect(verifySessionToken(token, { apiKey: APP.apiKey, secrets: [APP.apiSecret] })).toEqual({ ok: false, reason: 'audience' });
    const fresh = (await (await emu.app.request(`/admin/${DEMO}/session-token?client_id=${APP.apiKey}`, { method: 'POST' })).json()) as { token: string };
    expect(verifySessionToken(fresh.token, { apiKey: APP.apiKey, secrets: [APP.apiSecret] })).toMatchObject({ ok: true, shop: DEMO });
    expect((await admin('?token=forged')).status).toBe(400);
  });

  it("refuses to frame a document whose frame-ancestors do not allow the admin's origin", async () => {
    await emu.state.installApp(DEMO);
    for (const [ancestors, message] of [
      ["'none'", "frame-ancestors 'none'"],
      [`https://${DEMO} https://admin.shopify.com`, "n'autorise pas l'origine de l'administration"],
    ] as const) {
      emu.respond(embeddedPolicy(ancestors));
      const res = await admin('/app/dashboard');
      const page = await res.text();
      expect(iframeSrc(page), ancestors).toBeNull();
      expect(page).toContain('role="alert"');
      expect(page).toContain(message);
    }
    emu.respond(() => new Response('ok'));
    expect(await (await admin()).text()).toContain('frame-ancestors</code> dans son en-tête');
    emu.respond(() => Promise.reject(new Error('connect ECONNREFUSED')));
    expect(await (await admin()).text()).toContain('ECONNREFUSED');
  });

  it('says when the shop, the app or its installation is missing', async () => {
    expect((await admin()).status).toBe(409);
    expect(await (await admin()).text()).toContain('L&#39;application n&#39;est pas installée');
    const token = await emu.app.request(`/admin/${DEMO}/session-token?client_id=${APP.apiKey}`, { method: 'POST' });
    expect(token.status).toBe(409);
    await emu.state.installApp(DEMO);
    expect((await emu.app.request(`/admin/nowhere.myshopify.com/apps/${APP.apiKey}`)).status).toBe(404);
    expect((await emu.app.request(`/admin/${DEMO}/apps/another-app`)).status).toBe(404);
    expect((await emu.app.request(`/admin/${DEMO}/session-token?client_id=another-app`, { method: 'POST' })).status).toBe(404);
    // Uninstalled: no page, no token (the shop's state is the switch).
    await emu.state.uninstall(DEMO);
    expect((await admin('/app/dashboard')).status).toBe(409);
    expect((await emu.app.request(`/admin/${DEMO}/session-token?client_id=${APP.apiKey}`, { method: 'POST' })).status).toBe(409);
  });

  it('serves the App Bridge stand-in as JavaScript that parses, with the retry header App Bridge reads', async () => {
    const res = await emu.app.request('/app-bridge.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript\b/);
    const script = await res.text();
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain(`'${RETRY_INVALID_SESSION_HEADER}'`);
    expect(script).toContain(`'${MESSAGE_PREFIX}'`);
    for (const surface of ['idToken:', 'toast:', 'saveBar:', 'shopify:navigate', 'shopify-reload', 'ui-title-bar', 'ui-nav-menu', 's-app-nav']) expect(script).toContain(surface);
  });
});
