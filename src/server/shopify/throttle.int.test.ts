/**
 * Shopify's rate limit, ridden out as Shopify asks: a THROTTLED answer ran nothing, so the call waits
 * the time Shopify's cost figures give and goes again, a bounded number of times. A merchant-facing
 * call (the billing return, a plan sync) waits a moment instead of failing at the first throttle.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { merchantOnEmulator } from '#tests/support/emulator-merchant';
import { throttleWait } from './facade';
import { DEFAULT_SHOPIFY_RETRY } from './resilience';
import { findPlan, startSubscription } from './billing';
import { storeRecord } from './install-service';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ TRUST_PROXY: 'true' });

describe('throttleWait', () => {
  const policy = { minDelayMs: 100, maxDelayMs: 3000 };
  const body = (requested: number, available: number, rate: number) => ({
    extensions: { cost: { requestedQueryCost: requested, throttleStatus: { currentlyAvailable: available, restoreRate: rate } } },
  });
  it("waits until the bucket holds the query's cost, within bounds", () => {
    expect(throttleWait(body(102, 2, 50), policy)).toBe(2000);
    expect(throttleWait(body(10, 500, 50), policy)).toBe(100);
    expect(throttleWait(body(1000, 0, 50), policy)).toBe(3000);
    expect(throttleWait(undefined, policy)).toBe(100);
  });
});

describe('a throttled Shopify', () => {
  it('the billing return after an approval survives a throttled read and lands on the dashboard', async ({ ctx, app }) => {
    const { browser, store, shop } = await merchantOnEmulator(app, ctx, 'freine');
    const [plan] = await ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, 'pro'));
    const url = await startSubscription(ctx, ctx.shopify, await storeRecord(ctx.db, store.id), (await findPlan(ctx.db, plan!.id))!);
    await ctx.emulator!.state.approveAppSubscription(shop, Number(/\/charges\/(\d+)\/confirm$/.exec(url)![1]));
    await ctx.emulator!.state.forceThrottle(2, shop);
    const back = await browser.request(`/functions/v1/shopify-billing-callback?store_id=${store.id}`);
    expect(back.headers.get('location')).toBe('/app/dashboard?shopify=success&subscription=activated');
  });

  it('a plan sync waits through a few throttled answers, and gives up, bounded, when Shopify stays throttled', async ({ ctx, app }) => {
    const { browser, shop } = await merchantOnEmulator(app, ctx, 'patiente');
    await ctx.emulator!.state.forceThrottle(DEFAULT_SHOPIFY_RETRY.attempts - 1, shop);
    expect((await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).status).toBe(200);

    await ctx.emulator!.state.forceThrottle(DEFAULT_SHOPIFY_RETRY.attempts + 2, shop);
    expect(await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).toMatchObject({ status: 502, body: { code: 'plan_sync_failed' } });
    // Bounded: the next sync waits through what is left and succeeds.
    expect((await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).status).toBe(200);
  });
});
