import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { queryRows, rawClient, type RawClient } from '#db/client';
import type { TestContext } from '#tests/support/test-context';
import { createApp } from '../app';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { signWebhook } from '../shopify/hmac';
import { createWebhookRecorder } from './recorder';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const SECRET = 'hush';

// Real-looking keys (no emulator): the app's secret is the reference vector's.
const it = integrationTest({ SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET });

const deliverTo = (ctx: TestContext, to: ReturnType<typeof createApp>, shop: string, body: object, id: string) => world(ctx).deliver(to, { shop, topic: 'orders/paid', body, id });

const runJobs = (ctx: TestContext) => createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 4 }).drain();

function order(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id}`,
    email: 'Lea.Dubois@Exemple.test',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:05:00Z',
    processed_at: '2026-11-20T10:00:00Z',
    cancelled_at: null,
    financial_status: 'paid',
    fulfillment_status: null,
    total_price: '89.90',
    currency: 'EUR',
    customer: { id: 7, first_name: 'Léa', last_name: 'Dubois', email: 'lea.dubois@exemple.test' },
    note: 'x'.repeat(4000),
    ...extra,
  };
}

describe('webhook ingestion', () => {
  it('accepts the reference vector and refuses a bad signature with 401 and nothing stored', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    const ok = await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/updated', body: '{"id":1}', hmac: 'VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=' });
    expect(ok.status).toBe(200);
    const before = await ctx.db.select().from(s.shopifyWebhookEvents);
    const bad = await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(1), secret: 'wrong' });
    expect(bad.status).toBe(401);
    const unsigned = await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(1), hmac: '' });
    expect(unsigned.status).toBe(401);
    expect(await ctx.db.select().from(s.shopifyWebhookEvents)).toHaveLength(before.length);
  });

  it('answers 400 for a malformed body or missing headers, storing only the good neighbour', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    const before = (await ctx.db.select().from(s.shopifyWebhookEvents)).length;
    expect((await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: '{not json' })).status).toBe(400);
    expect((await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: '[1, 2]' })).status).toBe(400);
    // Braces but not JSON: refused by the database's json cast, alone, with a 400.
    // (Order 76: an order id belongs to one shop, and the topics tests use 77 under another store.)
    const [bad, good] = await Promise.all([
      world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: '{"id": }' }),
      world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(76) }),
    ]);
    expect([bad.status, good.status]).toEqual([400, 200]);
    const noTopic = await app.request('/webhooks/shopify', { method: 'POST', body: '{}', headers: { 'x-shopify-hmac-sha256': signWebhook('{}', SECRET) } });
    expect(noTopic.status).toBe(400);
    expect(await ctx.db.select().from(s.shopifyWebhookEvents)).toHaveLength(before + 1);
  });

  it('stores the body byte for byte (less a byte-order mark), and refuses bytes that are not UTF-8 with 400', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    const stored = async (webhookId: string) =>
      (await queryRows<{ payload: string }>(ctx.db, sql`SELECT payload::text AS payload FROM shopify_webhook_events WHERE shopify_id = ${webhookId}`))[0]?.payload;
    // Accents, an emoji, escapes and spacing, as sent: the json column keeps the text exactly.
    const body = ' {"id": 8801, "note": "Bougie parfumée \\u00e9 🕯️\\n",\t"tags" : [ "cadeau" ] }\r\n';
    const [plain, withMark, notUtf8] = [randomUUID(), randomUUID(), randomUUID()];
    expect((await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/updated', body, id: plain })).status).toBe(200);
    expect(await stored(plain)).toBe(body);
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]);
    expect((await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/updated', body: marked, id: withMark })).status).toBe(200);
    expect(await stored(withMark)).toBe(body);
    // A Latin-1 « é » (0xE9) inside an otherwise valid object.
    const latin1 = Buffer.concat([Buffer.from('{"note": "Bougie parfum'), Buffer.from([0xe9]), Buffer.from('e"}')]);
    const refused = await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/updated', body: latin1, id: notUtf8 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'malformed JSON body' });
    expect(await stored(notUtf8)).toBeUndefined();
  });

  it('records 1,000 concurrent replays of one delivery once, and creates one order', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    const id = randomUUID();
    const body = order(4242);
    const responses = await Promise.all(Array.from({ length: 1000 }, () => world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: body, id })));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const events = await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopifyId, id));
    expect(events).toHaveLength(1);
    await runJobs(ctx);
    const orders = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, store.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      shopifyOrderId: '4242',
      orderNumber: '#4242',
      customerEmail: 'lea.dubois@exemple.test',
      customerName: 'Léa Dubois',
      totalPrice: '89.90',
      currency: 'EUR',
      financialStatus: 'paid',
    });
    expect(orders[0]!.paidAt).toBeInstanceOf(Date);
    const [event] = await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopifyId, id));
    expect(event).toMatchObject({ processed: true, error: null, payload: null, shopId: store.id });
  }, 60_000);
});

describe('group commit', () => {
  /**
   * The driver's client under ctx.db (what the recorder writes through), its statements counted and
   * sent to `query`; and ctx.db with that client under it, for the whole app.
   */
  function countingClient(ctx: TestContext, query: RawClient['query']) {
    const calls = { count: 0 };
    const client: RawClient = {
      query: (text, values) => {
        calls.count++;
        return query(text, values);
      },
    };
    const db = new Proxy(ctx.db, { get: (target, key, receiver) => (key === '$client' ? client : Reflect.get(target, key, receiver)) });
    return { client, db, calls };
  }
  const real = (ctx: TestContext) => rawClient(ctx.db);
  const waitFor = async (condition: () => boolean) => {
    for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(condition()).toBe(true);
  };
  const jobsOf = async (ctx: TestContext, webhookIds: string[]) =>
    (
      await queryRows<{ n: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM jobs j JOIN shopify_webhook_events e ON e.id::text = j.payload->>'eventId'
            WHERE j.name = 'process-webhook' AND e.shopify_id IN ${webhookIds}`,
      )
    )[0]!.n;
  const eventsOf = async (ctx: TestContext, webhookId: string) =>
    (await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopifyId, webhookId))).length;

  it('writes the deliveries that arrive during a write in one statement, answers none before its commit, and records a replay once within a batch and across batches', async ({
    ctx,
  }) => {
    const store = (await world(ctx).merchant().store()).store;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { client, calls } = countingClient(ctx, async (text, values) => {
      await gate;
      return real(ctx).query(text, values);
    });
    const recorder = createWebhookRecorder(client);
    const delivery = (webhookId: string, orderId: number) => ({
      shopDomain: store.shopDomain,
      topic: 'orders/paid',
      webhookId,
      payload: Buffer.from(JSON.stringify(order(orderId))),
    });
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const settled: string[] = [];
    const track = (name: string, promise: Promise<void>) => promise.then(() => void settled.push(name));

    const first = track('a', recorder.record(delivery(a, 1)));
    await waitFor(() => calls.count === 1);
    // While the first statement waits, more deliveries arrive: B twice (a replay inside one batch),
    // A again (a replay of a delivery in the batch being written), and C.
    const rest = [
      track('b', recorder.record(delivery(b, 2))),
      track('b again', recorder.record(delivery(b, 2))),
      track('a again', recorder.record(delivery(a, 1))),
      track('c', recorder.record(delivery(c, 3))),
    ];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toEqual([]);
    expect(calls.count).toBe(1);
    expect(await eventsOf(ctx, a)).toBe(0);

    open();
    await Promise.all([first, ...rest]);
    expect(calls.count).toBe(2);
    expect(settled.sort()).toEqual(['a', 'a again', 'b', 'b again', 'c']);
    for (const id of [a, b, c]) expect(await eventsOf(ctx, id)).toBe(1);
    expect(await jobsOf(ctx, [a, b, c])).toBe(3);
  });

  it('answers 200 to concurrent deliveries only with their rows stored: one row and one job each, in fewer statements than deliveries', async ({ ctx }) => {
    const store = (await world(ctx).merchant().store()).store;
    const { db, calls } = countingClient(ctx, (text, values) => real(ctx).query(text, values));
    const grouped = createApp({ ...ctx, db });
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const responses = await Promise.all(ids.map((id, n) => deliverTo(ctx, grouped, store.shopDomain, order(500 + n), id)));
    expect(responses.map((r) => r.status)).toEqual(ids.map(() => 200));
    for (const id of ids) expect(await eventsOf(ctx, id)).toBe(1);
    expect(await jobsOf(ctx, ids)).toBe(40);
    expect(calls.count).toBeLessThan(ids.length / 4);
    // Each row holds its own delivery's shop, topic and body, whatever its place in the statement.
    const rows = await ctx.db
      .select({ id: s.shopifyWebhookEvents.shopifyId, shopId: s.shopifyWebhookEvents.shopId, topic: s.shopifyWebhookEvents.topic, payload: s.shopifyWebhookEvents.payload })
      .from(s.shopifyWebhookEvents)
      .where(inArray(s.shopifyWebhookEvents.shopifyId, ids));
    expect(rows.map((r) => [r.id, r.shopId, r.topic, (r.payload as { id: number }).id]).sort()).toEqual(ids.map((id, n) => [id, store.id, 'orders/paid', 500 + n]).sort());
  });

  it('fails a batch the database refuses as a whole: every delivery of it rejected (503 over HTTP), one statement, nothing stored', async ({ ctx }) => {
    const store = (await world(ctx).merchant().store()).store;
    const down = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const { client, db, calls } = countingClient(ctx, () => Promise.reject(down));
    const refused: number[] = [];
    const recorder = createWebhookRecorder(client, { onRefused: (_error, size) => void refused.push(size) });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const results = await Promise.allSettled(
      ids.map((webhookId) => recorder.record({ shopDomain: store.shopDomain, topic: 'orders/paid', webhookId, payload: Buffer.from('{"id":1}') })),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls.count).toBe(1);
    expect(refused).toEqual([3]);

    const failing = createApp({ ...ctx, db });
    const responses = await Promise.all(ids.map((id) => deliverTo(ctx, failing, store.shopDomain, order(600), id)));
    expect(responses.map((r) => r.status)).toEqual([503, 503, 503]);
    for (const id of ids) expect(await eventsOf(ctx, id)).toBe(0);
  });

  it('records the good deliveries of a batch even when the database refuses one of them', async ({ ctx }) => {
    const store = (await world(ctx).merchant().store()).store;
    const recorder = createWebhookRecorder(real(ctx));
    const good = [randomUUID(), randomUUID()];
    const delivery = (webhookId: string) => ({ shopDomain: store.shopDomain, topic: 'orders/updated', webhookId, payload: Buffer.from(JSON.stringify(order(5))) });
    // A key too long for the unique index makes PostgreSQL refuse that row (the HTTP layer answers 400 first).
    const results = await Promise.allSettled([
      recorder.record(delivery(good[0]!)),
      recorder.record(delivery(randomBytes(8000).toString('base64'))),
      recorder.record(delivery(good[1]!)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const id of good) expect(await eventsOf(ctx, id)).toBe(1);
  });

  it('refuses a body over 512 KB with 413 and stores nothing, whether its Content-Length says so or it comes chunked', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    const big = JSON.stringify(order(9, { note: 'x'.repeat(600 * 1024) }));
    const headers = (id: string) => ({
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/paid',
      'x-shopify-shop-domain': store.shopDomain,
      'x-shopify-webhook-id': id,
      'x-shopify-triggered-at': new Date().toISOString(),
      'x-shopify-hmac-sha256': signWebhook(big, SECRET),
    });
    const [said, chunked] = [randomUUID(), randomUUID()];
    const withLength = await app.request('/webhooks/shopify', { method: 'POST', headers: { ...headers(said), 'content-length': String(Buffer.byteLength(big)) }, body: big });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const withoutLength = await app.request('/webhooks/shopify', { method: 'POST', headers: headers(chunked), body: stream, duplex: 'half' } as RequestInit);
    expect([withLength.status, withoutLength.status]).toEqual([413, 413]);
    expect((await eventsOf(ctx, said)) + (await eventsOf(ctx, chunked))).toBe(0);
  });

  it('answers 400 for absurd header values', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    expect((await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(1), id: 'x'.repeat(300) })).status).toBe(400);
  });
});

describe('topics', () => {
  it('orders/fulfilled keeps the paid time and adds the fulfilment; cancellation cancels pending requests', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(77) });
    await runJobs(ctx);
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/fulfilled', body: order(77, { fulfillment_status: 'fulfilled', updated_at: '2026-11-21T09:00:00Z' }) });
    await runJobs(ctx);
    const [row] = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, store.id));
    expect(row!.paidAt).toBeInstanceOf(Date);
    expect(row!.fulfilledAt).toBeInstanceOf(Date);

    await world(ctx)
      .at(store)
      .request({ order: null, orderId: row!.id, scheduledAt: new Date(Date.now() + 86_400_000), status: 'scheduled' });
    await world(ctx).at(store).request({ order: null, orderId: row!.id, scheduledAt: new Date(), status: 'sent' });
    await world(ctx).deliver(app, {
      shop: store.shopDomain,
      topic: 'orders/cancelled',
      body: order(77, { cancelled_at: '2026-11-22T08:00:00Z', updated_at: '2026-11-22T08:00:00Z' }),
    });
    await runJobs(ctx);
    const requests = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.orderId, row!.id));
    expect(requests.map((r) => r.status).sort()).toEqual(['cancelled', 'sent']);
    // Why, as data (decision 045).
    expect(requests.find((r) => r.status === 'cancelled')!.withdrawnReason).toBe('order_cancelled');
  });

  it('a refund cancels pending requests too', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(88) });
    await runJobs(ctx);
    const [row] = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, store.id));
    await world(ctx).at(store).request({ order: null, orderId: row!.id, scheduledAt: new Date() });
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/updated', body: order(88, { financial_status: 'refunded', updated_at: '2026-11-23T08:00:00Z' }) });
    await runJobs(ctx);
    const [request] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.orderId, row!.id));
    expect(request).toMatchObject({ status: 'cancelled', withdrawnReason: 'order_refunded' });
  });

  it('app/uninstalled deactivates the store with its date and cancels what was scheduled (a store whose token is gone reads as uninstalled)', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    await world(ctx).at(store).request({ order: null, scheduledAt: new Date() });
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'app/uninstalled', body: { id: 1, myshopify_domain: store.shopDomain } });
    await runJobs(ctx);
    const [after] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id));
    expect(after).toMatchObject({ isActive: false, awayReason: 'uninstalled' });
    expect(after!.uninstalledAt).toBeInstanceOf(Date);
    const [request] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store.id));
    expect(request).toMatchObject({ status: 'cancelled', withdrawnReason: 'app_uninstalled' });
  });

  // app_subscriptions/update re-reads Shopify's billing: src/server/billing/billing.int.test.ts plays it on the local Shopify.

  it('ignores test orders (Bogus gateway): no order recorded, so nobody is asked; the event says why', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    const id = randomUUID();
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(5150, { test: true }), id });
    await runJobs(ctx);
    const [event] = await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopifyId, id));
    expect(event).toMatchObject({ processed: true, error: 'test order: ignored (test orders never ask for reviews)' });
    expect(await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, store.id))).toEqual([]);
    // The same order as a real one is recorded.
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(5150, { test: false }) });
    await runJobs(ctx);
    expect(await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, store.id))).toHaveLength(1);
  });

  it('records a malformed payload as an error without retrying forever', async ({ ctx, app }) => {
    const store = (await world(ctx).merchant().store()).store;
    const id = randomUUID();
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: { id: 1, total_price: 'not-a-number' }, id });
    await runJobs(ctx);
    const [event] = await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopifyId, id));
    expect(event).toMatchObject({ processed: true });
    expect(event!.error).toMatch(/malformed payload/);
    const [{ n }] = (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM shopify_orders WHERE shop_id = ${store.id}`)) as [{ n: number }];
    expect(n).toBe(0);
  });
});

/** Every row of every table, as text, searched for `needle`: where personal data could hide. */
async function tablesContaining(ctx: TestContext, needle: string): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    ctx.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} t WHERE t::text ILIKE ${`%${needle}%`}`);
    if (row!.n > 0) found.push(name);
  }
  return found;
}

describe('privacy topics', () => {
  async function customerWithHistory(ctx: TestContext, app: ReturnType<typeof createApp>) {
    const store = (await world(ctx).merchant().store()).store;
    const email = `client.${randomUUID().slice(0, 8)}@exemple.test`;
    const body = order(Math.floor(Math.random() * 1e9), { email, customer: { id: 9, first_name: 'Zoé', last_name: 'Secret', email } });
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: body });
    await runJobs(ctx);
    const [o] = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, store.id));
    const shop = world(ctx).at(store);
    const request = await shop.request({ order: null, orderId: o!.id, customerEmail: email, customerName: 'Zoé Secret', scheduledAt: new Date(), status: 'completed' });
    await shop.request({
      order: null,
      orderId: o!.id,
      customerEmail: email,
      customerName: 'Zoé Secret',
      scheduledAt: new Date(Date.now() + 86_400_000),
      status: 'scheduled',
      flowId: null,
    });
    await shop.review({ reviewRequestId: request.id, customerEmail: email, customerName: 'Zoé Secret', rating: 2, comment: 'Je suis Zoé Secret, colis abîmé' });
    await shop.suppress(email);
    await ctx.mailer.send({ to: email, subject: 'Votre avis', text: 'Bonjour Zoé Secret' });
    return { store, email, orderId: String(body.id) };
  }

  it('customers/redact erases the customer everywhere and keeps the anonymous rating', async ({ ctx, app }) => {
    const { store, email, orderId } = await customerWithHistory(ctx, app);
    expect(await tablesContaining(ctx, email)).not.toEqual([]);
    await world(ctx).deliver(app, {
      shop: store.shopDomain,
      topic: 'customers/redact',
      body: {
        shop_id: 1,
        shop_domain: store.shopDomain,
        customer: { id: 9, email, phone: null },
        orders_to_redact: [Number(orderId)],
      },
    });
    await runJobs(ctx);
    expect(await tablesContaining(ctx, email)).toEqual([]);
    expect(await tablesContaining(ctx, 'Zoé Secret')).toEqual([]);
    const reviews = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.shopId, store.id));
    expect(reviews.map((r) => r.rating)).toEqual([2]);
    const requests = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store.id));
    expect(requests.map((r) => r.status).sort()).toEqual(['cancelled', 'completed']);
  });

  it('customers/data_request produces an export the merchant downloads, and e-mails the owner', async ({ ctx, app }) => {
    const { store, email } = await customerWithHistory(ctx, app);
    await world(ctx).deliver(app, {
      shop: store.shopDomain,
      topic: 'customers/data_request',
      body: {
        shop_id: 1,
        shop_domain: store.shopDomain,
        orders_requested: [],
        customer: { id: 9, email, phone: null },
        data_request: { id: 555 },
      },
    });
    await runJobs(ctx);
    const [owner] = await ctx.db.select().from(s.user).where(eq(s.user.id, store.userId));
    const mails = await ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, owner!.email));
    expect(mails).toHaveLength(1);
    const link = /\/api\/compliance\/exports\/[0-9a-f-]{36}/.exec(mails[0]!.text!)![0];
    expect(mails[0]!.text).not.toContain(email);
    expect(mails[0]!.text).toContain(`d’un client de ${store.shopDomain} (demande 555)`);
    expect(mails[0]!.html).toContain(`href="${ctx.config.appUrl}${link}"`);
    expect(mails[0]!.html).toContain('>Télécharger l’export</a>');
    expect(mails[0]!.html).toContain(`d’un client de ${store.shopDomain} (demande 555)`);
    expect(mails[0]!.html).not.toContain(email);

    // Only the store's owner can download it.
    const { Browserish } = await import('#tests/support/http');
    const stranger = new Browserish(app);
    await stranger.json('/api/auth/sign-up/email', { json: { name: 'X', email: `x.${randomUUID().slice(0, 6)}@exemple.test`, password: 'Lumiere-des-Avis-2025' } });
    expect((await stranger.json(link)).status).toBe(404);
    expect((await new Browserish(app).json(link)).status).toBe(401);
    const [row] = await ctx.db.select().from(s.complianceExports).where(eq(s.complianceExports.shopId, store.id));
    expect(row!.data).toMatchObject({
      customer: { email },
      orders: [expect.objectContaining({ email })],
      reviews: [expect.objectContaining({ rating: 2 })],
      unsubscribed: [expect.anything()],
    });
  });

  it('shop/redact erases every row of the shop, even after uninstall', async ({ ctx, app }) => {
    const { store, email } = await customerWithHistory(ctx, app);
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'app/uninstalled', body: { id: 1 } });
    await runJobs(ctx);
    await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'shop/redact', body: { shop_id: 1, shop_domain: store.shopDomain } });
    await runJobs(ctx);
    expect(await tablesContaining(ctx, store.shopDomain)).toEqual([]);
    expect(await tablesContaining(ctx, email)).toEqual([]);
  });
});
