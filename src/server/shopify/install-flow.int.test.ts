import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { Browserish, ORIGIN, uniqueEmail } from '#tests/support/http';
import { createApp } from '../app';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { unseal } from '../security/encryption';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

let shopCounter = 0;

const it = integrationTest({ TRUST_PROXY: 'true' });

it.beforeAll(({ ctx, app }) => {
  ctx.deliverWebhooksTo(app);
});

async function newShop(ctx: TestContext) {
  shopCounter += 1;
  const shop = await ctx.emulator!.state.createShop({ name: `Boutique ${shopCounter}`, domain: `boutique-${shopCounter}-${Date.now()}.myshopify.com` });
  return shop.domain;
}

/** What /shopify/entry does: forward Shopify's install query to the backend function. */
async function installFromShopify(ctx: TestContext, browser: Browserish, shop: string) {
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

const runJobs = (ctx: TestContext) => createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();

async function planId(ctx: TestContext, code: string) {
  const [plan] = await ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, code));
  return plan!.id;
}

describe('install from Shopify to an active subscription', () => {
  it('runs OAuth at once, then plan selection, account, claim, billing approval, and lands on the dashboard', async ({ ctx, app }) => {
    const shop = await newShop(ctx);
    const browser = new Browserish(app);
    const authorize = await installFromShopify(ctx, browser, shop);
    const afterConsent = await approveConsent(browser, authorize);
    const selection = new URL(afterConsent.url);
    expect(selection.pathname).toBe('/shopify/plan-selection');
    expect(selection.searchParams.get('shop')).toBe(shop);
    const token = selection.searchParams.get('token')!;

    const info = await browser.json<{ shop_domain: string; selected_plan: unknown }>(`/api/shopify/installations/${token}`);
    expect(info.body).toMatchObject({ shop_domain: shop, selected_plan: null });
    expect((await browser.json(`/api/shopify/installations/${token}/plan`, { json: { plan_id: await planId(ctx, 'pro') } })).status).toBe(200);
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
    // And its storefront's metafield asked for (a new installation has none; decision 028).
    const publications = await ctx.db.select().from(s.jobs).where(eq(s.jobs.name, 'publish-storefront'));
    expect(publications.filter((job) => (job.payload as { storeId?: string }).storeId === active!.id)).toHaveLength(1);
    const [plan] = await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, shop));
    expect(plan).toMatchObject({ plan: 'pro', emailsQuota: 3000 });
    // Shopify's billing cycle is recorded beside the usage period: its currentPeriodEnd (decision 045).
    const [subscription] = (await ctx.emulator!.state.listAppSubscriptions(shop)).filter((x) => x.status === 'ACTIVE');
    expect(active!.billingPeriodEnd?.toISOString()).toBe(new Date(subscription!.currentPeriodEnd!).toISOString());
    const current = await browser.json<{ store: { admin_url: string } }>('/api/stores/current');
    expect(current.body.store.admin_url).toBe(`${ORIGIN}/_shopify/store/${shop}/admin`);

    // Disconnecting (keeping Shopify's subscription, said so): the store becomes inactive with its
    // uninstall date, and the gate sees no store. Shopify still bills: the answer says nothing stopped there.
    expect((await browser.json('/api/stores/current/disconnect', { json: { shopify: 'keep' } })).body).toEqual({
      ok: true,
      shopify: { choice: 'keep', subscription_cancelled: false, app_uninstalled: false, failure: null },
    });
    expect((await ctx.emulator!.state.listAppSubscriptions(shop)).filter((x) => x.status === 'ACTIVE')).toHaveLength(1);
    // The account still sees the shop it left and that Shopify bills it (decision 045).
    expect((await browser.json('/api/stores/current')).body).toEqual({
      store: null,
      away: {
        shop_domain: shop,
        shop_name: expect.stringContaining('Boutique'),
        reason: 'disconnected',
        since: expect.any(String),
        subscription_status: 'active',
        plan_name: 'Pro',
        billing_period_end: active!.billingPeriodEnd!.toISOString(),
        admin_url: `${ORIGIN}/_shopify/store/${shop}/admin`,
      },
    });
    expect((await browser.json('/api/stores/current/disconnect', { json: { shopify: 'keep' } })).status).toBe(404);

    // The link is spent: another account cannot claim it; the same account may see it again.
    const intruder = new Browserish(app);
    await signUp(intruder);
    const stolen = await intruder.json(`/api/shopify/installations/${token}/claim`, { json: {} });
    expect(stolen).toMatchObject({
      status: 409,
      body: { error: 'Ce lien d’installation a déjà été utilisé. Veuillez recommencer l’installation.', code: 'installation_claim_refused' },
    });
  });

  it('leaves the store out of sending when the merchant declines the charge, and lets it choose again', async ({ ctx, app }) => {
    const shop = await newShop(ctx);
    const browser = new Browserish(app);
    const selection = new URL((await approveConsent(browser, await installFromShopify(ctx, browser, shop))).url);
    const token = selection.searchParams.get('token')!;
    const userId = await signUp(browser);
    const claim = await browser.json<{ redirect_url: string }>(`/api/shopify/installations/${token}/claim`, { json: { plan_id: await planId(ctx, 'starter') } });
    const toConfirmation = await browser.follow(claim.body.redirect_url);
    // Like Shopify: a declined charge sends the merchant to the Shopify admin, not back to the app.
    const done = await browser.follow(toConfirmation.url.replace(/\/confirm$/, '/decline'), { form: {} });
    expect(new URL(done.url).pathname).toBe(`/_shopify/store/${shop}/admin`);
    const [pending] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, userId));
    expect(pending!.subscriptionStatus).toBe('pending');
    // Shopify's app_subscriptions/update says it: declined.
    await ctx.emulator!.state.whenIdle();
    await runJobs(ctx);
    const [declined] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, userId));
    expect(declined!.subscriptionStatus).toBe('declined');

    // Reopened from the admin, it lands in the app (whose gate sends it to /subscription), and from
    // there a plan can be chosen again: plans-change answers Shopify's confirmation page.
    const reopened = await browser.request(`/functions/v1/shopify-auth${new URL(await ctx.emulator!.state.installLink(shop)).search}`);
    expect(reopened.headers.get('location')).toBe('/app/dashboard');
    const retry = await browser.json<{ success: boolean; confirmation_url: string }>('/functions/v1/plans-change', { json: { plan_id: await planId(ctx, 'pro') } });
    expect(retry.status).toBe(200);
    expect(retry.body.confirmation_url).toMatch(new RegExp(`/_shopify/store/${shop}/admin/charges/\\d+/confirm$`));
    const approved = await browser.follow(retry.body.confirmation_url.replace(/\/confirm$/, '/approve'), { form: {} });
    expect(approved.url).toBe(`${ORIGIN}/app/dashboard?shopify=success&subscription=activated`);
    const [active] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, userId));
    expect(active!.subscriptionStatus).toBe('active');

    // A change of plan while paying is no install: the dashboard is told the plan changed (it names it).
    const change = await browser.json<{ confirmation_url: string }>('/functions/v1/plans-change', { json: { plan_id: await planId(ctx, 'starter') } });
    const changed = await browser.follow(change.body.confirmation_url.replace(/\/confirm$/, '/approve'), { form: {} });
    expect(changed.url).toBe(`${ORIGIN}/app/dashboard?shopify=success&subscription=changed`);
    expect((await browser.json<{ plan: string }>('/functions/v1/plans-current')).body.plan).toBe('starter');
  });
});

/** A shop installed and active on a new account (the full install from Shopify). */
async function installedShop(ctx: TestContext, app: ReturnType<typeof createApp>) {
  const shop = await newShop(ctx);
  const owner = new Browserish(app);
  const selection = new URL((await approveConsent(owner, await installFromShopify(ctx, owner, shop))).url);
  const token = selection.searchParams.get('token')!;
  const ownerId = await signUp(owner);
  const claim = await owner.json<{ redirect_url: string }>(`/api/shopify/installations/${token}/claim`, { json: { plan_id: await planId(ctx, 'starter') } });
  await owner.follow(claim.body.redirect_url);
  const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, ownerId));
  expect(store).toMatchObject({ shopDomain: shop, isActive: true });
  return { shop, owner, ownerId, storeId: store!.id };
}

describe('OAuth bound to the browser and account that started it', () => {
  it("does not bind a shop to an attacker's account when its owner opens the attacker's link", async ({ ctx, app }) => {
    const { shop, owner, ownerId, storeId } = await installedShop(ctx, app);
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

  it('refuses a callback when another account is signed in than the one that started the flow', async ({ ctx, app }) => {
    const shop = await newShop(ctx);
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

  it('never moves a shop active on another account, even through a genuine OAuth', async ({ ctx, app }) => {
    const { shop, ownerId, storeId } = await installedShop(ctx, app);
    const other = new Browserish(app);
    const otherId = await signUp(other);
    const link = await other.json<{ redirect_url: string }>('/api/shopify/connect', { json: { shop } });
    const done = await other.follow(link.body.redirect_url);
    expect(done.url).toBe(`${ORIGIN}/app/integrations?shopify=error&message=shop_owned_by_another_account`);
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
    expect(store).toMatchObject({ userId: ownerId, isActive: true });
    expect(await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, otherId))).toEqual([]);
  });

  it('binds the state with an HttpOnly, SameSite=Lax cookie scoped to the OAuth paths', async ({ app }) => {
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
  it('refuses a forged install link', async ({ ctx, app }) => {
    const shop = await newShop(ctx);
    const link = new URL(await ctx.emulator!.state.installLink(shop));
    link.searchParams.set('shop', 'evil-shop.myshopify.com');
    const res = await new Browserish(app).request(`/functions/v1/shopify-auth${link.search}`);
    expect(res.headers.get('location')).toBe('/shopify/install?error=invalid_hmac');
  });

  it('starts no OAuth for a shop domain Shopify would never issue (an underscore), even correctly signed', async ({ ctx, app }) => {
    const { signQuery } = await import('./hmac');
    const states = (await ctx.db.select().from(s.oauthStates)).length;
    const query = new URLSearchParams({ shop: 'boutique_nova.myshopify.com', timestamp: String(Math.floor(Date.now() / 1000)) });
    query.set('hmac', signQuery(query, ctx.config.shopify.apiSecret));
    const res = await new Browserish(app).request(`/functions/v1/shopify-auth?${query}`);
    expect(res.headers.get('location')).toBe('/shopify/install?error=invalid_hmac');
    expect(await ctx.db.select().from(s.oauthStates)).toHaveLength(states);
  });

  it('refuses a stale timestamp', async ({ ctx, app }) => {
    const shop = await newShop(ctx);
    const link = new URL(await ctx.emulator!.state.installLink(shop));
    const { signQuery } = await import('./hmac');
    link.searchParams.set('timestamp', String(Math.floor(Date.now() / 1000) - 600));
    link.searchParams.delete('hmac');
    link.searchParams.set('hmac', signQuery(link.searchParams, ctx.config.shopify.apiSecret));
    const res = await new Browserish(app).request(`/functions/v1/shopify-auth${link.search}`);
    expect(res.headers.get('location')).toBe('/shopify/install?error=invalid_hmac');
  });

  it('refuses a callback replayed with a used state, or with a tampered query', async ({ ctx, app }) => {
    const shop = await newShop(ctx);
    const browser = new Browserish(app);
    const authorize = await installFromShopify(ctx, browser, shop);
    const consent = await browser.request(`${authorize.origin}${authorize.pathname}`, { form: { ...Object.fromEntries(authorize.searchParams), decision: 'approve' } });
    const callback = consent.headers.get('location')!;
    const tampered = new URL(callback);
    tampered.searchParams.set('code', 'forged');
    expect((await browser.request(tampered.toString())).headers.get('location')).toBe('/app/integrations?shopify=error&message=invalid_hmac');
    expect(new URL((await browser.request(callback)).headers.get('location')!, ORIGIN).pathname).toBe('/shopify/plan-selection');
    expect((await browser.request(callback)).headers.get('location')).toBe('/app/integrations?shopify=error&message=state_already_used');
  });

  it('sends a merchant who declines the consent back with a message', async ({ ctx, app }) => {
    const shop = await newShop(ctx);
    const browser = new Browserish(app);
    const authorize = await installFromShopify(ctx, browser, shop);
    const denied = await browser.follow(`${authorize.origin}${authorize.pathname}`, { form: { ...Object.fromEntries(authorize.searchParams), decision: 'deny' } });
    expect(new URL(denied.url).pathname).toBe('/app/integrations');
    expect(new URL(denied.url).searchParams.get('shopify')).toBe('error');
    // A code: the screen has the words ("L'installation a été annulée sur Shopify.").
    expect(new URL(denied.url).searchParams.get('message')).toBe('access_denied');
  });

  it('reports an expired or unknown installation link', async ({ app }) => {
    const browser = new Browserish(app);
    expect(await browser.json('/api/shopify/installations/unknown-token')).toMatchObject({
      status: 404,
      body: { error: 'Lien d’installation introuvable', code: 'installation_not_found' },
    });
    expect((await browser.json('/api/shopify/installations/unknown-token/plan', { json: { plan_id: 'nope' } })).status).toBe(400);
  });

  it('refuses to connect a second shop to an account', async ({ ctx, app }) => {
    const browser = new Browserish(app);
    const userId = await signUp(browser);
    await world(ctx).account(userId).store({ plan: null });
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

describe('opening an installed app from the Shopify admin', () => {
  const openFromAdmin = async (ctx: TestContext, browser: Browserish, shop: string) =>
    browser.request(`/functions/v1/shopify-auth${new URL(await ctx.emulator!.state.installLink(shop)).search}`);
  const liveTokens = async (ctx: TestContext, shop: string) => (await ctx.emulator!.state.listTokens(shop)).filter((t) => !t.revokedAt && !t.online);

  it('goes straight to the app with the stored token kept working: no OAuth, no new token', async ({ ctx, app }) => {
    const { shop, owner, storeId } = await installedShop(ctx, app);
    const before = await liveTokens(ctx, shop);
    expect(before).toHaveLength(1);
    const opened = await openFromAdmin(ctx, owner, shop);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/app/dashboard');
    // Signed out (another browser), the same: the app's gate then asks to sign in.
    expect((await openFromAdmin(ctx, new Browserish(app), shop)).headers.get('location')).toBe('/app/dashboard');
    expect((await liveTokens(ctx, shop)).map((t) => t.accessToken)).toEqual(before.map((t) => t.accessToken));
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
    expect(unseal(ctx.config.encryptionKey, store!.accessToken!)).toBe(before[0]!.accessToken);
    // The diagnostic's token check still passes.
    const diagnostic = await owner.json<{ checks: { token: { status: string } } }>('/api/shopify/diagnostic');
    expect(diagnostic.body.checks.token.status).toBe('success');
  });

  it('runs OAuth when Shopify no longer accepts the stored token, or when the app needs more scopes', async ({ ctx, app }) => {
    const { shop, owner, storeId } = await installedShop(ctx, app);
    await ctx.db.update(s.shopifyStores).set({ scope: '' }).where(eq(s.shopifyStores.id, storeId));
    expect((await openFromAdmin(ctx, owner, shop)).headers.get('location')).toContain(`/_shopify/store/${shop}/admin/oauth/authorize`);
    await ctx.db.update(s.shopifyStores).set({ scope: 'read_orders' }).where(eq(s.shopifyStores.id, storeId));
    for (const token of await liveTokens(ctx, shop)) await ctx.emulator!.state.revokeToken(token.accessToken);
    // Far from expiry, so no refresh is tried: Shopify refuses the token itself.
    expect((await openFromAdmin(ctx, owner, shop)).headers.get('location')).toContain(`/_shopify/store/${shop}/admin/oauth/authorize`);
  });
});
