import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { Browserish, ORIGIN, uniqueEmail } from '#tests/support/http';
import { createApp } from '../app';
import { merchantOnEmulator } from '#tests/support/emulator-merchant';
import { storeAccessToken } from './store-tokens';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ TRUST_PROXY: 'true' });

/** A merchant signed in, with a shop installed on the emulator and connected. */
const merchantWithShop = (app: ReturnType<typeof createApp>, ctx: TestContext) => merchantOnEmulator(app, ctx, 'diag');

type Diagnostic = { checks: Record<string, { status: string; [k: string]: unknown }> };

describe('server functions', () => {
  it('register the webhooks on Shopify and in the database, idempotently', async ({ ctx, app }) => {
    const { browser, store, shop } = await merchantWithShop(app, ctx);
    const first = await browser.json<{ success: boolean; registered: string[] }>('/functions/v1/shopify-register-webhooks', { json: { shop_id: store.id } });
    expect(first.body.success).toBe(true);
    expect(first.body.registered).toEqual(expect.arrayContaining(['orders/paid', 'orders/fulfilled', 'app/uninstalled', 'app_subscriptions/update']));
    await browser.json('/functions/v1/shopify-register-webhooks', { json: { shop_id: store.id } });
    const onShopify = await ctx.emulator!.state.listWebhookSubscriptions(shop);
    expect(onShopify.filter((w) => w.topic === 'ORDERS_PAID')).toHaveLength(1);
    const rows = await ctx.db.select().from(s.shopifyWebhooks).where(eq(s.shopifyWebhooks.shopId, store.id));
    expect(rows.every((r) => r.address === `${ORIGIN}/webhooks/shopify`)).toBe(true);
  });

  it('count the paid orders of the last 60 days', async ({ ctx, app }) => {
    const { browser, store, shop } = await merchantWithShop(app, ctx);
    for (let i = 0; i < 3; i++) await ctx.emulator!.state.createOrder(shop, { total: 20 + i, financialStatus: 'paid', customer: { email: `c${i}@exemple.test` } });
    await ctx.emulator!.state.createOrder(shop, { total: 5, financialStatus: 'pending', customer: { email: 'p@exemple.test' } });
    const res = await browser.json('/functions/v1/shopify-count-orders', { json: { shop_id: store.id } });
    expect(res.body).toEqual({ success: true, count: 3 });
  });

  it('check ownership and require a session', async ({ ctx, app }) => {
    const a = await merchantWithShop(app, ctx);
    const b = await merchantWithShop(app, ctx);
    expect((await b.browser.json('/functions/v1/shopify-count-orders', { json: { shop_id: a.store.id } })).status).toBe(404);
    expect((await new Browserish(app).json('/functions/v1/shopify-register-webhooks', { json: { shop_id: a.store.id } })).status).toBe(401);
    expect((await a.browser.json('/functions/v1/shopify-count-orders', { json: { shop_id: 'nope' } })).status).toBe(400);
  });

  it('re-point subscriptions whose address is stale', async ({ ctx, app }) => {
    const { browser, store, shop } = await merchantWithShop(app, ctx);
    await browser.json('/functions/v1/shopify-register-webhooks', { json: { shop_id: store.id } });
    const [first] = await ctx.emulator!.state.listWebhookSubscriptions(shop);
    // Simulate an app that moved: one subscription still points at an old address.
    const { accessToken } = await storeAccessToken(ctx, store.id);
    await ctx.shopify.graphql(
      shop,
      accessToken,
      `mutation { webhookSubscriptionUpdate(id: "${first!.gid}", webhookSubscription: { uri: "https://old.example/hooks" }) { webhookSubscription { id } } }`,
    );
    const fixed = await browser.json<{ updated: string[]; correct_url: string }>('/functions/v1/fix-webhook-urls', { json: { shop_id: store.id } });
    expect(fixed.body.updated).toHaveLength(1);
    expect(fixed.body.correct_url).toBe(`${ORIGIN}/webhooks/shopify`);
    const after = await ctx.emulator!.state.listWebhookSubscriptions(shop);
    expect(after.every((w) => w.uri === `${ORIGIN}/webhooks/shopify`)).toBe(true);
  });
});

describe('diagnostic', () => {
  it('reports missing webhooks and no active flow, then green once fixed', async ({ ctx, app }) => {
    const { browser, store } = await merchantWithShop(app, ctx);
    // The install gave the store the default flow; the merchant switched it off.
    await ctx.db.update(s.flowConfigurations).set({ isActive: false }).where(eq(s.flowConfigurations.shopId, store.id));
    let res = await browser.json<Diagnostic>('/api/shopify/diagnostic');
    expect(res.body.checks.token!.status).toBe('success');
    expect(res.body.checks.webhooks_database).toMatchObject({ status: 'error', missing: ['orders/paid', 'orders/fulfilled', 'fulfillment_events/create'] });
    expect(res.body.checks.webhooks_platform).toMatchObject({ status: 'error', missing: ['orders/paid', 'orders/fulfilled', 'fulfillment_events/create'] });
    expect(res.body.checks.flow).toMatchObject({ status: 'error', active: 0 });
    expect(res.body.checks.events!.status).toBe('warning');

    await browser.json('/functions/v1/shopify-register-webhooks', { json: { shop_id: store.id } });
    await ctx.db.update(s.flowConfigurations).set({ isActive: true }).where(eq(s.flowConfigurations.shopId, store.id));
    res = await browser.json<Diagnostic>('/api/shopify/diagnostic');
    expect(res.body.checks.webhooks_database!.status).toBe('success');
    expect(res.body.checks.webhooks_platform!.status).toBe('success');
    expect(res.body.checks.flow).toMatchObject({ status: 'success', active: 1 });
    expect(JSON.stringify(res.body)).not.toMatch(/shpat_/);
  });

  it('reports a revoked token as an error to fix by reconnecting', async ({ ctx, app }) => {
    const { browser, shop } = await merchantWithShop(app, ctx);
    for (const t of await ctx.emulator!.state.listTokens(shop)) await ctx.emulator!.state.revokeToken(t.accessToken);
    const res = await browser.json<Diagnostic>('/api/shopify/diagnostic');
    expect(res.body.checks.token).toMatchObject({ status: 'error', http_status: 401 });
    expect(res.body.checks.webhooks_platform!.status).toBe('error');
  });

  it('answers without a store', async ({ app }) => {
    const browser = new Browserish(app);
    await browser.json('/api/auth/sign-up/email', { json: { name: 'M', email: uniqueEmail(), password: 'Lumiere-des-Avis-2025' } });
    expect((await browser.json('/api/shopify/diagnostic')).body).toEqual({ store: null, checks: null });
  });
});
