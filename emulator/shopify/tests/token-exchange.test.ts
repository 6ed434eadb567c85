// Token exchange (docs/shopify/session-tokens.md): the session tokens the local Shopify mints, and the
// grant that exchanges one for an access token at /admin/oauth/access_token, with Shopify's errors,
// Shopify-managed installation and the revocation of older offline tokens.
import '@shopify/shopify-api/adapters/web-api';
import { ApiVersion, LogSeverity, RequestedTokenType, shopifyApi } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ID_TOKEN_TYPE, OFFLINE_ACCESS_TOKEN_TYPE, ONLINE_ACCESS_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '../areas/installation';
import { SESSION_TOKEN_FAULTS, checkSubjectToken } from '../session-tokens';
import { APP, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

const DECLARED = 'read_orders,read_customers';
let emu: TestEmulator;

beforeEach(() => {
  emu = createTestEmulator({ app: { ...APP, scopes: DECLARED } });
});
afterEach(() => emu.close());

const nowMs = () => emu.clock.now.getTime();

function grant(subjectToken: string, extra: Record<string, unknown> = {}) {
  return {
    client_id: APP.apiKey,
    client_secret: APP.apiSecret,
    grant_type: TOKEN_EXCHANGE_GRANT,
    subject_token: subjectToken,
    subject_token_type: ID_TOKEN_TYPE,
    requested_token_type: OFFLINE_ACCESS_TOKEN_TYPE,
    expiring: '1',
    ...extra,
  };
}

async function post(body: Record<string, unknown>, shop = DEMO, form = false) {
  const res = await emu.app.request(`/store/${shop}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const SHOP_QUERY = '{ shop { name } }';

describe('session tokens the local Shopify mints', () => {
  it('carry Shopify’s claims for the shop and its owner, valid for one minute, signed HS256 with the secret', async () => {
    const token = await emu.state.sessionToken(DEMO);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((s) => JSON.parse(Buffer.from(s, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const nowS = Math.floor(nowMs() / 1000);
    expect(payload).toMatchObject({ iss: `https://${DEMO}/admin`, dest: `https://${DEMO}`, aud: APP.apiKey, nbf: nowS, iat: nowS, exp: nowS + 60 });
    expect(typeof payload!.sub).toBe('string');
    expect(typeof payload!.sid).toBe('string');
    expect(typeof payload!.jti).toBe('string');
    expect(checkSubjectToken(token, { shop: DEMO, apiKey: APP.apiKey, apiSecret: APP.apiSecret, now: nowMs() })).toMatchObject({ ok: true });
  });

  it('are accepted by @shopify/shopify-api, and each switch breaks them as it says', async () => {
    const api = shopifyApi({
      apiKey: APP.apiKey,
      apiSecretKey: APP.apiSecret,
      scopes: ['read_orders'],
      hostName: 'localhost:3000',
      apiVersion: ApiVersion.July26,
      isEmbeddedApp: true,
      logger: { level: LogSeverity.Error, log: async () => {} },
    });
    // Real time here: the library reads the system clock.
    const real = createTestEmulator({ app: { ...APP, scopes: DECLARED }, now: () => new Date() });
    try {
      const good = await real.state.sessionToken(DEMO, { userId: '42', sessionId: 'sid-1' });
      await expect(api.session.decodeSessionToken(good)).resolves.toMatchObject({ dest: `https://${DEMO}`, sub: '42', sid: 'sid-1' });
      for (const fault of SESSION_TOKEN_FAULTS) {
        const bad = await real.state.sessionToken(DEMO, { fault });
        await expect(api.session.decodeSessionToken(bad), fault).rejects.toThrow();
      }
    } finally {
      await real.close();
    }
  });

  it('are minted by the control API too', async () => {
    const res = await emu.app.request(`/control/shops/${DEMO}/session-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: '7', fault: 'expired' }),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(checkSubjectToken(token, { shop: DEMO, apiKey: APP.apiKey, apiSecret: APP.apiSecret, now: nowMs() })).toEqual({ ok: false, why: 'token expired' });
    const unknown = await emu.app.request('/control/shops/nobody.myshopify.com/session-token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(unknown.status).toBe(404);
    const badFault = await emu.app.request(`/control/shops/${DEMO}/session-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fault: 'stale' }),
    });
    expect(badFault.status).toBe(400);
  });
});

describe('the token-exchange grant', () => {
  it('installs the app with its declared scopes and gives an expiring offline token with its refresh token', async () => {
    expect((await emu.state.getShop(DEMO))!.installed).toBe(false);
    const { status, body } = await post(grant(await emu.state.sessionToken(DEMO)));
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^shpat_/),
      scope: DECLARED,
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^shprt_/),
      refresh_token_expires_in: 90 * 24 * 3600,
    });
    expect((await emu.state.getShop(DEMO))!.installed).toBe(true);
    const [token] = await emu.state.listTokens(DEMO);
    expect(token).toMatchObject({ grant: 'token_exchange', online: false, scope: DECLARED });
    expect((await emu.gql(DEMO, body.access_token as string, SHOP_QUERY)).body.data.shop.name).toBe('Maison Lumière');

    // The refresh token works like the code grant's.
    const refreshed = await post({ client_id: APP.apiKey, client_secret: APP.apiSecret, grant_type: 'refresh_token', refresh_token: body.refresh_token });
    expect(refreshed.status).toBe(200);
  });

  it('revokes the shop’s older offline tokens and their refresh tokens', async () => {
    const first = await emu.state.installApp(DEMO, { scope: 'read_orders' });
    const exchanged = await post(grant(await emu.state.sessionToken(DEMO)));
    expect(exchanged.status).toBe(200);
    // An installed app is brought to its declared scopes (the admin asked the merchant before opening it).
    expect(exchanged.body.scope).toBe(DECLARED);
    expect((await emu.gql(DEMO, first.access_token, SHOP_QUERY)).status).toBe(401);
    const oldRefresh = await post({ client_id: APP.apiKey, client_secret: APP.apiSecret, grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(oldRefresh).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const again = await post(grant(await emu.state.sessionToken(DEMO)));
    expect((await emu.gql(DEMO, exchanged.body.access_token as string, SHOP_QUERY)).status).toBe(401);
    expect((await emu.gql(DEMO, again.body.access_token as string, SHOP_QUERY)).status).toBe(200);
    expect((await emu.state.listTokens(DEMO)).filter((t) => !t.revokedAt)).toHaveLength(1);
  });

  it('takes a form body, and gives a non-expiring token without expiring=1', async () => {
    const { status, body } = await post(grant(await emu.state.sessionToken(DEMO), { expiring: '0' }), DEMO, true);
    expect(status).toBe(200);
    expect(body).toEqual({ access_token: expect.stringMatching(/^shpat_/), scope: DECLARED });
  });

  it('gives an online token for the user without revoking the offline one', async () => {
    const offline = await post(grant(await emu.state.sessionToken(DEMO)));
    const online = await post(grant(await emu.state.sessionToken(DEMO), { requested_token_type: ONLINE_ACCESS_TOKEN_TYPE }));
    expect(online.status).toBe(200);
    expect(online.body).toMatchObject({ access_token: expect.stringMatching(/^shpua_/), associated_user: expect.any(Object) });
    expect((await emu.gql(DEMO, offline.body.access_token as string, SHOP_QUERY)).status).toBe(200);
  });

  it('refuses a broken session token with invalid_subject_token, installing nothing', async () => {
    for (const fault of SESSION_TOKEN_FAULTS) {
      const { status, body } = await post(grant(await emu.state.sessionToken(DEMO, { fault })));
      expect({ fault, status, error: body.error }).toEqual({ fault, status: 400, error: 'invalid_subject_token' });
    }
    // A minute passes: the token minted at the start has expired.
    const token = await emu.state.sessionToken(DEMO);
    emu.clock.advance(61_000);
    expect((await post(grant(token))).body.error).toBe('invalid_subject_token');
    expect((await post(grant('not-a-jwt'))).body.error).toBe('invalid_subject_token');
    expect((await emu.state.getShop(DEMO))!.installed).toBe(false);
    expect(await emu.state.listTokens(DEMO)).toEqual([]);
  });

  it('refuses a session token of another shop', async () => {
    await emu.state.createShop({ domain: 'autre-boutique.myshopify.com' });
    const other = await emu.state.sessionToken('autre-boutique.myshopify.com');
    const { status, body } = await post(grant(other), DEMO);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid_subject_token', error_description: expect.stringContaining('not issued for this shop') });
  });

  it('refuses a wrong client, a missing token, and unknown token types', async () => {
    const token = await emu.state.sessionToken(DEMO);
    expect(await post(grant(token, { client_secret: 'wrong' }))).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await post(grant(token, { client_id: 'other-app' }))).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await post(grant(''))).toMatchObject({ status: 400, body: { error: 'missing_subject_token' } });
    expect(await post(grant(token, { subject_token_type: 'urn:ietf:params:oauth:token-type:jwt' }))).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await post(grant(token, { requested_token_type: 'urn:shopify:params:oauth:token-type:bearer' }))).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await post(grant(token, { requested_token_type: undefined }))).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await emu.state.listTokens(DEMO)).toEqual([]);
  });

  it('without declared scopes, installs nothing: an installed app keeps its scopes', async () => {
    const bare = createTestEmulator();
    try {
      const res = async () =>
        bare.app.request(`/store/${DEMO}/admin/oauth/access_token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(grant(await bare.state.sessionToken(DEMO))),
        });
      const refused = await res();
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_request');
      await bare.state.installApp(DEMO, { scope: 'read_orders' });
      const ok = await res();
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { scope: string }).scope).toBe('read_orders');
    } finally {
      await bare.close();
    }
  });

  it('is what @shopify/shopify-api’s tokenExchange expects', async () => {
    const real = createTestEmulator({ app: { ...APP, scopes: DECLARED }, now: () => new Date() });
    setAbstractFetchFunc((async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url);
      return real.app.request(`/store/${url.hostname}${url.pathname}${url.search}`, init);
    }) as typeof fetch);
    const api = shopifyApi({
      apiKey: APP.apiKey,
      apiSecretKey: APP.apiSecret,
      scopes: DECLARED.split(','),
      hostName: 'localhost:3000',
      apiVersion: ApiVersion.July26,
      isEmbeddedApp: true,
      logger: { level: LogSeverity.Error, log: async () => {} },
    });
    try {
      const { session } = await api.auth.tokenExchange({
        shop: DEMO,
        sessionToken: await real.state.sessionToken(DEMO),
        requestedTokenType: RequestedTokenType.OfflineAccessToken,
        expiring: true,
      });
      expect(session).toMatchObject({ shop: DEMO, isOnline: false, scope: DECLARED });
      expect(session.accessToken).toMatch(/^shpat_/);
      expect(session.refreshToken).toMatch(/^shprt_/);
    } finally {
      await real.close();
    }
  });
});
