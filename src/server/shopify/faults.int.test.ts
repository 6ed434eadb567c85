/**
 * The app under each fault the local Shopify can inject (issue 33, decision 023): THROTTLED, 500, 502,
 * 503, a slow answer and no answer at all. A fault for fewer calls than the attempts is ridden out;
 * one that lasts ends in a clean failure (the right status and French message, never a 500), with
 * nothing half-written: order reconciliation, billing (plan sync, the billing return after an
 * approved charge), webhook registration at install, and the diagnostic.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaultInput } from '#emulator/shopify';
import * as s from '#db/schema';
import { Browserish, uniqueEmail } from '#tests/support/http';
import { merchantOnEmulator } from '#tests/support/emulator-merchant';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import type { AppContext } from '../context';
import { createApp } from '../app';
import { reconcileStore } from '../webhooks/reconcile';
import { findPlan, startSubscription } from './billing';
import { ShopifyRequestError } from './facade';
import { storeRecord } from './install-service';
import { emulatorFacade } from './integration';
import { shopifyUnavailable, type ShopifyRetryPolicy } from './resilience';
import { REQUIRED_TOPICS } from './webhook-subscriptions';

/**
 * The default policy's shape, with waits and time limits a test can afford. An attempt's limit stays
 * well above what a loaded machine takes to answer in process, so only injected faults time out.
 */
const FAST: ShopifyRetryPolicy = { attempts: 4, timeoutMs: 1000, budgetMs: 5000, minDelayMs: 10, maxDelayMs: 50 };

let base: TestContext;
let ctx: AppContext;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  base = await createTestContext({ TRUST_PROXY: 'true' });
  ctx = { ...base, shopify: emulatorFacade(base.config, base.emulator!, FAST) };
  app = createApp(ctx);
});
afterEach(() => base.emulator!.state.clearFaults());
afterAll(() => base.destroy());

const emulator = () => base.emulator!.state;

type Kind = 'THROTTLED' | '500' | '502' | '503' | 'slow' | 'timeout';
const KINDS: Kind[] = ['THROTTLED', '500', '502', '503', 'slow', 'timeout'];

/**
 * The fault for `operation` on `shop`: a slow answer is within the attempt's limit (answered, late);
 * a timeout is no answer at all. `lasting`: until cleared; otherwise one call fewer than the attempts.
 */
function fault(kind: Kind, shop: string, operation: string, lasting: boolean): FaultInput {
  const count = lasting ? undefined : FAST.attempts - 1;
  if (kind === 'slow') return { fault: 'slow', delayMs: 100, shop, operation, count };
  return { fault: kind, shop, operation, count };
}

/** Calls the fault took so far. */
async function hits(operation: string): Promise<number> {
  return (await emulator().listFaults()).filter((f) => f.operation === operation).reduce((n, f) => n + f.hits, 0);
}

describe('order reconciliation', () => {
  it.each(KINDS)('rides out %s for a few calls and records the orders', async (kind) => {
    const { store, shop } = await merchantOnEmulator(app, ctx, `recon-${kind}`);
    await emulator().createOrder(shop, { email: 'lea@example.com', total: 42, financialStatus: 'paid' });
    await emulator().injectFault(fault(kind, shop, 'ReadOrders', false));
    expect(await reconcileStore(ctx, store.id, new Date(), 1)).toBe(1);
    expect(await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, store.id))).toHaveLength(1);
    expect((await storeRecord(ctx.db, store.id)).ordersReconciledAt).not.toBeNull();
  });

  it.each(KINDS.filter((k) => k !== 'slow'))('fails the pass cleanly when %s lasts: nothing recorded, the pass not moved on', async (kind) => {
    const { store, shop } = await merchantOnEmulator(app, ctx, `recon-down-${kind}`);
    await emulator().createOrder(shop, { email: 'lea@example.com', total: 42, financialStatus: 'paid' });
    await emulator().injectFault(fault(kind, shop, 'ReadOrders', true));
    const error = await reconcileStore(ctx, store.id, new Date(), 1).catch((e: unknown) => e);
    expect(shopifyUnavailable(error)).toBe(true);
    expect(await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, store.id))).toEqual([]);
    expect((await storeRecord(ctx.db, store.id)).ordersReconciledAt).toBeNull();
  });
});

/** An approved charge on the local Shopify, not yet read by the app. */
async function approvedCharge(storeId: string, shop: string) {
  const [plan] = await ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, 'pro'));
  const url = await startSubscription(ctx, base.shopify, await storeRecord(ctx.db, storeId), (await findPlan(ctx.db, plan!.id))!);
  await emulator().approveAppSubscription(shop, Number(/\/charges\/(\d+)\/confirm$/.exec(url)![1]));
}

describe('billing', () => {
  it.each(KINDS)('the plan sync rides out %s for a few calls', async (kind) => {
    const { browser, shop } = await merchantOnEmulator(app, ctx, `sync-${kind}`);
    await emulator().injectFault(fault(kind, shop, 'BillingState', false));
    expect(await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).toMatchObject({ status: 200, body: { success: true } });
  });

  it.each(KINDS.filter((k) => k !== 'slow'))('the plan sync answers 502 in French when %s lasts, bounded, writing nothing', async (kind) => {
    const { browser, store, shop } = await merchantOnEmulator(app, ctx, `sync-down-${kind}`);
    await approvedCharge(store.id, shop);
    const before = await storeRecord(ctx.db, store.id);
    await emulator().injectFault(fault(kind, shop, 'BillingState', true));
    const started = Date.now();
    const res = await browser.json('/functions/v1/shopify-sync-plan', { json: {} });
    expect(res).toMatchObject({ status: 502, body: { code: 'plan_sync_failed', error: 'Erreur lors de la synchronisation' } });
    expect(Date.now() - started).toBeLessThan(FAST.budgetMs + 1000);
    // Bounded: every attempt, no more.
    expect(await hits('BillingState')).toBe(FAST.attempts);
    expect((await storeRecord(ctx.db, store.id)).subscriptionStatus).toBe(before.subscriptionStatus);
    expect(await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, shop))).toEqual([]);
  });

  it.each(KINDS)('the billing return after an approved charge rides out %s and lands on the dashboard', async (kind) => {
    const { browser, store, shop } = await merchantOnEmulator(app, ctx, `return-${kind}`);
    await approvedCharge(store.id, shop);
    await emulator().injectFault(fault(kind, shop, 'BillingState', false));
    const back = await browser.request(`/functions/v1/shopify-billing-callback?store_id=${store.id}`);
    expect(back.headers.get('location')).toBe('/app/dashboard?shopify=success&subscription=activated');
    expect((await storeRecord(ctx.db, store.id)).subscriptionStatus).toBe('active');
  });

  it.each(KINDS.filter((k) => k !== 'slow'))('the billing return says the sync failed when %s lasts, and grants nothing', async (kind) => {
    const { browser, store, shop } = await merchantOnEmulator(app, ctx, `return-down-${kind}`);
    await approvedCharge(store.id, shop);
    await emulator().injectFault(fault(kind, shop, 'BillingState', true));
    const back = await browser.request(`/functions/v1/shopify-billing-callback?store_id=${store.id}`);
    expect(back.headers.get('location')).toBe('/subscription?status=error&error=billing_sync_failed');
    expect((await storeRecord(ctx.db, store.id)).subscriptionStatus).not.toBe('active');
    expect(await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, shop))).toEqual([]);
    // Once Shopify answers again, the same return activates the plan.
    await emulator().clearFaults();
    expect((await browser.request(`/functions/v1/shopify-billing-callback?store_id=${store.id}`)).headers.get('location')).toBe(
      '/app/dashboard?shopify=success&subscription=activated',
    );
  });
});

/** A signed-in merchant connecting a new shop through OAuth, as from the integrations page. */
async function connectThroughOAuth(prefix: string, faults: (shop: string) => Promise<void>) {
  const shop = (await emulator().createShop({ domain: `${prefix}-${Date.now()}.myshopify.com`, name: `Boutique ${prefix}` })).domain;
  const browser = new Browserish(app);
  await browser.json('/api/auth/sign-up/email', { json: { name: 'Camille', email: uniqueEmail(), password: 'Lumiere-des-Avis-2025' } });
  const link = await browser.json<{ redirect_url: string }>('/api/shopify/connect', { json: { shop } });
  const authorize = new URL((await browser.request(link.body.redirect_url)).headers.get('location')!);
  const consent = await browser.request(`${authorize.origin}${authorize.pathname}`, { form: { ...Object.fromEntries(authorize.searchParams), decision: 'approve' } });
  await faults(shop);
  const landed = (await browser.request(consent.headers.get('location')!)).headers.get('location');
  const [store] = await ctx.db
    .select()
    .from(s.shopifyStores)
    .where(and(eq(s.shopifyStores.shopDomain, shop), eq(s.shopifyStores.isActive, true)));
  const recorded = (await ctx.db.select().from(s.shopifyWebhooks).where(eq(s.shopifyWebhooks.shopId, store!.id))).map((w) => w.topic);
  const onShopify = (await emulator().listWebhookSubscriptions(shop)).map((w) => w.topic);
  return { shop, store: store!, browser, landed, recorded, onShopify };
}

describe('webhook registration at install', () => {
  it.each(KINDS)('rides out %s on the subscriptions list and registers every topic', async (kind) => {
    const { shop, landed, recorded } = await connectThroughOAuth(`hooks-${kind}`, (shop) =>
      emulator()
        .injectFault(fault(kind, shop, 'WebhookSubscriptions', false))
        .then(() => undefined),
    );
    expect(landed).toBe(`/app/integrations?shopify=success&shop=${encodeURIComponent(shop)}`);
    expect(recorded).toEqual(expect.arrayContaining([...REQUIRED_TOPICS]));
  });

  it.each(KINDS.filter((k) => k !== 'slow'))('connects the store and records no webhook when %s lasts; the diagnostic then offers to register', async (kind) => {
    const { store, browser, landed, recorded } = await connectThroughOAuth(`hooks-down-${kind}`, (shop) =>
      emulator()
        .injectFault(fault(kind, shop, 'WebhookSubscriptions', true))
        .then(() => undefined),
    );
    expect(landed).toMatch(/^\/app\/integrations\?shopify=success/);
    expect(store.accessToken).not.toBeNull();
    expect(recorded).toEqual([]);
    await emulator().clearFaults();
    const diagnostic = await browser.json<{ checks: { webhooks_database: { status: string; missing: string[] } } }>('/api/shopify/diagnostic');
    expect(diagnostic.body.checks.webhooks_database).toMatchObject({ status: 'error', missing: ['orders/paid', 'orders/fulfilled', 'fulfillment_events/create'] });
  });

  it('never creates a subscription twice: one whose answer was lost is found by reading the list again', async () => {
    const { recorded, onShopify } = await connectThroughOAuth('hooks-lost', (shop) =>
      emulator()
        .injectFault({ fault: '500', applied: true, shop, operation: 'webhookSubscriptionCreate', count: 1 })
        .then(() => undefined),
    );
    expect(recorded).toEqual(expect.arrayContaining([...REQUIRED_TOPICS]));
    expect(onShopify).toHaveLength(REQUIRED_TOPICS.length);
  });

  it('reports in French a subscription Shopify did not confirm, records only the others, and registers it on a retry', async () => {
    const { store, browser, recorded } = await connectThroughOAuth('hooks-unconfirmed', (shop) =>
      emulator()
        .injectFault({ fault: 'timeout', shop, operation: 'webhookSubscriptionCreate', count: 1 })
        .then(() => undefined),
    );
    expect(recorded).not.toContain(REQUIRED_TOPICS[0]);
    expect(recorded).toEqual(expect.arrayContaining(REQUIRED_TOPICS.slice(1)));
    await emulator().clearFaults();
    const again = await browser.json<{ success: boolean; errors: string[] }>('/functions/v1/shopify-register-webhooks', { json: { shop_id: store.id } });
    expect(again.body).toMatchObject({ success: true, errors: [] });
  });

  it('the registration function says which topic Shopify did not confirm', async () => {
    const { store, browser, shop } = await merchantOnEmulator(app, ctx, 'hooks-fn');
    await emulator().injectFault({ fault: '503', shop, operation: 'webhookSubscriptionCreate', count: 1 });
    const res = await browser.json<{ success: boolean; errors: string[]; registered: string[] }>('/functions/v1/shopify-register-webhooks', { json: { shop_id: store.id } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toEqual([
      `${REQUIRED_TOPICS[0]}\u202f: Shopify n’a pas répondu à temps et l’abonnement n’a pas été confirmé. Relancez l’enregistrement dans quelques instants.`,
    ]);
    expect(res.body.registered).toEqual(REQUIRED_TOPICS.slice(1));
  });
});

describe('the connection functions', () => {
  it.each([
    ['503', 'Shopify est momentanément indisponible, erreur 503. Réessayez dans quelques instants.'],
    ['timeout', 'Shopify n’a pas répondu à temps. Réessayez dans quelques instants.'],
    ['THROTTLED', 'Shopify limite les requêtes pour le moment. Réessayez dans quelques instants.'],
  ] as const)('answer 502 in French, not « refusé », when Shopify stays %s', async (kind, message) => {
    const { store, browser, shop } = await merchantOnEmulator(app, ctx, `fn-down-${kind}`);
    await emulator().injectFault(fault(kind, shop, 'WebhookSubscriptions', true));
    const res = await browser.json('/functions/v1/shopify-register-webhooks', { json: { shop_id: store.id } });
    expect(res).toMatchObject({ status: 502, body: { success: false, code: 'shopify_request_failed', error: message } });
    expect(await ctx.db.select().from(s.shopifyWebhooks).where(eq(s.shopifyWebhooks.shopId, store.id))).toEqual([]);
  });
});

type Checks = {
  token: { status: string; http_status: number | null; failure: string | null; missing_scopes: string[] };
  webhooks_platform: { status: string; missing: string[]; failure: string | null };
  orders: { status: string };
};

describe('the diagnostic', () => {
  const expected: Record<Exclude<Kind, 'slow'>, { failure: string; http_status: number | null }> = {
    THROTTLED: { failure: 'unavailable', http_status: null },
    '500': { failure: 'unavailable', http_status: 500 },
    '502': { failure: 'unavailable', http_status: 502 },
    '503': { failure: 'unavailable', http_status: 503 },
    timeout: { failure: 'timeout', http_status: null },
  };

  it.each(KINDS)('rides out %s for a few calls', async (kind) => {
    const { browser, shop } = await merchantOnEmulator(app, ctx, `diag-${kind}`);
    await emulator().injectFault(fault(kind, shop, 'DiagnosticCountOrders', false));
    const res = await browser.json<{ checks: Checks }>('/api/shopify/diagnostic');
    expect(res.body.checks.token).toEqual({ status: 'success', http_status: null, failure: null, missing_scopes: [] });
  });

  it.each(Object.entries(expected))('says the token step failed because Shopify was unavailable (%s), not that the token is refused', async (kind, outcome) => {
    const { browser, shop } = await merchantOnEmulator(app, ctx, `diag-down-${kind}`);
    await emulator().injectFault(fault(kind as Kind, shop, 'DiagnosticCountOrders', true));
    const res = await browser.json<{ checks: Checks }>('/api/shopify/diagnostic');
    expect(res.status).toBe(200);
    expect(res.body.checks.token).toEqual({ status: 'error', ...outcome, missing_scopes: [] });
    expect(res.body.checks.orders.status).toBe('error');
    // Not read, so not said missing.
    expect(res.body.checks.webhooks_platform).toMatchObject({ status: 'error', missing: [], failure: outcome.failure });
  });

  it.each(Object.keys(expected))('says the webhook step failed when Shopify could not list them (%s)', async (kind) => {
    const { browser, shop } = await merchantOnEmulator(app, ctx, `diag-hooks-${kind}`);
    await emulator().injectFault(fault(kind as Kind, shop, 'WebhookSubscriptions', true));
    const res = await browser.json<{ checks: Checks }>('/api/shopify/diagnostic');
    expect(res.body.checks.token.status).toBe('success');
    expect(res.body.checks.webhooks_platform).toMatchObject({ status: 'error', missing: [], failure: expected[kind as keyof typeof expected].failure });
  });

  it('still says a refused token is refused', async () => {
    const { browser, shop } = await merchantOnEmulator(app, ctx, 'diag-revoked');
    for (const t of await emulator().listTokens(shop)) await emulator().revokeToken(t.accessToken);
    const res = await browser.json<{ checks: Checks }>('/api/shopify/diagnostic');
    expect(res.body.checks.token).toEqual({ status: 'error', http_status: 401, failure: 'refused', missing_scopes: [] });
  });
});

describe('no call waits for ever', () => {
  it('a call Shopify never answers fails within its budget with TIMEOUT', async () => {
    const { shop } = await merchantOnEmulator(app, ctx, 'forever');
    await emulator().injectFault({ fault: 'timeout', shop });
    const token = (await emulator().listTokens(shop)).at(-1)!.accessToken;
    const started = Date.now();
    const error = await ctx.shopify.graphql(shop, token, 'query ShopDetails { shop { name } }').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyRequestError);
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(FAST.budgetMs + 500);
  });
});
