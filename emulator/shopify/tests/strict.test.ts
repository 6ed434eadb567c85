// Where the emulator is as strict as Shopify, because the app depends on it: scopes per type,
// protected customer data, the revocation of older offline tokens, unordered deliveries, search syntax.
import { afterEach, describe, expect, it } from 'vitest';
import type { ProtectedCustomerDataApproval } from '../index';
import { APP, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

let emu: TestEmulator;
afterEach(() => emu.close());

const ORDER = `query { orders(first: 5) { nodes { name test email billingAddress { firstName lastName city } customer { firstName } } } }`;

async function setup(approval: ProtectedCustomerDataApproval, scope = 'read_orders') {
  emu = createTestEmulator({ app: { ...APP, protectedCustomerData: approval } });
  const token = (await emu.state.installApp(DEMO, { scope, expiring: false })).access_token;
  const customer = await emu.state.createCustomer(DEMO, { firstName: 'Léa', lastName: 'Dupont', email: 'lea@example.com' });
  await emu.state.createOrder(DEMO, { customerId: customer.id, total: 49.9, notify: false });
  return token;
}

async function subscribe(token: string, topic: string) {
  const { body } = await emu.gql(
    DEMO,
    token,
    `mutation($topic: WebhookSubscriptionTopic!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: "https://app.example/webhooks" }) { webhookSubscription { id } userErrors { message } } }`,
    { topic },
  );
  return body.data.webhookSubscriptionCreate as { webhookSubscription: { id: string } | null; userErrors: { message: string }[] };
}

describe('scopes per type', () => {
  it('answers Order.customer null with ACCESS_DENIED at its path without read_customers, the rest of the order intact', async () => {
    const token = await setup({ level: 2, fields: ['name', 'email'] });
    const { status, body } = await emu.gql(DEMO, token, `{ orders(first: 5) { nodes { name email billingAddress { firstName lastName } customer { firstName } } } }`);
    expect(status).toBe(200);
    expect(body.data.orders.nodes[0]).toMatchObject({ name: '#1001', email: 'lea@example.com', customer: null, billingAddress: { firstName: 'Léa', lastName: 'Dupont' } });
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'Access denied for customer field. Required access: `read_customers` access scope.',
        path: ['orders', 'nodes', 0, 'customer'],
        extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }),
      }),
    ]);
  });
});

describe('protected customer data', () => {
  it('refuses the Order object and the order topics to an app with no approval', async () => {
    const token = await setup({ level: 0, fields: [] });
    const { body } = await emu.gql(DEMO, token, ORDER);
    expect(body.data).toBeNull();
    expect(body.errors[0]).toMatchObject({ message: expect.stringContaining('not approved to access the Order object'), extensions: { code: 'ACCESS_DENIED' } });
    const refused = await subscribe(token, 'ORDERS_PAID');
    expect(refused.webhookSubscription).toBeNull();
    expect(refused.userErrors[0]!.message).toContain('This app is not approved to subscribe to webhook topics containing protected customer data');
    // Topics without customer data stay open.
    expect((await subscribe(token, 'APP_UNINSTALLED')).userErrors).toEqual([]);
  });

  it('withholds every protected field at level 1: null plus an error at each path', async () => {
    const token = await setup({ level: 1, fields: [] }, 'read_orders');
    const { body } = await emu.gql(DEMO, token, `{ orders(first: 1) { nodes { name email billingAddress { firstName lastName city } } } }`);
    expect(body.data.orders.nodes[0]).toEqual({ name: '#1001', email: null, billingAddress: { firstName: null, lastName: null, city: null } });
    expect(body.errors.map((e: { path: unknown[] }) => e.path)).toEqual([
      ['orders', 'nodes', 0, 'email'],
      ['orders', 'nodes', 0, 'billingAddress', 'firstName'],
      ['orders', 'nodes', 0, 'billingAddress', 'lastName'],
      ['orders', 'nodes', 0, 'billingAddress', 'city'],
    ]);
    expect(body.errors[0].message).toBe('This app is not approved to use the email field. See https://shopify.dev/docs/apps/launch/protected-customer-data for more details.');
    expect((await subscribe(token, 'ORDERS_PAID')).userErrors).toEqual([]);
  });

  it('gives exactly the approved fields at level 2, and redacts the others in webhook payloads', async () => {
    emu = createTestEmulator({ app: { ...APP, protectedCustomerData: { level: 2, fields: ['email'] } } });
    const token = (await emu.state.installApp(DEMO, { scope: 'read_orders', expiring: false })).access_token;
    await subscribe(token, 'ORDERS_CREATE');
    await emu.state.createOrder(DEMO, {
      customer: { firstName: 'Léa', lastName: 'Dupont', email: 'lea@example.com' },
      total: 10,
      address: { city: 'Lyon', phone: '+33600000000' },
    });
    await emu.state.whenIdle();
    const payload = JSON.parse(emu.requests.find((r) => r.headers['x-shopify-topic'] === 'orders/create')!.body);
    expect(payload).toMatchObject({
      email: 'lea@example.com',
      phone: null,
      customer: { first_name: null, last_name: null, email: 'lea@example.com', phone: null },
      billing_address: { first_name: null, last_name: null, name: null, city: null, phone: null },
    });
    const { body } = await emu.gql(DEMO, token, `{ orders(first: 1) { nodes { email billingAddress { firstName } } } }`);
    expect(body.data.orders.nodes[0]).toEqual({ email: 'lea@example.com', billingAddress: { firstName: null } });
    expect(body.errors).toHaveLength(1);
  });

  it('is set through the control API, validated', async () => {
    emu = createTestEmulator();
    const put = (body: unknown) => emu.app.request('/control/app', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await put({ protectedCustomerData: { level: 2, fields: ['name'] } })).status).toBe(200);
    expect((await emu.state.getAppConfig()).protectedCustomerData).toEqual({ level: 2, fields: ['name'] });
    expect((await put({ protectedCustomerData: { level: 3, fields: [] } })).status).toBe(400);
    expect((await put({ protectedCustomerData: { level: 2, fields: ['birthday'] } })).status).toBe(400);
  });
});

describe('offline tokens', () => {
  it('a new offline token revokes the previous ones and their refresh tokens', async () => {
    emu = createTestEmulator();
    const first = await emu.state.installApp(DEMO, { scope: 'read_orders', expiring: true });
    expect((await emu.gql(DEMO, first.access_token, '{ shop { name } }')).status).toBe(200);
    const second = await emu.state.installApp(DEMO, { scope: 'read_orders', expiring: true });
    expect((await emu.gql(DEMO, first.access_token, '{ shop { name } }')).status).toBe(401);
    expect((await emu.gql(DEMO, second.access_token, '{ shop { name } }')).status).toBe(200);
    const refresh = await emu.app.request(`/store/${DEMO}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: APP.apiKey, client_secret: APP.apiSecret, grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    });
    expect(refresh.status).toBe(400);
  });
});

describe('webhook deliveries out of order', () => {
  it('holds deliveries and releases them reversed, keeping each event its own trigger time', async () => {
    emu = createTestEmulator();
    const token = (await emu.state.installApp(DEMO, { scope: 'read_orders', expiring: false })).access_token;
    await subscribe(token, 'ORDERS_PAID');
    await emu.state.holdDeliveries();
    const a = await emu.state.createOrder(DEMO, { email: 'a@example.com', total: 1 });
    emu.clock.advance(1000);
    const b = await emu.state.createOrder(DEMO, { email: 'b@example.com', total: 2 });
    await emu.state.whenIdle();
    expect(emu.requests).toHaveLength(0);
    await emu.state.releaseDeliveries('reverse');
    expect(emu.requests.map((r) => JSON.parse(r.body).id)).toEqual([b.id, a.id]);
    const [later, earlier] = emu.requests.map((r) => Date.parse(r.headers['x-shopify-triggered-at']!));
    expect(later! - earlier!).toBe(1000);
    // Delivered as usual again.
    await emu.state.createOrder(DEMO, { email: 'c@example.com', total: 3 });
    await emu.state.whenIdle();
    expect(emu.requests).toHaveLength(3);
  });
});

describe('order search syntax', () => {
  it('does not apply an unquoted date-time, and warns in extensions.search; the quoted form filters', async () => {
    emu = createTestEmulator();
    emu.clock.now = new Date('2026-10-15T12:00:00Z');
    const token = (await emu.state.installApp(DEMO, { scope: 'read_orders', expiring: false })).access_token;
    await emu.state.createOrder(DEMO, { email: 'old@example.com', total: 1, createdAt: '2026-10-01T10:00:00Z', notify: false });
    await emu.state.createOrder(DEMO, { email: 'new@example.com', total: 1, createdAt: '2026-10-14T10:00:00Z', notify: false });
    const count = (query: string) => emu.gql(DEMO, token, 'query($q: String) { ordersCount(query: $q) { count } }', { q: query });

    const unquoted = (await count('created_at:>=2026-10-10T00:00:00Z')).body;
    expect(unquoted.data.ordersCount.count).toBe(2);
    expect(unquoted.extensions.search).toEqual([
      { path: ['ordersCount'], query: 'created_at:>=2026-10-10T00:00:00Z', warnings: [{ field: 'created_at', message: expect.stringContaining('must be quoted') }] },
    ]);
    for (const quoted of ["created_at:>='2026-10-10T00:00:00Z'", 'created_at:>="2026-10-10T00:00:00Z"']) {
      const body = (await count(quoted)).body;
      expect(body.data.ordersCount.count).toBe(1);
      expect(body.extensions.search).toBeUndefined();
    }
  });
});
