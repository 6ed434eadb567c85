/**
 * Section 6: the Shopify OAuth round trip is bound to the browser and the account that started it.
 * Driven against the in-process emulator like src/server/shopify/install-flow.int.test.ts:
 * - a link account A got from POST /api/shopify/connect binds nothing when the callback is
 *   completed by another browser (no binding cookie), signed out or signed in as someone else;
 * - nor in A's own browser once another account is signed in there, or nobody is;
 * - a shop active on account A never moves to account B through OAuth, whichever way B starts it.
 * The assertions are on the outcome (an error redirect, and the database), not on message codes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '#db/schema';
import { Browserish, ORIGIN } from '#tests/support/http';
import { createWorld, freshIp, newBrowser, PASSWORD, signUp, type World } from './support/world';

// Test-cost password hashing (see cheap-password.ts); verification stays the app's.
vi.mock('#server/auth/password', async (original) => (await import('./support/cheap-password')).cheapPasswordModule(original as never));

let w: World;
let shopSeq = 0;

beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.ctx.destroy());

/** A shop on the emulator where the app is not installed yet (Shopify shows its consent page). */
async function newShop() {
  shopSeq += 1;
  const shop = await w.ctx.emulator!.state.createShop({ name: `Boutique OAuth ${shopSeq}`, domain: `oauth-${shopSeq}-${Date.now()}.myshopify.com` });
  return shop.domain;
}

async function storesOf(shop: string) {
  return w.ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, shop));
}

async function storesOfUser(userId: string) {
  return w.ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, userId));
}

/** A's browser asks for a connect link and follows it to Shopify's authorize page (A now holds the binding cookie). */
async function startConnect(browser: Browserish, shop: string) {
  const link = await browser.json<{ redirect_url: string }>('/api/shopify/connect', { json: { shop } });
  expect(link.status).toBe(200);
  const start = await browser.request(link.body.redirect_url);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.pathname).toBe(`/_shopify/store/${shop}/admin/oauth/authorize`);
  return { redirectUrl: link.body.redirect_url, authorize };
}

/** Whoever holds `browser` approves the consent page; returns Shopify's redirect to our callback. */
async function approve(browser: Browserish, authorize: URL) {
  const consent = await browser.request(authorize.toString());
  expect(consent.status).toBe(200);
  const res = await browser.request(`${authorize.origin}${authorize.pathname}`, { form: { ...Object.fromEntries(authorize.searchParams), decision: 'approve' } });
  expect(res.status).toBe(302);
  const callback = new URL(res.headers.get('location')!, ORIGIN);
  expect(callback.pathname).toBe('/functions/v1/shopify-auth/callback');
  return callback.toString();
}

const isError = (location: string | null) => Boolean(location && /[?&]shopify=error/.test(location));

async function signIn(browser: Browserish, email: string) {
  const res = await browser.request('/api/auth/sign-in/email', { json: { email, password: PASSWORD }, headers: { 'x-forwarded-for': freshIp() } });
  expect(res.status).toBe(200);
}

describe('a connect link is bound to the browser that asked for it', () => {
  it('completed by another browser without the binding cookie (anonymous): binds nothing', async () => {
    const shop = await newShop();
    const a = await signUp(w, 'oauthA');
    const { authorize } = await startConnect(a.browser, shop);
    const stranger = newBrowser(w);
    const callback = await approve(stranger, authorize);
    const res = await stranger.request(callback);
    expect(res.status).toBe(302);
    expect(isError(res.headers.get('location')), res.headers.get('location') ?? '').toBe(true);
    expect(await storesOf(shop)).toEqual([]);
    expect(await storesOfUser(a.userId)).toEqual([]);
  });

  it('completed by another signed-in account in its own browser: binds nothing, to either account', async () => {
    const shop = await newShop();
    const a = await signUp(w, 'oauthA');
    const b = await signUp(w, 'oauthB');
    const { authorize } = await startConnect(a.browser, shop);
    const callback = await approve(b.browser, authorize);
    const res = await b.browser.request(callback);
    expect(isError(res.headers.get('location')), res.headers.get('location') ?? '').toBe(true);
    expect(await storesOf(shop)).toEqual([]);
    expect(await storesOfUser(a.userId)).toEqual([]);
    expect(await storesOfUser(b.userId)).toEqual([]);
  });

  it('the link itself, opened in another browser, does not even reach Shopify', async () => {
    const shop = await newShop();
    const a = await signUp(w, 'oauthA');
    const b = await signUp(w, 'oauthB');
    const link = await a.browser.json<{ redirect_url: string }>('/api/shopify/connect', { json: { shop } });
    for (const other of [newBrowser(w), b.browser]) {
      const res = await other.request(link.body.redirect_url);
      expect(res.status).toBe(302);
      const location = res.headers.get('location') ?? '';
      expect(location).not.toContain('/oauth/authorize');
      expect(isError(location), location).toBe(true);
    }
  });

  it("a binding cookie for another state (B's own connect) does not open A's flow", async () => {
    const shopA = await newShop();
    const shopB = await newShop();
    const a = await signUp(w, 'oauthA');
    const b = await signUp(w, 'oauthB');
    const { redirectUrl, authorize } = await startConnect(a.browser, shopA);
    await startConnect(b.browser, shopB); // B now holds a genuine binding cookie, for B's state
    const opened = await b.browser.request(redirectUrl);
    expect(opened.headers.get('location') ?? '').not.toContain('/oauth/authorize');
    const callback = await approve(b.browser, authorize);
    const res = await b.browser.request(callback);
    expect(isError(res.headers.get('location')), res.headers.get('location') ?? '').toBe(true);
    expect(await storesOf(shopA)).toEqual([]);
    expect(await storesOfUser(b.userId)).toEqual([]);
  });

  it("a stranger's refused attempt does not spend A's flow: A can still finish it (control)", async () => {
    const shop = await newShop();
    const a = await signUp(w, 'oauthA');
    const { authorize } = await startConnect(a.browser, shop);
    const stranger = newBrowser(w);
    const callback = await approve(stranger, authorize);
    expect(isError((await stranger.request(callback)).headers.get('location'))).toBe(true);
    const done = await a.browser.request(callback);
    expect(done.headers.get('location')).toBe(`/app/integrations?shopify=success&shop=${encodeURIComponent(shop)}`);
    expect(await storesOf(shop)).toEqual([expect.objectContaining({ userId: a.userId, isActive: true })]);
  });
});

describe('a connect link is bound to the account that asked for it', () => {
  it("completed in A's browser after another account signed in there: binds nothing", async () => {
    const shop = await newShop();
    const a = await signUp(w, 'oauthA');
    const b = await signUp(w, 'oauthB');
    const { authorize } = await startConnect(a.browser, shop);
    const callback = await approve(a.browser, authorize);
    expect((await a.browser.request('/api/auth/sign-out', { json: {} })).status).toBe(200);
    await signIn(a.browser, b.email);
    const res = await a.browser.request(callback);
    expect(isError(res.headers.get('location')), res.headers.get('location') ?? '').toBe(true);
    expect(await storesOf(shop)).toEqual([]);
    expect(await storesOfUser(b.userId)).toEqual([]);
  });

  it("completed in A's browser after A signed out: binds nothing", async () => {
    const shop = await newShop();
    const a = await signUp(w, 'oauthA');
    const { authorize } = await startConnect(a.browser, shop);
    const callback = await approve(a.browser, authorize);
    expect((await a.browser.request('/api/auth/sign-out', { json: {} })).status).toBe(200);
    const res = await a.browser.request(callback);
    expect(isError(res.headers.get('location')), res.headers.get('location') ?? '').toBe(true);
    expect(await storesOf(shop)).toEqual([]);
  });
});

describe('a shop active on one account never moves to another through OAuth', () => {
  /** Shop connected to A through a genuine OAuth round trip. */
  async function shopOfA() {
    const shop = await newShop();
    const a = await signUp(w, 'proprietaire');
    const { authorize } = await startConnect(a.browser, shop);
    const done = await a.browser.request(await approve(a.browser, authorize));
    expect(done.headers.get('location')).toContain('shopify=success');
    const [store] = await storesOf(shop);
    expect(store).toMatchObject({ userId: a.userId, isActive: true });
    return { shop, a, store: store! };
  }

  it('B connecting the same shop (Shopify skips the consent: the app is installed) gets an error; A keeps the shop and its token', async () => {
    const { shop, a, store } = await shopOfA();
    const b = await signUp(w, 'repreneur');
    const done = await b.browser.follow((await b.browser.json<{ redirect_url: string }>('/api/shopify/connect', { json: { shop } })).body.redirect_url);
    expect(done.url).toMatch(/[?&]shopify=error/);
    expect(await storesOf(shop)).toEqual([store]);
    expect(await storesOfUser(b.userId)).toEqual([]);
    expect((await a.browser.json<{ store: { id: string } }>('/api/stores/current')).body.store.id).toBe(store.id);
  });

  it('B opening the same shop from Shopify goes to the app, with no installation link to claim; A keeps the shop and its token', async () => {
    const { shop, store } = await shopOfA();
    const b = newBrowser(w);
    const link = new URL(await w.ctx.emulator!.state.installLink(shop));
    // A's token works: the signed admin request opens the app, where B's own session (none) decides.
    const opened = await b.request(`/functions/v1/shopify-auth${link.search}`);
    expect(opened.headers.get('location')).toBe('/app/dashboard');
    expect(await storesOf(shop)).toEqual([store]);
  });

  it('B installing the same shop from Shopify (A’s token dead) and claiming the installation link gets an error; A keeps the shop', async () => {
    const { shop, store } = await shopOfA();
    for (const token of await w.ctx.emulator!.state.listTokens(shop)) await w.ctx.emulator!.state.revokeToken(token.accessToken);
    const b = newBrowser(w);
    const link = new URL(await w.ctx.emulator!.state.installLink(shop));
    const start = await b.request(`/functions/v1/shopify-auth${link.search}`);
    const afterShopify = await b.follow(start.headers.get('location')!);
    const selection = new URL(afterShopify.url);
    expect(selection.pathname).toBe('/shopify/plan-selection');
    const token = selection.searchParams.get('token')!;
    const email = `repreneur.${Date.now()}@exemple.test`;
    expect((await b.request('/api/auth/sign-up/email', { json: { name: 'B', email, password: PASSWORD } })).status).toBe(200);
    const [starter] = await w.ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, 'starter'));
    const claim = await b.json<{ redirect_url?: string }>(`/api/shopify/installations/${token}/claim`, { json: { plan_id: starter!.id } });
    if (claim.status === 200) {
      const done = await b.follow(claim.body.redirect_url!);
      expect(done.url).toMatch(/[?&](shopify|status)=error/);
    } else {
      expect(claim.status).toBeGreaterThanOrEqual(400);
      expect(claim.status).toBeLessThan(500);
    }
    expect(await storesOf(shop)).toEqual([store]);
    const [bUser] = await w.ctx.db.select().from(s.user).where(eq(s.user.email, email));
    expect(await storesOfUser(bUser!.id)).toEqual([]);
  });
});
