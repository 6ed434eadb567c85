import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema';
import { createTestContext, type TestContext } from '../../../tests/support/test-context';
import { Browserish, ORIGIN, uniqueEmail } from '../../../tests/support/http';
import { createApp } from '../app';
import { unseal } from '../security/encryption';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let shopCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true' });
  app = createApp(ctx);
});
afterAll(() => ctx.destroy());

async function newShop() {
  shopCounter += 1;
  const shop = await ctx.emulator!.state.createShop({ name: `Boutique ${shopCounter}`, domain: `boutique-${shopCounter}-${Date.now()}.myshopify.com` });
  return shop.domain;
}

/** What /shopify/entry does: forward Shopify's install query to the backend function. */
async function installFromShopify(browser: Browserish, shop: string) {
  const link = new URL(await ctx.emulator!.state.installLink(shop));
  expect(link.pathname).toBe('/shopify/entry');
  const start = await browser.request(`/functions/v1/shopify-auth${link.search}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.toString().startsWith(`${ORIGIN}/_shopify/store/${shop}/admin/oauth/authorize`)).toBe(true);
  return authorize;
}

async function approveConsent(browser: Browserish, authorize: URL) {
  const consent = await browser.request(authorize.toString());
  expect(consent.status).toBe(200);
  expect(await consent.text()).toContain('Installer');
  const form = Object.fromEntries(authorize.searchParams);
  return browser.follow(`${authorize.origin}${authorize.pathname}`, { form: { ...form, decision: 'approve' } });
}

async function signUp(browser: Browserish) {
  const res = await browser.json<{ user: { id: string } }>('/api/auth/sign-up/email', { json: { name: 'Camille', email: uniqueEmail(), password: 'Lumiere-des-Avis-2025' } });
  expect(res.status).toBe(200);
  return res.body.user.id;
}

async function planId(code: string) {
  const [plan] = await ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, code));
  return plan!.id;
}

describe('install from Shopify to an active subscription', () => {
  it('runs OAuth at once, then plan selection, account, claim, billing approval, and lands on the dashboard', async () => {
    const shop = await newShop();
    const browser = new Browserish(app);
    const authorize = await installFromShopify(browser, shop);
    const afterConsent = await approveConsent(browser, authorize);
    const selection = new URL(afterConsent.url);
    expect(selection.pathname).toBe('/shopify/plan-selection');
    expect(selection.searchParams.get('shop')).toBe(shop);
    const token = selection.searchParams.get('token')!;

    const info = await browser.json<{ shop_domain: string; selected_plan: unknown }>(`/api/shopify/installations/${token}`);
    expect(info.body).toMatchObject({ shop_domain: shop, selected_plan: null });
    expect((await browser.json(`/api/shopify/installations/${token}/plan`, { json: { plan_id: await planId('pro') } })).status).toBe(200);
    expect((await browser.json<{ selected_plan: { code: string } }>(`/api/shopify/installations/${token}`)).body.selected_plan.code).toBe('pro');

    const userId = await signUp(browser);
    const claim = await browser.json<{ redirect_url: string }>(`/api/shopify/installations/${token}/claim`, { json: {} });
    expect(claim.status).toBe(200);
    // Already installed with the scopes: Shopify skips the consent and comes straight back; we then
    // create the subscription and send the merchant to Shopify's confirmation page.
    const toConfirmation = await browser.follow(claim.body.redirect_url);
    expect(toConfirmation.url).toMatch(new RegExp(`/_shopify/store/${shop}/admin/charges/\\d+/confirm$`));
    const [pending] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, userId));
    expect(pending).toMatchObject({ shopDomain: shop, isActive: true, subscriptionStatus: 'pending', shopName: expect.stringContaining('Boutique') });
    expect(unseal(ctx.config.encryptionKey, pending!.accessToken!)).toMatch(/^shpat_/);

    const approveUrl = toConfirmation.url.replace(/\/confirm$/, '/approve');
    const done = await browser.follow(approveUrl, { form: {} });
    expect(done.url).toBe(`${ORIGIN}/app/dashboard?shopify=success&subscription=activated`);
    const [active] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, userId));
    expect(active!.subscriptionStatus).toBe('active');
    // The store's webhooks were subscribed when it connected.
    const hooks = await ctx.db.select().from(s.shopifyWebhooks).where(eq(s.shopifyWebhooks.shopId, active!.id));
    expect(hooks.map((h) => h.topic)).toEqual(expect.arrayContaining(['orders/paid', 'orders/fulfilled', 'app/uninstalled', 'customers/redact']));
    const [plan] = await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, shop));
    expect(plan).toMatchObject({ plan: 'pro', emailsQuota: 3000 });
    const current = await browser.json<{ store: { admin_url: string } }>('/api/stores/current');
    expect(current.body.store.admin_url).toBe(`${ORIGIN}/_shopify/store/${shop}/admin`);

    // Disconnecting: the store becomes inactive with its uninstall date, and the gate sees no store.
    expect((await browser.json('/api/stores/current/disconnect', { json: {} })).body).toEqual({ ok: true });
    expect((await browser.json('/api/stores/current')).body).toEqual({ store: null });
    expect((await browser.json('/api/stores/current/disconnect', { json: {} })).status).toBe(404);

    // The link is spent: another account cannot claim it; the same account may see it again.
    const intruder = new Browserish(app);
    await signUp(intruder);
    const stolen = await intruder.json(`/api/shopify/installations/${token}/claim`, { json: {} });
    expect(stolen).toMatchObject({
      status: 409,
      body: { error: 'This installation link has already been used. Please start a new installation.', code: 'installation_claim_refused' },
    });
  });

  it('leaves the store inactive when the merchant declines the charge', async () => {
    const shop = await newShop();
    const browser = new Browserish(app);
    const selection = new URL((await approveConsent(browser, await installFromShopify(browser, shop))).url);
    const token = selection.searchParams.get('token')!;
    const userId = await signUp(browser);
    const claim = await browser.json<{ redirect_url: string }>(`/api/shopify/installations/${token}/claim`, { json: { plan_id: await planId('starter') } });
    const toConfirmation = await browser.follow(claim.body.redirect_url);
    const done = await browser.follow(toConfirmation.url.replace(/\/confirm$/, '/decline'), { form: {} });
    expect(new URL(done.url).pathname).toBe('/subscription');
    expect(new URL(done.url).searchParams.get('status')).toBe('error');
    expect(new URL(done.url).searchParams.get('error')).toBe('subscription_not_approved');
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, userId));
    expect(store!.subscriptionStatus).toBe('declined');
  });
});

/** A shop installed and active on a new account (the full install from Shopify). */
async function installedShop() {
  const shop = await newShop();
  const owner = new Browserish(app);
  const selection = new URL((await approveConsent(owner, await installFromShopify(owner, shop))).url);
  const token = selection.searchParams.get('token')!;
  const ownerId = await signUp(owner);
  const claim = await owner.json<{ redirect_url: string }>(`/api/shopify/installations/${token}/claim`, { json: { plan_id: await planId('starter') } });
  await owner.follow(claim.body.redirect_url);
  const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, ownerId));
  expect(store).toMatchObject({ shopDomain: shop, isActive: true });
  return { shop, owner, ownerId, storeId: store!.id };
}

describe('OAuth bound to the browser and account that started it', () => {
  it("does not bind a shop to an attacker's account when its owner opens the attacker's link", async () => {
    const { shop, owner, ownerId, storeId } = await installedShop();
    const attacker = new Browserish(app);
    const attackerId = await signUp(attacker);
    const link = await attacker.json<{ redirect_url: string }>('/api/shopify/connect', { json: { shop } });
    expect(link.status).toBe(200);

    // The owner opens the link: it goes nowhere.
    const opened = await owner.follow(link.body.redirect_url);
    expect(opened.url).toBe(`${ORIGIN}/app/integrations?shopify=error&message=state_not_bound`);

    // The attacker follows it in their own browser up to Shopify, and hands the owner Shopify's URL.
    const start = await attacker.request(link.body.redirect_url);
    const authorize = start.headers.get('location')!;
    expect(authorize).toContain(`/_shopify/store/${shop}/admin/oauth/authorize`);
    // The app is installed: Shopify comes straight back to our callback, in the owner's browser.
    const back = await owner.follow(authorize);
    expect(back.url).toBe(`${ORIGIN}/app/integrations?shopify=error&message=state_not_bound`);

    const stores = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, shop));
    expect(stores).toEqual([expect.objectContaining({ id: storeId, userId: ownerId, isActive: true })]);
    expect(stores.some((x) => x.userId === attackerId)).toBe(false);
  });

  it('refuses a callback when another account is signed in than the one that started the flow', async () => {
    const shop = await newShop();
    const browser = new Browserish(app);
    await signUp(browser);
    const link = await browser.json<{ redirect_url: string }>('/api/shopify/connect', { json: { shop } });
    const authorize = (await browser.request(link.body.redirect_url)).headers.get('location')!;
    const consent = await browser.request(`${new URL(authorize).origin}${new URL(authorize).pathname}`, {
      form: { ...Object.fromEntries(new URL(authorize).searchParams), decision: 'approve' },
    });
    const callback = consent.headers.get('location')!;
    // Same browser (it holds the binding), but now signed in as someone else.
    await browser.request('/api/auth/sign-out', { json: {} });
    const otherId = await signUp(browser);
    expect((await browser.request(callback)).headers.get('location')).toBe('/app/integrations?shopify=error&message=state_not_bound');
    expect(await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, otherId))).toEqual([]);
  });

  it('never moves a shop active on another account, even through a genuine OAuth', async () => {
    const { shop, ownerId, storeId } = await installedShop();
    const other = new Browserish(app);
    const otherId = await signUp(other);
    const link = await other.json<{ redirect_url: string }>('/api/shopify/connect', { json: { shop } });
    const done = await other.follow(link.body.redirect_url);
    expect(done.url).toBe(`${ORIGIN}/app/integrations?shopify=error&message=shop_owned_by_another_account`);
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
    expect(store).toMatchObject({ userId: ownerId, isActive: true });
    expect(await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, otherId))).toEqual([]);
  });

  it('binds the state with an HttpOnly, SameSite=Lax cookie scoped to the OAuth paths', async () => {
    const browser = new Browserish(app);
    await signUp(browser);
    const res = await browser.request('/api/shopify/connect', { json: { shop: `liee-${Date.now()}.myshopify.com` } });
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('avis_shopify_oauth='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/functions\/v1\/shopify-auth/);
    expect(cookie).toMatch(/Max-Age=900/);
  });
});

describe('install errors', () => {
  it('refuses a forged install link', async () => {
    const shop = await newShop();
    const link = new URL(await ctx.emulator!.state.installLink(shop));
    link.searchParams.set('shop', 'evil-shop.myshopify.com');
    const res = await new Browserish(app).request(`/functions/v1/shopify-auth${link.search}`);
    expect(res.headers.get('location')).toBe('/shopify/install?error=invalid_hmac');
  });

  it('refuses a stale timestamp', async () => {
    const shop = await newShop();
    const link = new URL(await ctx.emulator!.state.installLink(shop));
    const { signQuery } = await import('./hmac');
    link.searchParams.set('timestamp', String(Math.floor(Date.now() / 1000) - 600));
    link.searchParams.delete('hmac');
    link.searchParams.set('hmac', signQuery(link.searchParams, ctx.config.shopify.apiSecret));
    const res = await new Browserish(app).request(`/functions/v1/shopify-auth${link.search}`);
    expect(res.headers.get('location')).toBe('/shopify/install?error=invalid_hmac');
  });

  it('refuses a callback replayed with a used state, or with a tampered query', async () => {
    const shop = await newShop();
    const browser = new Browserish(app);
    const authorize = await installFromShopify(browser, shop);
    const consent = await browser.request(`${authorize.origin}${authorize.pathname}`, { form: { ...Object.fromEntries(authorize.searchParams), decision: 'approve' } });
    const callback = consent.headers.get('location')!;
    const tampered = new URL(callback);
    tampered.searchParams.set('code', 'forged');
    expect((await browser.request(tampered.toString())).headers.get('location')).toBe('/app/integrations?shopify=error&message=invalid_hmac');
    expect(new URL((await browser.request(callback)).headers.get('location')!, ORIGIN).pathname).toBe('/shopify/plan-selection');
    expect((await browser.request(callback)).headers.get('location')).toBe('/app/integrations?shopify=error&message=state_already_used');
  });

  it('sends a merchant who declines the consent back with a message', async () => {
    const shop = await newShop();
    const browser = new Browserish(app);
    const authorize = await installFromShopify(browser, shop);
    const denied = await browser.follow(`${authorize.origin}${authorize.pathname}`, { form: { ...Object.fromEntries(authorize.searchParams), decision: 'deny' } });
    expect(new URL(denied.url).pathname).toBe('/app/integrations');
    expect(new URL(denied.url).searchParams.get('shopify')).toBe('error');
    // A code: the screen has the words ("L'installation a été annulée sur Shopify.").
    expect(new URL(denied.url).searchParams.get('message')).toBe('access_denied');
  });

  it('reports an expired or unknown installation link', async () => {
    const browser = new Browserish(app);
    expect(await browser.json('/api/shopify/installations/unknown-token')).toMatchObject({
      status: 404,
      body: { error: 'Installation token not found', code: 'installation_not_found' },
    });
    expect((await browser.json('/api/shopify/installations/unknown-token/plan', { json: { plan_id: 'nope' } })).status).toBe(400);
  });

  it('refuses to connect a second shop to an account', async () => {
    const browser = new Browserish(app);
    const userId = await signUp(browser);
    await ctx.db.insert(s.shopifyStores).values({ userId, shopDomain: `deja-${Date.now()}.myshopify.com`, subscriptionStatus: 'active' });
    const res = await browser.json('/api/shopify/connect', { json: { shop: 'https://Autre-Boutique.myshopify.com/' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'store_already_connected' });
    expect((await browser.json('/api/shopify/connect', { json: { shop: 'pas-shopify.com' } })).body).toEqual({
      error: 'Domaine Shopify invalide. Veuillez utiliser votre domaine .myshopify.com',
      code: 'invalid_input',
      field: 'shop',
    });
  });
});
