/**
 * The admin door's documents (decision 053): a page of the app opened by the Shopify admin with its
 * signed query is the app with App Bridge first in `<head>`, framed by that shop's admin only; a bad
 * load is refused, a load outside the iframe goes back into the admin, a load without a usable
 * session token goes to the bounce page. The standalone pages keep refusing every frame.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '#db/schema';
import { merchantOnEmulator } from '#tests/support/emulator-merchant';
import { integrationTest } from '#tests/support/integration';
import type { TestContext } from '#tests/support/test-context';
import { createApp } from '../app';
import { unseal } from '../security/encryption';
import { signQuery } from './hmac';
import { APP_BRIDGE_CDN, APP_BRIDGE_STAND_IN, BOUNCE_PATH } from './embedded-routes';
import { sessionTokenClaims, signSessionToken } from './session-token';

const it = integrationTest();

const SHOP = 'maison-lumiere.myshopify.com';
const ADMIN_HOST = Buffer.from('admin.shopify.com/store/maison-lumiere').toString('base64');
const SHELL =
  '<!doctype html><html lang="fr"><head><meta charset="UTF-8" /><title>Avis Clients</title><script type="module" crossorigin src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

/** The web build the apps serve: a bare shell. */
let webDist: string;
let production: ReturnType<typeof createApp>;
let development: ReturnType<typeof createApp>;
/** Production with a renderer build (dist/web-render) that draws the store its reads find, and says for which door. */
let drawing: ReturnType<typeof createApp>;

const RENDERER = `let transport;
export const setApiTransport = (next) => { transport = next; };
export const renderPage = async (url, options) => {
  const answer = await (await transport('/api/stores/current')).json();
  return { html: '<p>' + (answer.store ? answer.store.shop_domain : 'aucune') + (options && options.adminDoor ? ' dans l’admin' : '') + '</p>', state: answer, unread: [] };
};
`;

it.beforeAll(async ({ ctx }) => {
  webDist = mkdtempSync(join(tmpdir(), 'avis-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), SHELL);
  // Production has no local Shopify: App Bridge from Shopify's CDN, framed by the shop's admin.
  production = createApp({ ...ctx, emulator: null }, { webDist });
  development = createApp(ctx, { webDist });
  const webRenderDist = mkdtempSync(join(tmpdir(), 'avis-web-render-'));
  writeFileSync(join(webRenderDist, 'server-render.js'), RENDERER);
  drawing = createApp({ ...ctx, emulator: null }, { webDist, webRenderDist });
});

/** The query Shopify's admin puts on the app's page, signed with the client secret. */
function adminLoad(secret: string, apiKey: string, overrides: Record<string, string | undefined> = {}, token?: string | null, shop = SHOP) {
  const query: Record<string, string> = {
    embedded: '1',
    shop,
    host: shop === SHOP ? ADMIN_HOST : Buffer.from(`${shop}/admin`).toString('base64'),
    locale: 'fr',
    session: 'sess-1',
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  if (token !== null) query.id_token = token ?? signSessionToken(sessionTokenClaims({ shop, apiKey }), secret);
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete query[key];
    else query[key] = value;
  }
  return new URLSearchParams({ ...query, hmac: signQuery(query, secret) }).toString();
}

const get = (app: ReturnType<typeof createApp>, path: string) => app.request(`http://localhost:3000${path}`);

describe('the app opened in the Shopify admin', () => {
  it('is the app with App Bridge first in <head>, framed by that shop’s admin only, with no cookie', async ({ ctx, world }) => {
    await world.merchant().store({ shopDomain: SHOP });
    const res = await get(production, `/app/dashboard?${adminLoad(ctx.config.shopify.apiSecret, ctx.config.shopify.apiKey)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const head = html.slice(html.indexOf('<head>') + '<head>'.length);
    expect(head.startsWith(`<meta name="shopify-api-key" content="${ctx.config.shopify.apiKey}" /><script src="${APP_BRIDGE_CDN}"></script>`)).toBe(true);
    // App Bridge is the first script of the document.
    expect(html.indexOf('<script')).toBe(html.indexOf(`<script src="${APP_BRIDGE_CDN}"`));
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toContain(`frame-ancestors https://${SHOP} https://admin.shopify.com;`);
    expect(policy).toContain("script-src 'self' https://cdn.shopify.com");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('comes drawn with its data for the shop the session token names, its boot script under this answer’s nonce', async ({ ctx, world }) => {
    const shop = `dessinee-${Date.now()}.myshopify.com`;
    ctx.emulator!.state.createShop({ domain: shop, name: 'Atelier dessiné', email: 'dessine@exemple.test' });
    await world.merchant().store({ shopDomain: shop });
    const { apiSecret, apiKey } = ctx.config.shopify;
    // A standalone session cookie of another account on the same browser is not the admin's caller.
    const other = await world.signedIn(drawing).store();
    const cookie = [...other.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await drawing.request(`http://localhost:3000/app/feedback?${adminLoad(apiSecret, apiKey, {}, undefined, shop)}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<div id="root" inert><p>${shop} dans l’admin</p></div>`);
    expect(html).toContain(`"shop_domain":"${shop}"`);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    // App Bridge is still the first script, and no cookie is set in the frame.
    expect(html.indexOf('<script')).toBe(html.indexOf(`<script src="${APP_BRIDGE_CDN}"`));
    expect(res.headers.get('set-cookie')).toBeNull();
    // The local admin's frame check (a HEAD) gets the document's framing, without a drawing.
    const head = await drawing.request(`http://localhost:3000/app/feedback?${adminLoad(apiSecret, apiKey, {}, undefined, shop)}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-security-policy')).toContain(`frame-ancestors https://${shop} https://admin.shopify.com;`);
    expect(head.headers.get('content-security-policy')).not.toContain('nonce-');
    // A screen the server does not draw comes as the plain shell, with no inline script allowed.
    const plain = await drawing.request(`http://localhost:3000/app/flow?${adminLoad(apiSecret, apiKey, {}, undefined, shop)}`);
    expect(await plain.text()).toContain('<div id="root"></div>');
    expect(plain.headers.get('content-security-policy')).not.toContain('nonce-');
  });

  it('loads the local Shopify’s stand-in instead, framed by its admin on the app’s origin, when the emulator is on', async ({ ctx }) => {
    const res = await get(development, `/app/flow?${adminLoad(ctx.config.shopify.apiSecret, ctx.config.shopify.apiKey)}`);
    expect(await res.text()).toContain(`<head><meta name="shopify-api-key" content="${ctx.config.shopify.apiKey}" /><script src="${APP_BRIDGE_STAND_IN}"></script>`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self';");
  });

  it('keeps every standalone page unframeable', async () => {
    const res = await get(production, '/app/dashboard');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await res.text()).not.toContain('shopify-api-key');
  });

  it.for([
    [
      'a wrong signature and no session token',
      (_query: string, secret: string, apiKey: string) => adminLoad(secret, apiKey, {}, null).replace(/hmac=[0-9a-f]+/, `hmac=${'0'.repeat(64)}`),
    ],
    [
      'a stale timestamp and no session token',
      (_query: string, secret: string, apiKey: string) => adminLoad(secret, apiKey, { timestamp: String(Math.floor(Date.now() / 1000) - 3600) }, null),
    ],
    [
      'a host naming another shop',
      (_query: string, secret: string, apiKey: string) => adminLoad(secret, apiKey, { host: Buffer.from('admin.shopify.com/store/voisine').toString('base64') }),
    ],
    [
      'a session token of another shop',
      (_query: string, secret: string, apiKey: string) => adminLoad(secret, apiKey, {}, signSessionToken(sessionTokenClaims({ shop: 'voisine.myshopify.com', apiKey }), secret)),
    ],
  ] as const)('refuses a load with %s: a French page without App Bridge, which only a Shopify admin may frame', async ([, spoil], { ctx }) => {
    const { apiSecret, apiKey } = ctx.config.shopify;
    const res = await get(production, `/app/dashboard?${spoil('', apiSecret, apiKey)}`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Ce lien d’ouverture depuis Shopify n’est pas valable ou a expiré.');
    expect(html).not.toContain('shopify-api-key');
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors https://*.myshopify.com https://admin.shopify.com;');
  });

  it('opens the app’s home when the admin frames the install entry (application_url), with the same load', async ({ ctx }) => {
    const query = adminLoad(ctx.config.shopify.apiSecret, ctx.config.shopify.apiKey);
    const res = await get(production, `/shopify/entry?${query}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/app/dashboard?${query}`);
  });

  it('leaves the standalone install entry to the standalone door when the admin does not frame it', async ({ ctx }) => {
    const { apiSecret, apiKey } = ctx.config.shopify;
    const res = await get(production, `/shopify/entry?${adminLoad(apiSecret, apiKey, { embedded: undefined }, null)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('shopify-api-key');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('sends a signed load outside the iframe back into the admin, on the app’s page', async ({ ctx }) => {
    const { apiSecret, apiKey } = ctx.config.shopify;
    const res = await get(production, `/app/dashboard?${adminLoad(apiSecret, apiKey, { embedded: undefined })}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`https://admin.shopify.com/store/maison-lumiere/apps/${apiKey}`);
  });

  it.for([
    ['without a session token', null],
    ['with an expired one (a reload)', 'expired'],
  ] as const)('sends a load %s to the bounce page, which reloads the same address with a fresh token', async ([, token], { ctx }) => {
    const { apiSecret, apiKey } = ctx.config.shopify;
    const expired = signSessionToken({ ...sessionTokenClaims({ shop: SHOP, apiKey, now: Date.now() - 10 * 60_000 }) }, apiSecret);
    const res = await get(production, `/app/flow?${adminLoad(apiSecret, apiKey, {}, token === null ? null : expired)}`);
    expect(res.status).toBe(302);
    const bounce = new URL(res.headers.get('location')!, 'http://localhost:3000');
    expect(bounce.pathname).toBe(BOUNCE_PATH);
    expect(bounce.searchParams.get('shop')).toBe(SHOP);
    const reload = new URL(bounce.searchParams.get('shopify-reload')!, 'http://localhost:3000');
    expect(reload.pathname).toBe('/app/flow');
    expect(reload.searchParams.has('id_token')).toBe(false);
    expect(reload.searchParams.get('hmac')).toBeTruthy();

    const page = await get(production, `${bounce.pathname}${bounce.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<head><meta name="shopify-api-key" content="${apiKey}" /><script src="${APP_BRIDGE_CDN}"></script>`);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors https://${SHOP} https://admin.shopify.com;`);

    // App Bridge reloads the address with a fresh token, which the admin's hmac never covered: the token proves the load.
    reload.searchParams.set('id_token', signSessionToken(sessionTokenClaims({ shop: SHOP, apiKey }), apiSecret));
    const reloaded = await get(production, `${reload.pathname}${reload.search}`);
    expect(reloaded.status).toBe(200);
    expect(await reloaded.text()).toContain(`<script src="${APP_BRIDGE_CDN}"></script>`);
  });
});

describe('a shop opened in the admin with no store here (Shopify installed the app)', () => {
  let made = 0;
  /** A shop on the local Shopify, never connected to the app. */
  async function newShop(ctx: TestContext, email: string) {
    made += 1;
    return ctx.emulator!.state.createShop({ domain: `porte-${made}-${Date.now()}.myshopify.com`, name: `Atelier ${made}`, email });
  }
  const openFromAdmin = async (ctx: TestContext, shop: string) =>
    get(development, `/app/dashboard?${adminLoad(ctx.config.shopify.apiSecret, ctx.config.shopify.apiKey, {}, await ctx.emulator!.state.sessionToken(shop), shop)}`);

  it('connects the store to a new account named by the shop owner’s e-mail, with the exchanged token, and opens the app', async ({ ctx }) => {
    const shop = await newShop(ctx, 'Proprietaire@Atelier.test');
    const res = await openFromAdmin(ctx, shop.domain);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<script src="${APP_BRIDGE_STAND_IN}"></script>`);

    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, shop.domain));
    expect(store).toMatchObject({ isActive: true, shopName: shop.name, scope: ctx.config.shopify.scopes });
    // Sealed, never stored as Shopify gave it.
    expect(store!.accessToken).toMatch(/^v1\./);
    expect(store!.accessToken).not.toContain('shpat_');
    const [owner] = await ctx.db.select().from(s.user).where(eq(s.user.id, store!.userId));
    expect(owner).toMatchObject({ email: 'proprietaire@atelier.test', name: '', companyName: shop.name });
    // The account has no password: the merchant sets one later by the e-mailed link.
    expect(await ctx.db.select().from(s.account).where(eq(s.account.userId, owner!.id))).toEqual([]);

    // Opened again: the stored token works, nothing is exchanged (a new offline token would revoke it).
    expect((await openFromAdmin(ctx, shop.domain)).status).toBe(200);
    const [again] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, shop.domain));
    expect(again!.accessToken).toBe(store!.accessToken);
  });

  it('opens a new shop once when the admin loads it twice at once, in one process or two: one exchange, one account, one store', async ({ ctx }) => {
    const shop = await newShop(ctx, 'deux-fois@atelier.test');
    // Another process: its own context (nothing shared in memory), the same database and Shopify.
    const elsewhere = createApp({ ...ctx }, { webDist });
    const load = async (app: ReturnType<typeof createApp>) =>
      get(app, `/app/dashboard?${adminLoad(ctx.config.shopify.apiSecret, ctx.config.shopify.apiKey, {}, await ctx.emulator!.state.sessionToken(shop.domain), shop.domain)}`);
    const answers = await Promise.all([load(development), load(development), load(elsewhere)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect((await ctx.emulator!.state.listTokens(shop.domain)).filter((token) => token.grant === 'token_exchange')).toHaveLength(1);
    expect(await ctx.db.select().from(s.user).where(eq(s.user.email, 'deux-fois@atelier.test'))).toHaveLength(1);
    const stores = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, shop.domain));
    expect(stores).toHaveLength(1);
    // The stored token is the live one.
    const live = (await ctx.emulator!.state.listTokens(shop.domain)).find((token) => token.grant === 'token_exchange' && token.revokedAt === null);
    expect(unseal(ctx.config.encryptionKey, stores[0]!.accessToken!)).toBe(live!.accessToken);
  });

  it('never joins the shop to an account that merely uses the owner’s e-mail: a French page says what to do', async ({ ctx, world }) => {
    const shop = await newShop(ctx, 'deja-inscrit@atelier.test');
    await world.merchant({ email: 'deja-inscrit@atelier.test' }).account();
    const res = await openFromAdmin(ctx, shop.domain);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('Un compte Avis Clients utilise déjà l’adresse deja-inscrit@atelier.test, sans cette boutique.');
    expect(await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, shop.domain))).toEqual([]);
  });

  it('gives a shop back to the account it had after an uninstall (a shop stays on one account)', async ({ ctx, world }) => {
    const shop = await newShop(ctx, 'retour@atelier.test');
    const before = await world
      .merchant({ email: 'ancienne@atelier.test' })
      .store({ shopDomain: shop.domain, row: { isActive: false, uninstalledAt: new Date(Date.now() - 86_400_000), awayReason: 'uninstalled' } });
    expect((await openFromAdmin(ctx, shop.domain)).status).toBe(200);
    const stores = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, shop.domain));
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatchObject({ id: before.store.id, isActive: true });
  });
});

describe('a plan chosen inside the admin', () => {
  it('comes back into the admin after Shopify’s approval, where the billing is read afresh and the dashboard says so', async ({ ctx, app }) => {
    const { shop, store } = await merchantOnEmulator(app, ctx, 'plan-admin');
    const token = () => ctx.emulator!.state.sessionToken(shop);
    const [pro] = await ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, 'pro'));
    const asked = await development.request('http://localhost:3000/functions/v1/plans-change', {
      method: 'POST',
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan_id: pro!.id }),
    });
    expect(asked.status).toBe(200);
    const confirmation = ((await asked.json()) as { confirmation_url: string }).confirmation_url;
    const returnUrl = new URL(await ctx.emulator!.state.approveAppSubscription(shop, Number(/\/charges\/(\d+)\/confirm$/.exec(confirmation)![1])));
    // Shopify comes back to the app's page in the local admin, not to the standalone callback.
    expect(returnUrl.pathname).toBe(`/_shopify/admin/${shop}/apps/${ctx.config.shopify.apiKey}/app/dashboard`);
    expect(returnUrl.searchParams.get('billing')).toBe('return');

    // The admin frames the app's dashboard with that query and its signed load.
    const load = adminLoad(
      ctx.config.shopify.apiSecret,
      ctx.config.shopify.apiKey,
      { billing: 'return', charge_id: returnUrl.searchParams.get('charge_id')! },
      await token(),
      shop,
    );
    const back = await get(development, `/app/dashboard?${load}`);
    expect(back.status).toBe(302);
    const next = new URL(back.headers.get('location')!, 'http://localhost:3000');
    expect(next.pathname).toBe('/app/dashboard');
    expect(Object.fromEntries(['shopify', 'subscription', 'billing', 'charge_id'].map((key) => [key, next.searchParams.get(key)]))).toEqual({
      shopify: 'success',
      subscription: 'activated',
      billing: null,
      charge_id: null,
    });
    expect(next.searchParams.get('id_token')).toBeTruthy();
    const [row] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id));
    expect(row!.subscriptionStatus).toBe('active');
    // The next load is proved by its session token: the app itself.
    expect((await get(development, `${next.pathname}${next.search}`)).status).toBe(200);
  });

  it('sends the merchant on without the verdict when Shopify’s billing is slower than the return may wait', async ({ ctx, app }) => {
    const { shop } = await merchantOnEmulator(app, ctx, 'lente-admin');
    const hurried = createApp(ctx, { webDist, billingReturnDeadlineMs: 100 });
    await ctx.emulator!.state.injectFault({ fault: 'slow', shop, operation: 'BillingState', delayMs: 2_000, count: 1 });
    const load = adminLoad(ctx.config.shopify.apiSecret, ctx.config.shopify.apiKey, { billing: 'return' }, await ctx.emulator!.state.sessionToken(shop), shop);
    const began = performance.now();
    const back = await get(hurried, `/app/dashboard?${load}`);
    expect(performance.now() - began).toBeLessThan(1_500);
    const next = new URL(back.headers.get('location')!, 'http://localhost:3000');
    expect(next.pathname).toBe('/subscription');
    // Not « not approved »: nothing says it was not.
    expect(next.searchParams.get('error')).toBe('billing_sync_failed');
    expect(next.searchParams.get('id_token')).toBeTruthy();
  });

  it('says the plan was not approved when Shopify’s billing shows none active', async ({ ctx, app }) => {
    const { shop } = await merchantOnEmulator(app, ctx, 'refus-admin');
    const load = adminLoad(ctx.config.shopify.apiSecret, ctx.config.shopify.apiKey, { billing: 'return' }, await ctx.emulator!.state.sessionToken(shop), shop);
    const back = await get(development, `/app/dashboard?${load}`);
    const next = new URL(back.headers.get('location')!, 'http://localhost:3000');
    expect(next.pathname).toBe('/subscription');
    expect(next.searchParams.get('error')).toBe('subscription_not_approved');
    // The plan choice is a page the admin may load too.
    const page = await get(development, `${next.pathname}${next.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('shopify-api-key');
  });
});
