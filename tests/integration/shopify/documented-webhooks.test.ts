// Shopify's own documented webhook examples (tests/fixtures/shopify/webhooks, sources in its README),
// signed and delivered as Shopify would, must land: not only the emulator's payloads.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { TEST_ORDER_EVENT_NOTE } from '#core/api/shopify';
import * as s from '#db/schema';
import { createApp } from '#server/app';
import { JOBS } from '#server/job-registry';
import { createWorker } from '#server/jobs/worker';
import { integrationTest } from '#tests/support/integration';
import type { TestContext } from '#tests/support/test-context';
import { world, type StoreOptions } from '#tests/support/world';

const SECRET = 'hush';
const it = integrationTest({ SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET });

/** The documented example's raw text, with the shop's domain put in. */
const example = (topic: string, shop: string) =>
  readFileSync(new URL(`../../fixtures/shopify/webhooks/${topic.replace('/', '__')}.json`, import.meta.url), 'utf8').replaceAll('{shop}.myshopify.com', shop);

const makeStore = async (ctx: TestContext, options: StoreOptions = {}) => (await world(ctx).merchant().store(options)).store;

/** Delivers the raw body as Shopify does (world.deliver: signed bytes, Shopify's headers), runs the job, answers the event. */
async function deliver(ctx: TestContext, app: ReturnType<typeof createApp>, shop: string, topic: string, raw: string) {
  const event = await deliverOnly(ctx, app, shop, topic, raw);
  expect(event?.processed).toBe(true);
  return event!;
}

async function deliverOnly(ctx: TestContext, app: ReturnType<typeof createApp>, shop: string, topic: string, raw: string) {
  const id = randomUUID();
  const res = await world(ctx).deliver(app, { shop, topic, body: raw, id, apiVersion: '2026-10', headers: { 'x-shopify-event-id': randomUUID() } });
  expect(res.status).toBe(200);
  await createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
  const [event] = await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopifyId, id));
  return event;
}

const ordersOf = (ctx: TestContext, storeId: string) => ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, storeId));

describe("Shopify's documented webhook payloads", () => {
  it('orders/paid: the sample is a test order (Bogus gateway), ignored with its reason', async ({ ctx, app }) => {
    const store = await makeStore(ctx);
    const event = await deliver(ctx, app, store.shopDomain, 'orders/paid', example('orders/paid', store.shopDomain));
    expect(event.error).toBe(TEST_ORDER_EVENT_NOTE);
    expect(await ordersOf(ctx, store.id)).toEqual([]);
  });

  it('orders/paid: the same sample as a real order lands whole, its id beyond 2^53 kept to the last digit', async ({ ctx, app }) => {
    const store = await makeStore(ctx);
    const raw = example('orders/paid', store.shopDomain).replace('"test": true', '"test": false');
    const event = await deliver(ctx, app, store.shopDomain, 'orders/paid', raw);
    expect(event.error).toBeNull();
    const [order] = await ordersOf(ctx, store.id);
    expect(order).toMatchObject({
      shopifyOrderId: '820982911946154508',
      orderNumber: '#9999',
      customerEmail: 'jon@doe.ca',
      customerName: 'John Smith',
      currency: 'USD',
      totalPrice: '254.98',
      financialStatus: 'voided',
    });
    // The sample is a cancelled order: nobody is asked.
    expect(order!.cancelledAt).toEqual(new Date('2020-09-10T08:26:51Z'));
    expect(await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store.id))).toEqual([]);
  });

  it("orders/paid: without the customer object, the name is the billing address's", async ({ ctx, app }) => {
    const store = await makeStore(ctx);
    // Another order id (one order belongs to one shop, and the test above holds the sample's).
    const raw = example('orders/paid', store.shopDomain).replace('"test": true', '"test": false').replaceAll('820982911946154508', '820982911946154519');
    const sample = JSON.parse(raw) as Record<string, unknown>;
    const event = await deliver(ctx, app, store.shopDomain, 'orders/paid', JSON.stringify({ ...sample, id: '820982911946154519', customer: null }));
    expect(event.error).toBeNull();
    expect((await ordersOf(ctx, store.id))[0]).toMatchObject({ customerName: 'Bob Biller', customerEmail: 'jon@doe.ca' });
  });

  it('app_subscriptions/update: the sample is accepted as a notification; the state comes from a re-read, never from the payload', async ({ ctx, app }) => {
    const store = await makeStore(ctx, { subscriptionStatus: 'inactive' });
    const event = await deliver(ctx, app, store.shopDomain, 'app_subscriptions/update', example('app_subscriptions/update', store.shopDomain));
    expect(event.error).toBeNull();
    const [after] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id));
    // This store has no token: Shopify's answer to the re-read is a refusal, i.e. not installed.
    expect(after).toMatchObject({ subscriptionStatus: 'cancelled', shopifySubscriptionId: null, isActive: false });
  });

  it('app/uninstalled: the sample (the Shop resource) deactivates the store', async ({ ctx, app }) => {
    const store = await makeStore(ctx);
    const event = await deliver(ctx, app, store.shopDomain, 'app/uninstalled', example('app/uninstalled', store.shopDomain));
    expect(event.error).toBeNull();
    const [after] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id));
    expect(after!.isActive).toBe(false);
  });

  it.for(['customers/data_request', 'customers/redact'])('%s: the sample is accepted and processed', async (topic, { ctx, app }) => {
    const store = await makeStore(ctx);
    const event = await deliver(ctx, app, store.shopDomain, topic, example(topic, store.shopDomain));
    expect(event.error).toBeNull();
  });

  it("shop/redact: the sample erases the shop's data, its own event included", async ({ ctx, app }) => {
    const store = await makeStore(ctx);
    // Shopify sends shop/redact 48 hours after the uninstall.
    await ctx.db.update(s.shopifyStores).set({ isActive: false }).where(eq(s.shopifyStores.id, store.id));
    const event = await deliverOnly(ctx, app, store.shopDomain, 'shop/redact', example('shop/redact', store.shopDomain));
    expect(event).toBeUndefined();
    expect(await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id))).toEqual([]);
  });
});
