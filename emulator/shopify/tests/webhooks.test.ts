import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webhookHmac } from '../crypto';
import { APP, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

let emu: TestEmulator;
let token: string;
const HOOK = 'http://localhost:3000/webhooks/shopify';

async function subscribe(topic: string, uri = HOOK) {
  const { body } = await emu.gql(
    DEMO,
    token,
    `mutation($topic: WebhookSubscriptionTopic!, $uri: String!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri }) { webhookSubscription { id } userErrors { message } } }`,
    { topic, uri },
  );
  expect(body.data.webhookSubscriptionCreate.userErrors).toEqual([]);
  return body.data.webhookSubscriptionCreate.webhookSubscription.id as string;
}

beforeEach(async () => {
  emu = createTestEmulator();
  token = (await emu.state.installApp(DEMO, { scope: 'read_orders,read_customers', expiring: false })).access_token;
});
afterEach(() => emu.close());

describe('delivery', () => {
  it('posts the Order payload with the Shopify headers and a base64 HMAC of the raw body', async () => {
    await subscribe('ORDERS_PAID');
    await subscribe('ORDERS_FULFILLED');
    const customer = await emu.state.createCustomer(DEMO, { firstName: 'Léa', lastName: 'Dupont', email: 'lea@example.com' });
    const order = await emu.state.createOrder(DEMO, { customerId: customer.id, total: '49.90', financialStatus: 'pending' });
    await emu.state.whenIdle();
    expect(emu.requests).toHaveLength(0);

    await emu.state.markPaid(order.id);
    await emu.state.whenIdle();
    expect(emu.requests).toHaveLength(1);
    const req = emu.requests[0]!;
    expect(req.url).toBe(HOOK);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-shopify-topic']).toBe('orders/paid');
    expect(req.headers['x-shopify-shop-domain']).toBe(DEMO);
    expect(req.headers['x-shopify-api-version']).toBe('2026-10');
    expect(req.headers['x-shopify-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(req.headers['x-shopify-event-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(req.headers['x-shopify-triggered-at']!))).toBe(false);
    expect(req.headers['x-shopify-hmac-sha256']).toBe(webhookHmac(req.body, APP.apiSecret));
    // The app secret of these tests is "hush": the reference vector holds for the same function.
    expect(webhookHmac('{"id":1}', APP.apiSecret)).toBe('VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=');

    const payload = JSON.parse(req.body);
    expect(payload).toMatchObject({
      id: order.id,
      admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
      name: '#1001',
      email: 'lea@example.com',
      financial_status: 'paid',
      fulfillment_status: null,
      total_price: '49.90',
      currency: 'EUR',
      cancelled_at: null,
      // The checkout's language, `fr` by default on the local shops.
      customer_locale: 'fr',
      customer: { id: customer.id, first_name: 'Léa', last_name: 'Dupont', email: 'lea@example.com' },
    });
    for (const k of ['created_at', 'updated_at', 'processed_at']) expect(payload[k]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

    await emu.state.fulfil(order.id);
    await emu.state.whenIdle();
    const fulfilled = emu.requests[1]!;
    expect(fulfilled.headers['x-shopify-topic']).toBe('orders/fulfilled');
    expect(JSON.parse(fulfilled.body).fulfillment_status).toBe('fulfilled');

    const log = await emu.state.listDeliveries({ topic: 'orders/paid' });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ topic: 'orders/paid', uri: HOOK, attempts: 1, lastStatus: 200, delivered: true });
  });

  it('sends the checkout’s language as Shopify does (customer_locale), answers it in GraphQL, and refuses one that is no locale', async () => {
    await subscribe('ORDERS_PAID');
    const order = await emu.state.createOrder(DEMO, { email: 'b@example.com', total: 10, customerLocale: 'de-DE' });
    await emu.state.whenIdle();
    expect(JSON.parse(emu.requests[0]!.body).customer_locale).toBe('de-DE');
    const { body } = await emu.gql(DEMO, token, `{ order(id: "gid://shopify/Order/${order.id}") { customerLocale } }`);
    expect(body.data.order.customerLocale).toBe('de-DE');
    const none = await emu.state.createOrder(DEMO, { email: 'c@example.com', total: 10, customerLocale: null });
    const { body: bare } = await emu.gql(DEMO, token, `{ order(id: "gid://shopify/Order/${none.id}") { customerLocale } }`);
    expect(bare.data.order.customerLocale).toBeNull();
    await expect(emu.state.createOrder(DEMO, { email: 'd@example.com', total: 10, customerLocale: 'allemand' })).rejects.toThrow(/customerLocale/);
  });

  it('an order created paid sends orders/create and orders/paid to their subscribers', async () => {
    await subscribe('ORDERS_CREATE');
    await subscribe('ORDERS_PAID');
    await emu.state.createOrder(DEMO, { email: 'a@example.com', total: 10 });
    await emu.state.whenIdle();
    expect(emu.requests.map((r) => r.headers['x-shopify-topic'])).toEqual(['orders/create', 'orders/paid']);
  });

  it('retries keep the same webhook id and stop after a success', async () => {
    await subscribe('ORDERS_PAID');
    const answers = [500, 0, 200];
    emu.respond(() => {
      const s = answers.shift() ?? 200;
      if (s === 0) throw new TypeError('connection refused');
      return new Response('', { status: s });
    });
    await emu.state.createOrder(DEMO, { email: 'a@example.com', total: 10 });
    await emu.state.whenIdle();
    let [d] = await emu.state.listDeliveries();
    expect(d).toMatchObject({ attempts: 1, lastStatus: 500, delivered: false, abandoned: false });
    expect(d!.nextAttemptAt).not.toBeNull();

    // Retries happen later: they still carry the event's original trigger time.
    emu.clock.advance(60_000);
    await emu.state.retryDeliveriesNow();
    [d] = await emu.state.listDeliveries();
    expect(d).toMatchObject({ attempts: 2, lastStatus: null, delivered: false });
    expect(d!.lastError).toContain('connection refused');

    await emu.state.retryDeliveriesNow();
    await emu.state.retryDeliveriesNow();
    [d] = await emu.state.listDeliveries();
    expect(d).toMatchObject({ attempts: 3, lastStatus: 200, delivered: true, nextAttemptAt: null });
    expect(emu.requests).toHaveLength(3);
    const ids = new Set(emu.requests.map((r) => r.headers['x-shopify-webhook-id']));
    expect(ids.size).toBe(1);
    const triggered = new Set(emu.requests.map((r) => r.headers['x-shopify-triggered-at']));
    expect([...triggered]).toEqual([d!.triggeredAt]);
    expect(Date.parse(d!.triggeredAt)).toBeLessThan(emu.clock.now.getTime());
    expect(new Set(emu.requests.map((r) => r.body)).size).toBe(1);
  });

  it('retries on the configured schedule with real timers', async () => {
    await emu.close();
    emu = createTestEmulator({ webhookRetryDelaysMs: [5, 5] });
    token = (await emu.state.installApp(DEMO, { expiring: false })).access_token;
    await subscribe('ORDERS_PAID');
    let calls = 0;
    emu.respond(() => new Response(null, { status: ++calls < 3 ? 503 : 204 }));
    await emu.state.createOrder(DEMO, { email: 'a@example.com', total: 10 });
    await vi.waitFor(async () => {
      const [d] = await emu.state.listDeliveries();
      expect(d!.delivered).toBe(true);
    });
    expect(calls).toBe(3);
  });

  it('a redirect counts as a failure', async () => {
    await subscribe('ORDERS_PAID');
    emu.respond(() => new Response(null, { status: 302, headers: { Location: 'http://elsewhere.example/' } }));
    await emu.state.createOrder(DEMO, { email: 'a@example.com', total: 10 });
    await emu.state.whenIdle();
    const [d] = await emu.state.listDeliveries();
    expect(d).toMatchObject({ delivered: false, lastStatus: 302 });
    expect(d!.lastError).toContain('redirect');
  });

  it('no answer within 5 s is a failure', async () => {
    await subscribe('ORDERS_PAID');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      emu.respond(
        (_req, signal) =>
          new Promise<Response>((_resolve, reject) => {
            signal?.addEventListener('abort', () => reject(signal.reason));
          }),
      );
      await emu.state.createOrder(DEMO, { email: 'a@example.com', total: 10 });
      await vi.advanceTimersByTimeAsync(4900);
      expect((await emu.state.listDeliveries())[0]!.attempts).toBe(1);
      expect((await emu.state.listDeliveries())[0]!.lastError).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      await emu.state.whenIdle();
      const [d] = await emu.state.listDeliveries();
      expect(d).toMatchObject({ delivered: false, lastStatus: null });
      expect(d!.lastError).toContain('5 s');
    } finally {
      vi.useRealTimers();
    }
  });

  it('after the last retry fails, a subscription created by API is removed', async () => {
    await emu.close();
    emu = createTestEmulator({ webhookRetryDelaysMs: [1, 1, 1, 1, 1, 1, 1, 1] });
    token = (await emu.state.installApp(DEMO, { expiring: false })).access_token;
    await subscribe('ORDERS_PAID');
    await subscribe('ORDERS_PAID', 'https://healthy.example/hook');
    emu.respond((req) => new Response('', { status: req.url === HOOK ? 500 : 200 }));
    await emu.state.createOrder(DEMO, { email: 'a@example.com', total: 10 });
    await emu.state.whenIdle();
    for (let i = 0; i < 8; i++) await emu.state.retryDeliveriesNow();
    const failed = (await emu.state.listDeliveries()).find((d) => d.uri === HOOK)!;
    expect(failed).toMatchObject({ attempts: 9, delivered: false, abandoned: true, nextAttemptAt: null });
    const subs = await emu.state.listWebhookSubscriptions(DEMO);
    expect(subs.map((s) => s.uri)).toEqual(['https://healthy.example/hook']);
  });

  it('drops the next N deliveries (lost webhooks), then delivers again', async () => {
    await subscribe('ORDERS_PAID');
    await emu.state.dropNextDeliveries(2);
    for (let i = 0; i < 3; i++) await emu.state.createOrder(DEMO, { email: `c${i}@example.com`, total: 10 });
    await emu.state.whenIdle();
    expect(emu.requests).toHaveLength(1);
    expect(JSON.parse(emu.requests[0]!.body).name).toBe('#1003');
    const log = await emu.state.listDeliveries();
    expect(log.map((d) => [d.dropped, d.delivered, d.attempts])).toEqual([
      [true, false, 0],
      [true, false, 0],
      [false, true, 1],
    ]);
  });
});

describe('uninstall', () => {
  it('delivers app/uninstalled, then revokes tokens and deletes the subscriptions', async () => {
    await subscribe('APP_UNINSTALLED');
    await subscribe('ORDERS_PAID');
    const expiring = await emu.state.installApp(DEMO, { expiring: true });
    await emu.state.uninstall(DEMO);
    await emu.state.whenIdle();
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]!.headers['x-shopify-topic']).toBe('app/uninstalled');
    expect(JSON.parse(emu.requests[0]!.body)).toMatchObject({ myshopify_domain: DEMO, domain: DEMO, name: 'Maison Lumière', currency: 'EUR' });

    expect((await emu.gql(DEMO, token, '{ shop { name } }')).status).toBe(401);
    expect((await emu.gql(DEMO, expiring.access_token, '{ shop { name } }')).status).toBe(401);
    expect(await emu.state.listWebhookSubscriptions(DEMO)).toEqual([]);
    const refresh = await emu.app.request(`/store/${DEMO}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: APP.apiKey, client_secret: APP.apiSecret, grant_type: 'refresh_token', refresh_token: expiring.refresh_token }),
    });
    expect(refresh.status).toBe(400);
    expect((await emu.state.getShop(DEMO))!.installed).toBe(false);

    // Orders after uninstall notify nobody.
    await emu.state.createOrder(DEMO, { email: 'a@example.com', total: 10 });
    await emu.state.whenIdle();
    expect(emu.requests).toHaveLength(1);
  });

  it('the admin page button uninstalls (POST)', async () => {
    const page = await (await emu.app.request(`/store/${DEMO}/admin`)).text();
    expect(page).toContain("Désinstaller l'application");
    const res = await emu.app.request(`/store/${DEMO}/admin/apps/uninstall`, { method: 'POST' });
    expect(res.status).toBe(303);
    expect((await emu.state.getShop(DEMO))!.installed).toBe(false);
    expect((await emu.gql(DEMO, token, '{ shop { name } }')).status).toBe(401);
  });
});

describe('compliance webhooks', () => {
  it('sends the three payloads to the configured compliance URI', async () => {
    const customer = await emu.state.createCustomer(DEMO, { email: 'lea@example.com', phone: '+33600000000' });
    const o1 = await emu.state.createOrder(DEMO, { customerId: customer.id, total: 10 });
    const o2 = await emu.state.createOrder(DEMO, { customerId: customer.id, total: 20 });
    const shop = (await emu.state.getShop(DEMO))!;

    await emu.state.raiseCompliance(DEMO, 'customers/data_request', { customerId: customer.id });
    await emu.state.raiseCompliance(DEMO, 'customers/redact', { customerId: customer.id });
    await emu.state.raiseCompliance(DEMO, 'shop/redact');
    await emu.state.whenIdle();

    expect(emu.requests.map((r) => r.url)).toEqual(Array(3).fill('http://localhost:3000/webhooks/shopify'));
    expect(emu.requests.map((r) => r.headers['x-shopify-topic'])).toEqual(['customers/data_request', 'customers/redact', 'shop/redact']);
    for (const r of emu.requests) expect(r.headers['x-shopify-hmac-sha256']).toBe(webhookHmac(r.body, APP.apiSecret));
    const [dataRequest, redact, shopRedact] = emu.requests.map((r) => JSON.parse(r.body));
    expect(dataRequest).toEqual({
      shop_id: shop.id,
      shop_domain: DEMO,
      orders_requested: [o1.id, o2.id],
      customer: { id: customer.id, email: 'lea@example.com', phone: '+33600000000' },
      data_request: { id: expect.any(Number) },
    });
    expect(redact).toEqual({
      shop_id: shop.id,
      shop_domain: DEMO,
      customer: { id: customer.id, email: 'lea@example.com', phone: '+33600000000' },
      orders_to_redact: [o1.id, o2.id],
    });
    expect(shopRedact).toEqual({ shop_id: shop.id, shop_domain: DEMO });
  });

  it('uses the complianceUri from the app configuration, and the admin page buttons', async () => {
    await emu.state.setAppConfig({ complianceUri: 'https://app.example/gdpr' });
    const res = await emu.app.request(`/store/${DEMO}/admin/compliance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'topic=shop%2Fredact',
    });
    expect(res.status).toBe(303);
    await emu.state.whenIdle();
    expect(emu.requests[0]!.url).toBe('https://app.example/gdpr');
  });
});
