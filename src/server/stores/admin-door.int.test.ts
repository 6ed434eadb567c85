/**
 * The admin door on the API (decision 053): a request from the app in the Shopify admin carries
 * `Authorization: Bearer <session token>` and no cookie; the token names the shop, whose active store
 * the request acts on, whatever else it says. A refused token answers 401 with Shopify's retry header.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StoreSettings } from '#core/api/settings';
import * as s from '#db/schema';
import { integrationTest } from '#tests/support/integration';
import { RETRY_INVALID_SESSION_HEADER, sessionTokenClaims, signSessionToken, type SessionTokenClaims } from '../shopify/session-token';

const it = integrationTest({ SHOPIFY_API_SECRET_PREVIOUS: 'le-secret-d-avant' });

/** A request as the admin's App Bridge sends it: the bearer token, no cookie, no Origin. */
function fromAdmin(app: { request: (url: string, init?: RequestInit) => Response | Promise<Response> }, path: string, token: string, init: RequestInit = {}) {
  return app.request(`http://localhost:3000${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
}

describe('the admin door: a Shopify session token on the API', () => {
  it('acts on the shop the token names, without a cookie, for reads and writes', async ({ ctx, app, world }) => {
    const maison = await world.merchant().store({ shopDomain: 'maison-lumiere.myshopify.com', shopName: 'Maison Lumière' });
    const token = signSessionToken(sessionTokenClaims({ shop: 'maison-lumiere.myshopify.com', apiKey: ctx.config.shopify.apiKey }), ctx.config.shopify.apiSecret);

    const current = await fromAdmin(app, '/api/stores/current', token);
    expect(current.status).toBe(200);
    expect(((await current.json()) as { store: { shop_domain: string } }).store.shop_domain).toBe('maison-lumiere.myshopify.com');

    const saved = await fromAdmin(app, '/api/settings', token, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner_notification_email: 'alertes@maison.test', daily_send_limit: 250 }),
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('set-cookie')).toBeNull();
    expect(((await saved.json()) as StoreSettings).owner_notification_email).toBe('alertes@maison.test');
    const [config] = await ctx.db.select().from(s.storeEmailConfig).where(eq(s.storeEmailConfig.shopId, maison.store.id));
    expect(config?.dailySendLimit).toBe(250);
  });

  it("never acts on another shop: a token of one shop reads its own store, even beside another account's cookie", async ({ ctx, app, world }) => {
    const other = await world.signedIn(app).store({ shopDomain: 'voisine.myshopify.com' });
    await world.merchant().store({ shopDomain: 'atelier.myshopify.com' });
    const token = signSessionToken(sessionTokenClaims({ shop: 'atelier.myshopify.com', apiKey: ctx.config.shopify.apiKey }), ctx.config.shopify.apiSecret);
    const cookie = [...other.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

    const both = await fromAdmin(app, '/api/stores/current?shop=voisine.myshopify.com', token, { headers: { cookie } });
    expect(((await both.json()) as { store: { shop_domain: string } }).store.shop_domain).toBe('atelier.myshopify.com');
    // The cookie alone is still the standalone door, with its own store.
    const standalone = await other.browser.json<{ store: { shop_domain: string } }>('/api/stores/current');
    expect(standalone.body.store.shop_domain).toBe('voisine.myshopify.com');
  });

  it('accepts a token signed with the previous secret during a rotation', async ({ ctx, app, world }) => {
    await world.merchant().store({ shopDomain: 'rotation.myshopify.com' });
    const token = signSessionToken(sessionTokenClaims({ shop: 'rotation.myshopify.com', apiKey: ctx.config.shopify.apiKey }), 'le-secret-d-avant');
    expect((await fromAdmin(app, '/api/settings', token)).status).toBe(200);
  });

  const refusals: [string, (claims: SessionTokenClaims) => SessionTokenClaims, string?][] = [
    ['expired', (claims) => ({ ...claims, exp: claims.iat! - 30 })],
    ['not yet valid', (claims) => ({ ...claims, nbf: claims.iat! + 60 })],
    ['for another app', (claims) => ({ ...claims, aud: 'une-autre-application' })],
    ['signed with another secret', (claims) => claims, 'pas-le-bon-secret'],
    ['whose issuer is another shop', (claims) => ({ ...claims, iss: 'https://voisine.myshopify.com/admin' })],
  ];
  it.for(refusals)('refuses a token %s: 401 invalid_session_token with the retry header, nothing read', async ([, change, secret], { ctx, app, world }) => {
    const shop = `refus-${randomUUID().slice(0, 8)}.myshopify.com`;
    await world.merchant().store({ shopDomain: shop });
    const claims = change(sessionTokenClaims({ shop, apiKey: ctx.config.shopify.apiKey }));
    const res = await fromAdmin(app, '/api/settings', signSessionToken(claims, secret ?? ctx.config.shopify.apiSecret));
    expect(res.status).toBe(401);
    expect(res.headers.get(RETRY_INVALID_SESSION_HEADER)).toBe('1');
    expect(await res.json()).toEqual({ code: 'invalid_session_token', error: 'Votre session Shopify a expiré. Rechargez l’application depuis l’administration Shopify.' });
  });

  it('refuses an unsigned token (alg none) and a token that is not one', async ({ app }) => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ dest: 'https://refus.myshopify.com' })).toString('base64url');
    for (const token of [`${header}.${payload}.`, `${header}.${payload}`, 'pas-un-jeton']) {
      const res = await fromAdmin(app, '/api/stores/current', token);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_session_token');
    }
  });

  it('a valid token of a shop whose app is not installed here is not signed in, without the retry header', async ({ ctx, app, world }) => {
    await world.merchant().store({ shopDomain: 'partie.myshopify.com', row: { isActive: false } });
    for (const shop of ['partie.myshopify.com', 'inconnue.myshopify.com']) {
      const res = await fromAdmin(app, '/api/settings', signSessionToken(sessionTokenClaims({ shop, apiKey: ctx.config.shopify.apiKey }), ctx.config.shopify.apiSecret));
      expect(res.status).toBe(401);
      expect(res.headers.get(RETRY_INVALID_SESSION_HEADER)).toBeNull();
      expect(((await res.json()) as { code: string }).code).toBe('not_signed_in');
    }
  });

  it("get-session answers the shop owner's account for a token, null for a shop not installed here or a refused token", async ({ ctx, app, world }) => {
    const owner = await world.merchant({ email: 'proprietaire@atelier-verre.test', name: 'Zoé' }).store({ shopDomain: 'atelier-verre.myshopify.com' });
    const sign = (shop: string, secret = ctx.config.shopify.apiSecret) => signSessionToken(sessionTokenClaims({ shop, apiKey: ctx.config.shopify.apiKey }), secret);

    const mine = await fromAdmin(app, '/api/auth/get-session', sign('atelier-verre.myshopify.com'));
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ user: { id: (await owner.user()).id, email: 'proprietaire@atelier-verre.test', name: 'Zoé' } });
    expect(mine.headers.get('set-cookie')).toBeNull();

    const stranger = await fromAdmin(app, '/api/auth/get-session', sign('jamais-installee.myshopify.com'));
    expect(stranger.status).toBe(200);
    expect(await stranger.json()).toBeNull();

    // A refused token is no session, as for any credential that does not hold (get-session's contract).
    const forged = await fromAdmin(app, '/api/auth/get-session', sign('atelier-verre.myshopify.com', 'pas-le-bon-secret'));
    expect(forged.status).toBe(200);
    expect(await forged.json()).toBeNull();
  });

  it('speaks for its shop, not for the whole account: the account-wide endpoints beyond the active store take the standalone session only', async ({ ctx, app, world }) => {
    await world.merchant().store({ shopDomain: 'porte-etroite.myshopify.com' });
    const token = signSessionToken(sessionTokenClaims({ shop: 'porte-etroite.myshopify.com', apiKey: ctx.config.shopify.apiKey }), ctx.config.shopify.apiSecret);
    // Another shop's compliance export, an installation to claim, a shop to connect: not from the admin door.
    const refused = [
      await fromAdmin(app, `/api/compliance/exports/${randomUUID()}`, token),
      await fromAdmin(app, '/api/shopify/connect', token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shop: 'autre.myshopify.com' }),
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('not_signed_in');
      expect(res.headers.get(RETRY_INVALID_SESSION_HEADER)).toBeNull();
    }
    // What acts on the active store (the token's shop) stays open to it.
    expect((await fromAdmin(app, '/api/stores/current', token)).status).toBe(200);
    expect((await fromAdmin(app, '/api/shopify/diagnostic', token)).status).not.toBe(401);
  });
});
