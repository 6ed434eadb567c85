// Replayed deliveries: the HMAC covers the body only, so the shop domain, the webhook id and the
// trigger time are unsigned headers. Stale or future-dated deliveries are refused, and an order is
// never recorded under a second shop whatever the headers say.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { queryRows } from '#db/client';
import { recordingLogger } from '#tests/support/recording-logger';
import type { TestContext } from '#tests/support/test-context';
import { testDbKind } from '#tests/support/test-db';
import { createApp } from '../app';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { signWebhook } from '../shopify/hmac';
import { MAX_DELIVERY_AGE_MS, MAX_FUTURE_SKEW_MS } from './ingest';
import { recordOrder } from '../orders/intake';
import { parseWebhookOrder } from '../orders/order';
import { integrationTest } from '#tests/support/integration';

const SECRET = 'hush';
const { log, lines } = recordingLogger();

// The app and the jobs log to `lines`: the tests read their warnings.
const it = integrationTest({ SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET }).override('app', ({ ctx }) => createApp({ ...ctx, log }));

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const newOrderId = () => 700_000_000 + Math.floor(Math.random() * 1e8);
const orderBody = (id: number) =>
  JSON.stringify({
    id,
    name: `#${id}`,
    email: 'lea.dubois@exemple.test',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:05:00Z',
    processed_at: '2026-11-20T10:00:00Z',
    financial_status: 'paid',
    total_price: '20.00',
    currency: 'EUR',
    customer: { first_name: 'Léa', last_name: 'Dubois', email: 'lea.dubois@exemple.test' },
  });
const eventsOf = (ctx: TestContext, webhookId: string) => ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopifyId, webhookId));
const runJobs = (ctx: TestContext) => createWorker({ ...ctx, log }, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
const ordersOf = (ctx: TestContext, storeId: string, orderId: number) =>
  ctx.db
    .select()
    .from(s.shopifyOrders)
    .where(and(eq(s.shopifyOrders.shopId, storeId), eq(s.shopifyOrders.shopifyOrderId, String(orderId))));

describe('delivery freshness (X-Shopify-Triggered-At)', () => {
  it('refuses a stale delivery with 400, nothing stored, and a warning', async ({ ctx, app, world }) => {
    const store = (await world.merchant().store()).store;
    const webhookId = randomUUID();
    lines.length = 0;
    const res = await world.deliver(app, { shop: store.shopDomain, id: webhookId, triggeredAt: ago(MAX_DELIVERY_AGE_MS + 60_000), body: orderBody(newOrderId()) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'stale delivery' });
    expect(await eventsOf(ctx, webhookId)).toEqual([]);
    expect(lines.some((l) => l.level === 'warn' && /stale/.test(l.message))).toBe(true);
  });

  it('refuses a delivery dated in the future beyond the clock-skew allowance', async ({ ctx, app, world }) => {
    const store = (await world.merchant().store()).store;
    const webhookId = randomUUID();
    const res = await world.deliver(app, { shop: store.shopDomain, id: webhookId, triggeredAt: ago(-(MAX_FUTURE_SKEW_MS + 60_000)), body: orderBody(newOrderId()) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'delivery dated in the future' });
    expect(await eventsOf(ctx, webhookId)).toEqual([]);
  });

  it('refuses a delivery without the header, or with one that is not a time', async ({ ctx, app, world }) => {
    const store = (await world.merchant().store()).store;
    for (const triggeredAt of [null, '', 'yesterday', '1732096800', '2026-13-45T99:00:00Z']) {
      const webhookId = randomUUID();
      const res = await world.deliver(app, { shop: store.shopDomain, id: webhookId, triggeredAt, body: orderBody(newOrderId()) });
      expect(res.status, String(triggeredAt)).toBe(400);
      expect(await res.json()).toEqual({ error: 'missing or malformed X-Shopify-Triggered-At' });
      expect(await eventsOf(ctx, webhookId)).toEqual([]);
    }
  });

  it("accepts a fresh delivery, a retry of the last hours, slight skew, and Shopify's nanosecond format", async ({ ctx, app, world }) => {
    const store = (await world.merchant().store()).store;
    const nanos = new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1456789Z'); // 2026-11-20T10:00:27.877041743Z
    for (const triggeredAt of [new Date().toISOString(), ago(4 * 3600_000), ago(-60_000), nanos]) {
      const webhookId = randomUUID();
      const res = await world.deliver(app, { shop: store.shopDomain, id: webhookId, triggeredAt, body: orderBody(newOrderId()) });
      expect(res.status, triggeredAt).toBe(200);
      expect(await eventsOf(ctx, webhookId)).toHaveLength(1);
    }
  });

  it('still refuses a bad signature with 401 before looking at the time', async ({ app, world }) => {
    const store = (await world.merchant().store()).store;
    const res = await world.deliver(app, { shop: store.shopDomain, triggeredAt: null, hmac: 'bm9wZQ==', body: orderBody(newOrderId()) });
    expect(res.status).toBe(401);
  });
});

describe('an order belongs to one shop', () => {
  it("a fresh body replayed with another shop's domain and a new webhook id creates no order there", async ({ ctx, app, world }) => {
    const victim = (await world.merchant().store()).store;
    const other = (await world.merchant().store()).store;
    const orderId = newOrderId();
    const raw = orderBody(orderId);
    const hmac = signWebhook(raw, SECRET);
    expect((await world.deliver(app, { shop: victim.shopDomain, hmac, body: raw })).status).toBe(200);
    await runJobs(ctx);
    expect(await ordersOf(ctx, victim.id, orderId)).toHaveLength(1);

    // The captured body and signature, under the other shop's headers: the signature still holds.
    lines.length = 0;
    const replayId = randomUUID();
    expect((await world.deliver(app, { shop: other.shopDomain, id: replayId, hmac, body: raw })).status).toBe(200);
    const [recorded] = await eventsOf(ctx, replayId);
    // Read before it runs: a finished job's payload is emptied.
    const [{ id: jobId }] = (await queryRows<{ id: string }>(ctx.db, sql`SELECT id::text FROM jobs WHERE payload->>'eventId' = ${recorded!.id}`)) as [{ id: string }];
    await runJobs(ctx);
    expect(await ordersOf(ctx, other.id, orderId)).toEqual([]);
    expect(await ordersOf(ctx, victim.id, orderId)).toHaveLength(1);
    const [event] = await eventsOf(ctx, replayId);
    expect(event).toMatchObject({ processed: true, payload: null, error: 'order already recorded under another shop' });
    const [job] = await queryRows<{ status: string }>(ctx.db, sql`SELECT status FROM jobs WHERE id = ${jobId}`);
    expect(job?.status).toBe('succeeded');
    expect(lines.some((l) => l.level === 'warn' && /another shop/.test(l.message) && l.fields?.storeId === other.id)).toBe(true);
    // No customer data in that warning.
    expect(JSON.stringify(lines)).not.toContain('lea.dubois');
  });

  it.runIf(testDbKind === 'postgres')('records an order id once when two shops receive it at the same moment', async ({ ctx, world }) => {
    const a = (await world.merchant().store()).store;
    const b = (await world.merchant().store()).store;
    const other = await ctx.testDb.openAnother();
    try {
      const ids = Array.from({ length: 25 }, newOrderId);
      const parsed = (id: number) => parseWebhookOrder(JSON.parse(orderBody(id)));
      await Promise.all(
        ids.flatMap((id) => [
          ctx.db.transaction((tx) => recordOrder(tx, a, parsed(id), 'paid', new Date())),
          other.db.transaction((tx) => recordOrder(tx, b, parsed(id), 'paid', new Date())),
        ]),
      );
      const rows = await queryRows<{ n: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM shopify_orders WHERE shopify_order_id IN (${sql.join(
          ids.map((id) => sql`${String(id)}`),
          sql`, `,
        )}) GROUP BY shopify_order_id`,
      );
      expect(rows.map((r) => r.n)).toEqual(ids.map(() => 1));
    } finally {
      await other.close();
    }
  });

  it('a shop reinstalled (a new store row, the same domain) keeps recording its own orders', async ({ ctx, app, world }) => {
    const first = (await world.merchant().store()).store;
    const orderId = newOrderId();
    expect((await world.deliver(app, { shop: first.shopDomain, body: orderBody(orderId) })).status).toBe(200);
    await runJobs(ctx);
    await ctx.db.update(s.shopifyStores).set({ isActive: false }).where(eq(s.shopifyStores.id, first.id));
    // No plan row of its own: the domain's plan (one per shop) is the first store's.
    const again = (await world.merchant().store({ shopDomain: first.shopDomain, plan: null })).store;
    expect((await world.deliver(app, { shop: first.shopDomain, body: orderBody(orderId) })).status).toBe(200);
    await runJobs(ctx);
    expect(await ordersOf(ctx, again.id, orderId)).toHaveLength(1);
  });
});
