import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { signedInMerchant } from '#tests/support/http';
import { messageFor } from '../messages';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { upsertOrder } from '../orders/intake';
import { fromWebhook, type WebhookOrder as OrderPayload } from '../orders/order';
import { generateForOrder, generateForStore, lockStoreRequests } from './generate';
import { newPublicToken } from '../security/tokens';
import { testDbKind } from '#tests/support/test-db';
import { cancelRequest } from './service';
import { deleteFlow, updateFlow } from './flows';
import { deliverWebhook } from '#tests/support/shopify-webhook';
import type { StoreRow } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';
import { paidOrderPayload } from '#tests/support/order-payload';

const SECRET = 'generate-secret';
const it = integrationTest({ SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET });

const DAY = 86_400_000;
const requestsOf = (ctx: TestContext, storeId: string) => ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, storeId));

const payload = paidOrderPayload;

async function event(ctx: TestContext, store: StoreRow, order: OrderPayload, kind: 'paid' | 'fulfilled' | 'updated' | 'cancelled', at = new Date()) {
  const [row] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id));
  return ctx.db.transaction((tx) => upsertOrder(tx, row!, fromWebhook(order), kind, at));
}

describe('generating review requests from order events', () => {
  it('creates one scheduled request per order and matching flow, at event time + delay, with an unguessable token', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    const paidFlow = await world.at(store).flow({ triggerEvent: 'order_paid', delayDays: 2 });
    await world.at(store).flow({ triggerEvent: 'order_fulfilled', delayDays: 5 });
    await world.at(store).flow({ triggerEvent: 'order_paid', isActive: false });
    await world.at(store).flow({ triggerEvent: 'order_paid', channels: { email: false, whatsapp: false } });

    await event(ctx, store, payload(1), 'paid');
    const requests = await requestsOf(ctx, store.id);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({
      flowId: paidFlow.id,
      status: 'scheduled',
      channel: 'email',
      source: 'flow',
      customerEmail: 'client-1@exemple.test',
      customerName: 'Léa Dubois',
    });
    // processed_at is the payment time of a paid order.
    expect(request!.scheduledAt.toISOString()).toBe(new Date(Date.parse('2026-11-20T10:00:00Z') + 2 * DAY).toISOString());
    expect(request!.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Buffer.from(request!.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    // The fulfilment flow fires on the fulfilment event, from its own time.
    const fulfilledAt = new Date('2026-11-22T08:00:00Z');
    await event(ctx, store, payload(1, { fulfillment_status: 'fulfilled' }), 'fulfilled', fulfilledAt);
    const after = await requestsOf(ctx, store.id);
    expect(after).toHaveLength(2);
    const fulfilment = after.find((r) => r.flowId !== paidFlow.id)!;
    expect(fulfilment.scheduledAt.toISOString()).toBe(new Date(fulfilledAt.getTime() + 5 * DAY).toISOString());
  });

  it('is idempotent: replays and later updates of the same order create nothing more', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await world.at(store).flow({ triggerEvent: 'order_paid' });
    for (let i = 0; i < 3; i++) await event(ctx, store, payload(2), 'paid');
    await event(ctx, store, payload(2, { updated_at: '2026-11-21T00:00:00Z' }), 'updated');
    const requests = await requestsOf(ctx, store.id);
    expect(requests).toHaveLength(1);
    const tokens = new Set(requests.map((r) => r.token));
    expect(tokens.size).toBe(1);
  });

  it('skips orders under the minimum, cancelled or refunded orders, and unsubscribed customers', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await world.at(store).flow({ triggerEvent: 'order_paid', targetAllOrders: false, minimumOrderAmount: '50.00' });
    await event(ctx, store, payload(10, { total_price: 49.99 }), 'paid');
    await event(ctx, store, payload(11, { total_price: 50 }), 'paid');
    await event(ctx, store, payload(12, { cancelled_at: '2026-11-20T11:00:00Z' }), 'paid');
    await event(ctx, store, payload(13, { financial_status: 'refunded' }), 'paid');
    await world.at(store).suppress('client-14@exemple.test');
    await event(ctx, store, payload(14, { email: 'Client-14@Exemple.test' }), 'paid');
    await event(ctx, store, payload(15, { email: null }), 'paid');
    const requests = await requestsOf(ctx, store.id);
    expect(requests.map((r) => r.shopifyOrderId)).toEqual(['11']);
  });

  it('ignores the minimum when the flow targets all orders', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await world.at(store).flow({ triggerEvent: 'order_paid', targetAllOrders: true, minimumOrderAmount: '500.00' });
    await event(ctx, store, payload(20, { total_price: 10 }), 'paid');
    expect(await requestsOf(ctx, store.id)).toHaveLength(1);
  });

  it('cancels pending requests when the order is later cancelled', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await world.at(store).flow({ triggerEvent: 'order_paid' });
    await event(ctx, store, payload(30), 'paid');
    await event(ctx, store, payload(30, { cancelled_at: '2026-11-21T00:00:00Z', updated_at: '2026-11-21T00:00:00Z' }), 'cancelled');
    const [request] = await requestsOf(ctx, store.id);
    expect(request!.status).toBe('cancelled');
  });

  it('runs through the real webhook path, and a redelivery creates nothing', async ({ ctx, app, world }) => {
    const store = (await world.merchant().store()).store;
    await world.at(store).flow({ triggerEvent: 'order_paid', delayDays: 0 });
    const raw = JSON.stringify({ ...payload(40), total_price: '80.00' });
    const deliver = (id: string) => deliverWebhook(app, { shop: store.shopDomain, topic: 'orders/paid', body: raw, secret: SECRET, id });
    const id = randomUUID();
    expect((await deliver(id)).status).toBe(200);
    expect((await deliver(id)).status).toBe(200);
    expect((await deliver(randomUUID())).status).toBe(200); // a second event for the same order
    await createWorker(
      ctx,
      JOBS.filter((h) => h.name === 'process-webhook'),
      [],
      { pollIntervalMs: 10, concurrency: 2 },
    ).drain();
    expect(await requestsOf(ctx, store.id)).toHaveLength(1);
  });
});

describe('generate-review-requests', () => {
  it('creates the missing requests for orders already stored, once', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await world.at(store).order({ paidAt: new Date() });
    await world.at(store).order({ paidAt: new Date(), cancelledAt: new Date() });
    await world.at(store).order({ paidAt: null });
    await world.at(store).flow({ triggerEvent: 'order_paid' });
    expect(await generateForStore(ctx.db, store.id)).toBe(1);
    expect(await generateForStore(ctx.db, store.id)).toBe(0);
  });

  it('never asks again for an order whose request the merchant cancelled (a later event or generation)', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await world.at(store).flow({ triggerEvent: 'order_paid', delayDays: 3 });
    await world.at(store).flow({ triggerEvent: 'order_fulfilled', delayDays: 3 });
    await event(ctx, store, payload(77), 'paid');
    const [request] = await requestsOf(ctx, store.id);
    await cancelRequest(ctx.db, store.id, request!.id);
    expect(await requestsOf(ctx, store.id)).toHaveLength(0);
    // The order is fulfilled later, reconciliation re-reads it, the merchant clicks 'generate': nothing.
    await event(ctx, store, payload(77, { fulfillment_status: 'fulfilled' }), 'fulfilled');
    await event(ctx, store, payload(77), 'updated');
    expect(await generateForStore(ctx.db, store.id)).toBe(0);
    expect(await requestsOf(ctx, store.id)).toHaveLength(0);
  });

  it('does not ask again, through a new flow, the customers a deleted flow already asked', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    const old = await world.at(store).flow({ triggerEvent: 'order_paid' });
    await world.at(store).order({ paidAt: new Date(Date.now() - 10 * DAY) });
    await world.at(store).order({ paidAt: new Date(Date.now() - 5 * DAY) });
    expect(await generateForStore(ctx.db, store.id)).toBe(2);
    const [asked] = await requestsOf(ctx, store.id);
    await ctx.db.update(s.shopifyReviewRequests).set({ status: 'sent', sentAt: new Date() }).where(eq(s.shopifyReviewRequests.id, asked!.id));
    await deleteFlow(ctx.db, store.id, old.id);
    await world.at(store).flow({ triggerEvent: 'order_paid' });
    // The order already asked is skipped; the one whose request the deletion cancelled unsent is asked.
    expect(await generateForStore(ctx.db, store.id)).toBe(1);
    const fresh = (await requestsOf(ctx, store.id)).filter((r) => r.status === 'scheduled');
    expect(fresh.map((r) => r.orderId)).not.toContain(asked!.orderId);
  });

  it('stops what a flow scheduled when the merchant switches it off', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    const flow = await world.at(store).flow({ triggerEvent: 'order_paid', delayDays: 3 });
    await event(ctx, store, payload(88), 'paid');
    const input = {
      name: flow.name,
      trigger_event: 'order_paid' as const,
      delay_days: 3,
      channels: { email: true, whatsapp: false as const },
      target_all_orders: true,
      minimum_order_amount: 0,
      reminder_days: null,
      is_active: false,
    };
    await updateFlow(ctx.db, store.id, flow.id, input);
    expect((await requestsOf(ctx, store.id)).map((r) => [r.status, r.withdrawnReason])).toEqual([['cancelled', 'flow_stopped']]);
  });

  it.runIf(testDbKind === 'postgres')('waits for an import scheduling the same store, then sees its request: one e-mail per order', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await world.at(store).flow({ triggerEvent: 'order_paid' });
    const order = await world.at(store).order({ paidAt: new Date() });
    const other = await ctx.testDb.openAnother();
    let holdImport = () => {};
    const importMayCommit = new Promise<void>((resolve) => (holdImport = resolve));
    let importScheduled = () => {};
    const scheduledYet = new Promise<void>((resolve) => (importScheduled = resolve));
    try {
      // The import's transaction has scheduled the order but not committed yet.
      const importing = other.db.transaction(async (tx) => {
        await lockStoreRequests(tx, store.id);
        await tx.insert(s.shopifyReviewRequests).values({
          userId: store.userId,
          shopId: store.id,
          orderId: order.id,
          customerEmail: order.customerEmail,
          status: 'scheduled',
          scheduledAt: new Date(),
          token: newPublicToken(),
          source: 'import',
        });
        importScheduled();
        await importMayCommit;
      });
      await scheduledYet;
      let flowDone = false;
      const flow = ctx.db.transaction((tx) => generateForOrder(tx, { id: order.id, shopId: store.id })).finally(() => (flowDone = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(flowDone).toBe(false);
      holdImport();
      await importing;
      expect(await flow).toBe(0);
    } finally {
      holdImport();
      await other.close();
    }
    expect((await requestsOf(ctx, store.id)).map((r) => r.source)).toEqual(['import']);
  });

  it('is served behind the session, for the merchant’s own store only', async ({ app, world }) => {
    const anonymous = await app.request('/functions/v1/generate-review-requests', { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const { browser, userId } = await signedInMerchant(app);
    const none = await browser.json('/functions/v1/generate-review-requests', { json: {} });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: messageFor('no_store'), code: 'no_store' });
    const shop = await world.account(userId).store({ plan: null });
    await shop.flow({ triggerEvent: 'order_paid' });
    await shop.order();
    const res = await browser.json('/functions/v1/generate-review-requests', { json: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, total_created: 1 });
  });
});
