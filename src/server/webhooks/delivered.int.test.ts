// The 'commande livrée' trigger end to end: the local Shopify records a carrier's event on a
// fulfilled order and delivers fulfillment_events/create, signed, to the app; the worker stores the
// delivery time and the flows on 'order_delivered' ask from then on.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { EmulatorDelivery } from '#emulator/shopify';
import type { TestContext } from '#tests/support/test-context';
import { flowValidationMessages } from '#core/flow-limits';
import { createApp } from '../app';
import { connectDemoShop } from '../demo/connect-demo-shop';
import { DEMO_ACCOUNT, seedDemo } from '../demo/seed-demo';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { listPlatformSubscriptions, registerWebhooks } from '../shopify/webhook-subscriptions';
import { deliverWebhook } from '#tests/support/shopify-webhook';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ TRUST_PROXY: 'true' });

type App = ReturnType<typeof createApp>;
let storeId: string;
let flowId: string;
const DAY = 86_400_000;
const SHOP = DEMO_ACCOUNT.shopDomain;

it.beforeAll(async ({ ctx, app }) => {
  ctx.deliverWebhooksTo(app);
  storeId = (await seedDemo(ctx.db)).storeId;
  await connectDemoShop(ctx);
  // Only this test's flow asks: the demo's default one (on fulfilment) is switched off.
  await ctx.db.update(s.flowConfigurations).set({ isActive: false }).where(eq(s.flowConfigurations.shopId, storeId));
  const [demo] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
  flowId = (await world(ctx).at(demo!).flow({ name: 'Après livraison', triggerEvent: 'order_delivered', delayDays: 2 })).id;
});

const runJobs = (ctx: TestContext) => createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
const orderRow = async (ctx: TestContext, shopifyOrderId: number | string, shopId = storeId) =>
  (
    await ctx.db
      .select()
      .from(s.shopifyOrders)
      .where(and(eq(s.shopifyOrders.shopId, shopId), eq(s.shopifyOrders.shopifyOrderId, String(shopifyOrderId))))
  )[0];
const deliveredFlowRequests = (ctx: TestContext, shopifyOrderId: number | string) =>
  ctx.db
    .select()
    .from(s.shopifyReviewRequests)
    .where(and(eq(s.shopifyReviewRequests.flowId, flowId), eq(s.shopifyReviewRequests.shopifyOrderId, String(shopifyOrderId))));
const eventsOf = (ctx: TestContext, topic: string) =>
  ctx.db
    .select()
    .from(s.shopifyWebhookEvents)
    .where(and(eq(s.shopifyWebhookEvents.shopDomain, SHOP), eq(s.shopifyWebhookEvents.topic, topic)));

/** Posts a delivery the local Shopify made (or holds) as Shopify would, under `shop` and with `id`. */
function post(app: App, ctx: TestContext, delivery: EmulatorDelivery, opts: { shop?: string; id?: string } = {}) {
  const { topic, body, apiVersion } = delivery;
  return deliverWebhook(app, { shop: opts.shop ?? delivery.shop, topic, body, apiVersion, id: opts.id ?? delivery.id, secret: ctx.config.shopify.apiSecret });
}

async function deliveriesOf(ctx: TestContext, orderId: number, topic: string) {
  const all = await ctx.emulator!.state.listDeliveries({ shop: SHOP, topic });
  return all.filter((d) => (JSON.parse(d.body) as { order_id?: number; id: number }).order_id === orderId || (JSON.parse(d.body) as { id: number }).id === orderId);
}

async function paidAndFulfilled(ctx: TestContext, email: string) {
  const order = await ctx.emulator!.state.createOrder(SHOP, { total: '42.00', financialStatus: 'paid', customer: { email, firstName: 'Inès', lastName: 'Morel' } });
  await ctx.emulator!.state.fulfil(order.id);
  await ctx.emulator!.state.whenIdle();
  await runJobs(ctx);
  return order;
}

describe('fulfillment_events/create from the local Shopify', () => {
  it('is registered at install with the read_fulfillments scope, and listed back under its REST name', async ({ ctx }) => {
    const result = await registerWebhooks(ctx, storeId);
    expect(result.errors).toEqual([]);
    expect(result.registered).toContain('fulfillment_events/create');
    const platform = await listPlatformSubscriptions(ctx, storeId);
    expect(platform.map((p) => p.topic)).toContain('fulfillment_events/create');
    const [store] = await ctx.db.select({ scope: s.shopifyStores.scope }).from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
    expect(store!.scope!.split(',')).toEqual(expect.arrayContaining(['read_orders', 'read_fulfillments']));
  });

  it("asks nothing at fulfilment, then asks at the carrier's delivery + the flow's delay", async ({ ctx }) => {
    const order = await paidAndFulfilled(ctx, 'ines.morel@exemple.test');
    expect(await deliveredFlowRequests(ctx, order.id)).toEqual([]);
    expect((await orderRow(ctx, order.id))!.deliveredAt).toBeNull();

    const delivered = await ctx.emulator!.state.markDelivered(order.id);
    await ctx.emulator!.state.whenIdle();
    const [delivery] = await deliveriesOf(ctx, order.id, 'fulfillment_events/create');
    expect(delivery).toMatchObject({ delivered: true, lastStatus: 200 });
    // Shopify's REST FulfillmentEvent resource.
    const body = JSON.parse(delivery!.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'fulfillment_id',
        'status',
        'message',
        'happened_at',
        'city',
        'province',
        'country',
        'zip',
        'address1',
        'latitude',
        'longitude',
        'shop_id',
        'created_at',
        'updated_at',
        'estimated_delivery_at',
        'order_id',
        'admin_graphql_api_id',
      ].sort(),
    );
    expect(body).toMatchObject({ status: 'delivered', order_id: order.id, fulfillment_id: delivered.fulfillments[0]!.id });

    await runJobs(ctx);
    const row = await orderRow(ctx, order.id);
    expect(row!.deliveredAt!.toISOString()).toBe(new Date(delivered.fulfillments[0]!.deliveredAt!).toISOString());
    const requests = await deliveredFlowRequests(ctx, order.id);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: 'scheduled', customerEmail: 'ines.morel@exemple.test' });
    expect(requests[0]!.scheduledAt.getTime()).toBe(row!.deliveredAt!.getTime() + 2 * DAY);
    expect((await eventsOf(ctx, 'fulfillment_events/create')).every((e) => e.processed && e.error === null && e.payload === null)).toBe(true);
  });

  it('records nothing for a parcel in transit or out for delivery', async ({ ctx }) => {
    const order = await paidAndFulfilled(ctx, 'hugo.petit@exemple.test');
    await ctx.emulator!.state.addFulfillmentEvent(order.id, 'in_transit', { message: 'Colis en transit' });
    await ctx.emulator!.state.addFulfillmentEvent(order.id, 'OUT_FOR_DELIVERY');
    await ctx.emulator!.state.whenIdle();
    const sent = await deliveriesOf(ctx, order.id, 'fulfillment_events/create');
    expect(sent.map((d) => (JSON.parse(d.body) as { status: string }).status)).toEqual(['in_transit', 'out_for_delivery']);
    expect(sent.every((d) => d.delivered)).toBe(true);
    await runJobs(ctx);
    expect((await orderRow(ctx, order.id))!.deliveredAt).toBeNull();
    expect(await deliveredFlowRequests(ctx, order.id)).toEqual([]);
  });

  it('a replayed or second delivery event creates nothing twice and keeps the first delivery time', async ({ ctx, app }) => {
    const order = await paidAndFulfilled(ctx, 'jade.roux@exemple.test');
    await ctx.emulator!.state.markDelivered(order.id);
    await ctx.emulator!.state.whenIdle();
    await runJobs(ctx);
    const first = (await orderRow(ctx, order.id))!.deliveredAt!;
    const [delivery] = await deliveriesOf(ctx, order.id, 'fulfillment_events/create');

    // The same delivery again (Shopify retries with the same id), then as a new delivery id.
    expect((await post(app, ctx, delivery!)).status).toBe(200);
    expect((await post(app, ctx, delivery!, { id: randomUUID() })).status).toBe(200);
    // A later 'delivered' scan of the same parcel.
    await ctx.emulator!.state.addFulfillmentEvent(order.id, 'delivered', { happenedAt: new Date(Date.now() + 1000).toISOString() });
    await ctx.emulator!.state.whenIdle();
    await runJobs(ctx);

    expect((await orderRow(ctx, order.id))!.deliveredAt!.toISOString()).toBe(first.toISOString());
    expect(await deliveredFlowRequests(ctx, order.id)).toHaveLength(1);
  });

  it('delivered before paid (deliveries out of order): kept, then asked once the order is known', async ({ ctx, app }) => {
    await ctx.emulator!.state.holdDeliveries();
    const order = await ctx.emulator!.state.createOrder(SHOP, {
      total: '30.00',
      financialStatus: 'paid',
      customer: { email: 'leo.blanc@exemple.test', firstName: 'Léo', lastName: 'Blanc' },
    });
    await ctx.emulator!.state.fulfil(order.id);
    await ctx.emulator!.state.markDelivered(order.id);
    const [delivered] = await deliveriesOf(ctx, order.id, 'fulfillment_events/create');
    const [paid] = await deliveriesOf(ctx, order.id, 'orders/paid');

    // The delivery event first: the order is not known yet.
    expect((await post(app, ctx, delivered!)).status).toBe(200);
    await runJobs(ctx);
    const early = await orderRow(ctx, order.id);
    expect(early).toMatchObject({ customerEmail: null, paidAt: null });
    expect(early!.deliveredAt).toBeInstanceOf(Date);
    expect(await deliveredFlowRequests(ctx, order.id)).toEqual([]);

    // Then orders/paid completes it, and the flow asks from the delivery time.
    expect((await post(app, ctx, paid!)).status).toBe(200);
    await runJobs(ctx);
    const known = await orderRow(ctx, order.id);
    expect(known).toMatchObject({ customerEmail: 'leo.blanc@exemple.test', orderNumber: order.name });
    expect(known!.deliveredAt!.getTime()).toBe(early!.deliveredAt!.getTime());
    const requests = await deliveredFlowRequests(ctx, order.id);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.scheduledAt.getTime()).toBe(early!.deliveredAt!.getTime() + 2 * DAY);

    // The held deliveries go out at last: the ones already posted are duplicates, nothing changes.
    await ctx.emulator!.state.releaseDeliveries('reverse');
    await ctx.emulator!.state.whenIdle();
    await runJobs(ctx);
    expect(await deliveredFlowRequests(ctx, order.id)).toHaveLength(1);
  });

  it("refuses a delivery event replayed under another shop's domain: nothing recorded there", async ({ ctx, app, world }) => {
    const order = await paidAndFulfilled(ctx, 'zoe.martin@exemple.test');
    await ctx.emulator!.state.markDelivered(order.id);
    await ctx.emulator!.state.whenIdle();
    await runJobs(ctx);
    const [delivery] = await deliveriesOf(ctx, order.id, 'fulfillment_events/create');
    const other = (await world.merchant().store()).store;
    await world.at(other).flow({ triggerEvent: 'order_delivered', delayDays: 0 });

    const id = randomUUID();
    expect((await post(app, ctx, delivery!, { shop: other.shopDomain, id })).status).toBe(200);
    await runJobs(ctx);
    const [event] = await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopifyId, id));
    expect(event).toMatchObject({ processed: true, error: 'order already recorded under another shop', shopId: other.id });
    expect(await orderRow(ctx, order.id, other.id)).toBeUndefined();
    expect(await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, other.id))).toEqual([]);
  });
});

describe('a delivery replayed under another shop before the order itself arrived', () => {
  it('leaves there a placeholder that does not lock the genuine order out of its own shop', async ({ ctx, app, world }) => {
    await ctx.emulator!.state.holdDeliveries();
    const order = await ctx.emulator!.state.createOrder(SHOP, {
      total: '25.00',
      financialStatus: 'paid',
      customer: { email: 'nina.roux@exemple.test', firstName: 'Nina', lastName: 'Roux' },
    });
    await ctx.emulator!.state.fulfil(order.id);
    await ctx.emulator!.state.markDelivered(order.id);
    const [delivered] = await deliveriesOf(ctx, order.id, 'fulfillment_events/create');
    const [paid] = await deliveriesOf(ctx, order.id, 'orders/paid');
    const other = (await world.merchant().store()).store;

    // The captured delivery body, replayed under the other shop first: a placeholder there (no number, no address).
    expect((await post(app, ctx, delivered!, { shop: other.shopDomain, id: randomUUID() })).status).toBe(200);
    await runJobs(ctx);
    expect(await orderRow(ctx, order.id, other.id)).toMatchObject({ orderNumber: null, customerEmail: null });

    // The genuine order still lands in its own shop and is asked for.
    expect((await post(app, ctx, paid!)).status).toBe(200);
    expect((await post(app, ctx, delivered!)).status).toBe(200);
    await runJobs(ctx);
    expect(await orderRow(ctx, order.id)).toMatchObject({ customerEmail: 'nina.roux@exemple.test', orderNumber: order.name });
    expect(await deliveredFlowRequests(ctx, order.id)).toHaveLength(1);
    await ctx.emulator!.state.releaseDeliveries('reverse');
    await ctx.emulator!.state.whenIdle();
    await runJobs(ctx);
  });
});

describe('/api/flows with the delivery trigger and a reminder', () => {
  const body = {
    name: 'Après livraison',
    trigger_event: 'order_delivered',
    delay_days: 3,
    channels: { email: true, whatsapp: false },
    target_all_orders: true,
    minimum_order_amount: 0,
    is_active: true,
  };

  it('accepts order_delivered and reminder_days 1 to 30, and a flow without reminder_days has none', async ({ ctx, app, world }) => {
    const { browser, store } = await world.signedIn(app).store();
    const created = await browser.json<{ flow: { id: string } }>('/api/flows', { json: { ...body, shopify_store_id: store.id, reminder_days: 30 } });
    expect(created).toMatchObject({ status: 201, body: { flow: { trigger_event: 'order_delivered', reminder_days: 30 } } });
    const updated = await browser.json('/api/flows/' + created.body.flow.id, { method: 'PUT', json: { ...body, reminder_days: 1 } });
    expect(updated).toMatchObject({ status: 200, body: { flow: { trigger_event: 'order_delivered', reminder_days: 1 } } });
    const cleared = await browser.json('/api/flows/' + created.body.flow.id, { method: 'PUT', json: body });
    expect(cleared).toMatchObject({ status: 200, body: { flow: { reminder_days: null } } });
    const [row] = await ctx.db.select().from(s.flowConfigurations).where(eq(s.flowConfigurations.id, created.body.flow.id));
    expect(row).toMatchObject({ triggerEvent: 'order_delivered', reminderDays: null });
  });

  it.for([[0], [31], [2.5], ['7']])('refuses reminder_days %j with the French message, storing nothing', async ([days], { ctx, app, world }) => {
    const { browser, store } = await world.signedIn(app).store();
    const res = await browser.json('/api/flows', { json: { ...body, shopify_store_id: store.id, reminder_days: days } });
    expect(res).toMatchObject({ status: 400, body: { error: flowValidationMessages.reminder } });
    expect(flowValidationMessages.reminder).toBe('La relance doit partir entre 1 et 30 jours après le premier e-mail');
    expect(await ctx.db.select().from(s.flowConfigurations).where(eq(s.flowConfigurations.shopId, store.id))).toEqual([]);
  });
});
