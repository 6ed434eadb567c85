import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paramsOf, queryHmac, verifyQueryHmac } from '../crypto';
import { APP, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

const REDIRECT = APP.redirectUris[0]!;
let emu: TestEmulator;
const nowSec = () => Math.floor(emu.clock.now.getTime() / 1000);

beforeEach(() => {
  emu = createTestEmulator();
});
afterEach(() => emu.close());

function authorizePath(params: Record<string, string>, shop = DEMO) {
  return `/store/${shop}/admin/oauth/authorize?${new URLSearchParams(params)}`;
}

const goodAuthorize = { client_id: APP.apiKey, scope: 'read_orders', redirect_uri: REDIRECT, state: 'nonce-123' };

async function approve(state = 'nonce-123', scope = 'read_orders'): Promise<URL> {
  const res = await emu.app.request(`/store/${DEMO}/admin/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...goodAuthorize, scope, state, decision: 'approve' }).toString(),
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('Location')!);
}

async function exchange(body: Record<string, unknown>, shop = DEMO) {
  const res = await emu.app.request(`/store/${shop}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('install link', () => {
  it('the admin page links to a signed install URL with host, shop and timestamp', async () => {
    const page = await emu.app.request(`/store/${DEMO}/admin`);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Maison Lumière');
    expect(html).toContain("Installer l'application");
    expect(html).toContain(`href="/_shopify/store/${DEMO}/admin/apps/install"`);

    const res = await emu.app.request(`/store/${DEMO}/admin/apps/install`);
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('Location')!);
    expect(`${url.origin}${url.pathname}`).toBe(APP.installUrl);
    const params = paramsOf(url);
    expect(Object.keys(params).sort()).toEqual(['hmac', 'host', 'shop', 'timestamp']);
    expect(params.shop).toBe(DEMO);
    expect(Buffer.from(String(params.host), 'base64url').toString()).toBe(`${DEMO}/admin`);
    expect(Number(params.timestamp)).toBe(nowSec());
    expect(params.hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyQueryHmac(params, APP.apiSecret, nowSec())).toBe(true);
    // Independent check of the reference algorithm: sorted k=v pairs without hmac.
    const message = `host=${params.host}&shop=${params.shop}&timestamp=${params.timestamp}`;
    const { createHmac } = await import('node:crypto');
    expect(params.hmac).toBe(createHmac('sha256', APP.apiSecret).update(message).digest('hex'));
  });

  it('the state API gives the same kind of link', async () => {
    const link = await emu.state.installLink(DEMO);
    expect(verifyQueryHmac(paramsOf(link), APP.apiSecret, nowSec())).toBe(true);
  });
});

describe('authorize and consent', () => {
  it('shows a French consent page with the scopes and the two buttons', async () => {
    const res = await emu.app.request(authorizePath({ ...goodAuthorize, 'grant_options[]': '' }));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Installer Mon application');
    expect(html).toContain('read_orders');
    expect(html).toMatch(/<button type="submit" name="decision" value="approve">Installer<\/button>/);
    expect(html).toMatch(/value="deny" class="secondary">Annuler<\/button>/);
  });

  it('rejects an unknown client_id or a redirect_uri not registered with a 400 page', async () => {
    const badClient = await emu.app.request(authorizePath({ ...goodAuthorize, client_id: 'nope' }));
    expect(badClient.status).toBe(400);
    expect(await badClient.text()).toContain('Requête d&#39;autorisation invalide');
    const badRedirect = await emu.app.request(authorizePath({ ...goodAuthorize, redirect_uri: 'http://evil.example/cb' }));
    expect(badRedirect.status).toBe(400);
    const prefix = await emu.app.request(authorizePath({ ...goodAuthorize, redirect_uri: `${REDIRECT}/x` }));
    expect(prefix.status).toBe(400);
  });

  it('404 for an unknown shop', async () => {
    const res = await emu.app.request(authorizePath(goodAuthorize, 'nobody.myshopify.com'));
    expect(res.status).toBe(404);
  });

  it('approve redirects to redirect_uri with code, hmac, host, shop, state, timestamp (valid hex HMAC)', async () => {
    const url = await approve();
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    const params = paramsOf(url);
    expect(Object.keys(params).sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(params.state).toBe('nonce-123');
    expect(params.shop).toBe(DEMO);
    expect(verifyQueryHmac(params, APP.apiSecret, nowSec())).toBe(true);
    const { hmac, ...rest } = params;
    expect(hmac).toBe(queryHmac(rest, APP.apiSecret));
    expect((await emu.state.getShop(DEMO))!.installed).toBe(true);
  });

  it('deny redirects with error=access_denied and the state, without a code', async () => {
    const res = await emu.app.request(`/store/${DEMO}/admin/oauth/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...goodAuthorize, decision: 'deny' }).toString(),
    });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('Location')!);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('nonce-123');
    expect(url.searchParams.has('code')).toBe(false);
    expect((await emu.state.getShop(DEMO))!.installed).toBe(false);
  });

  it('skips the consent screen when the installed app already has the scopes', async () => {
    await approve();
    const res = await emu.app.request(authorizePath({ ...goodAuthorize, state: 'again' }));
    expect(res.status).toBe(302);
    const params = paramsOf(res.headers.get('Location')!);
    expect(params.state).toBe('again');
    expect(verifyQueryHmac(params, APP.apiSecret, nowSec())).toBe(true);
  });
});

describe('access token', () => {
  it('exchanges a code for an expiring offline token and refresh token', async () => {
    const code = (await approve()).searchParams.get('code')!;
    const { status, body } = await exchange({ client_id: APP.apiKey, client_secret: APP.apiSecret, code, expiring: '1' });
    expect(status).toBe(200);
    expect(body.access_token).toMatch(/^shpat_[0-9a-f]{32}$/);
    expect(body.refresh_token).toMatch(/^shprt_[0-9a-f]{32}$/);
    expect(body.scope).toBe('read_orders');
    expect(body.expires_in).toBe(3600);
    expect(body.refresh_token_expires_in).toBeGreaterThan(3600);
  });

  it('without expiring gives a non-expiring offline token; a form body works too', async () => {
    const code = (await approve()).searchParams.get('code')!;
    const res = await emu.app.request(`/store/${DEMO}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: APP.apiKey, client_secret: APP.apiSecret, code, expiring: '0' }).toString(),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['access_token', 'scope']);
    emu.clock.advance(10 * 24 * 3600 * 1000);
    const { status } = await emu.gql(DEMO, String(body.access_token), '{ shop { name } }');
    expect(status).toBe(200);
  });

  it('wrong secret → 401 invalid_client (and the code stays usable)', async () => {
    const code = (await approve()).searchParams.get('code')!;
    const bad = await exchange({ client_id: APP.apiKey, client_secret: 'wrong', code, expiring: '1' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_client');
    const good = await exchange({ client_id: APP.apiKey, client_secret: APP.apiSecret, code, expiring: '1' });
    expect(good.status).toBe(200);
  });

  it('a code is single-use; unknown and expired codes → 400 invalid_grant', async () => {
    const code = (await approve()).searchParams.get('code')!;
    const creds = { client_id: APP.apiKey, client_secret: APP.apiSecret, expiring: '1' };
    expect((await exchange({ ...creds, code })).status).toBe(200);
    const reused = await exchange({ ...creds, code });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    expect((await exchange({ ...creds, code: 'deadbeef' })).body.error).toBe('invalid_grant');

    const late = (await approve()).searchParams.get('code')!;
    emu.clock.advance(61_000);
    const expired = await exchange({ ...creds, code: late });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('invalid_grant');
  });

  it('a code only works on its own shop', async () => {
    await emu.state.createShop({ domain: 'other-shop' });
    const code = (await approve()).searchParams.get('code')!;
    const r = await exchange({ client_id: APP.apiKey, client_secret: APP.apiSecret, code }, 'other-shop.myshopify.com');
    expect(r.body.error).toBe('invalid_grant');
  });

  it('bad grant_type → 400 unsupported_grant_type', async () => {
    const r = await exchange({ client_id: APP.apiKey, client_secret: APP.apiSecret, grant_type: 'password' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('unsupported_grant_type');
  });

  it('refresh rotates the pair; the old refresh token stops working', async () => {
    const code = (await approve()).searchParams.get('code')!;
    const creds = { client_id: APP.apiKey, client_secret: APP.apiSecret };
    const first = (await exchange({ ...creds, code, expiring: '1' })).body;
    emu.clock.advance(3601_000);
    expect((await emu.gql(DEMO, first.access_token, '{ shop { name } }')).status).toBe(401);

    const second = await exchange({ ...creds, grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.expires_in).toBe(3600);
    expect((await emu.gql(DEMO, second.body.access_token, '{ shop { name } }')).status).toBe(200);

    const replay = await exchange({ ...creds, grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    const third = await exchange({ ...creds, grant_type: 'refresh_token', refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);
  });
});
