import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, createTestEmulator, type TestEmulator } from '../test-support';

let emu: TestEmulator;
let token: string;

beforeEach(async () => {
  emu = createTestEmulator();
  emu.clock.now = new Date('2026-10-15T12:00:00Z');
  token = (await emu.state.installApp(DEMO, { scope: 'read_orders,read_customers', expiring: false })).access_token;
});
afterEach(() => emu.close());

const INVALID = '[API] Invalid API key or access token (unrecognized login or wrong password)';

describe('authentication and versions', () => {
  it('answers the shop with a valid token, with the cost extension', async () => {
    const { status, body } = await emu.gql(DEMO, token, '{ shop { id name email myshopifyDomain currencyCode } }');
    expect(status).toBe(200);
    expect(body.data.shop).toMatchObject({ name: 'Maison Lumière', myshopifyDomain: DEMO, currencyCode: 'EUR' });
    expect(body.data.shop.id).toMatch(/^gid:\/\/shopify\/Shop\/\d+$/);
    expect(body.extensions.cost).toMatchObject({
      requestedQueryCost: 1,
      actualQueryCost: 1,
      throttleStatus: { maximumAvailable: 1000, restoreRate: 50 },
    });
  });

  it('404 for a malformed or non-quarterly version', async () => {
    for (const v of ['2026-02', 'latest', '26-10', 'unstable']) {
      expect((await emu.gql(DEMO, token, '{ shop { name } }', {}, v)).status).toBe(404);
    }
    expect((await emu.gql(DEMO, token, '{ shop { name } }', {}, '2025-07')).status).toBe(200);
  });

  it('401 for a missing, unknown, other-shop or revoked token', async () => {
    const missing = await emu.app.request(`/store/${DEMO}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ errors: INVALID });

    const unknown = await emu.gql(DEMO, 'shpat_unknown', '{ shop { name } }');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ errors: INVALID });

    await emu.state.createShop({ domain: 'autre-boutique.myshopify.com', name: 'Autre' });
    const other = (await emu.state.installApp('autre-boutique.myshopify.com')).access_token;
    expect((await emu.gql(DEMO, other, '{ shop { name } }')).status).toBe(401);
    expect((await emu.gql('autre-boutique.myshopify.com', other, '{ shop { name } }')).body.data.shop.name).toBe('Autre');

    await emu.state.revokeToken(other);
    expect((await emu.gql('autre-boutique.myshopify.com', other, '{ shop { name } }')).status).toBe(401);
  });

  it('returns GraphQL errors for invalid queries (200, as Shopify)', async () => {
    const { status, body } = await emu.gql(DEMO, token, '{ shop { nope } }');
    expect(status).toBe(200);
    expect(body.errors[0].message).toContain('nope');
  });

  it('ACCESS_DENIED without read_orders', async () => {
    await emu.state.createShop({ domain: 'sans-scope' });
    const t = (await emu.state.installApp('sans-scope', { scope: 'read_products' })).access_token;
    const { body } = await emu.gql('sans-scope.myshopify.com', t, '{ orders(first: 1) { nodes { id } } }');
    expect(body.errors[0].extensions.code).toBe('ACCESS_DENIED');
  });
});

describe('orders', () => {
  const ORDERS = `query Orders($first: Int, $after: String, $last: Int, $before: String, $query: String, $sortKey: OrderSortKeys, $reverse: Boolean) {
    orders(first: $first, after: $after, last: $last, before: $before, query: $query, sortKey: $sortKey, reverse: $reverse) {
      edges { cursor node { id legacyResourceId name email createdAt updatedAt processedAt cancelledAt closedAt
        displayFinancialStatus displayFulfillmentStatus
        totalPriceSet { shopMoney { amount currencyCode } }
        customer { id firstName lastName email displayName }
        fulfillments { createdAt } } }
      nodes { name }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }`;

  async function seed() {
    const customer = await emu.state.createCustomer(DEMO, { firstName: 'Léa', lastName: 'Dupont', email: 'lea@example.com' });
    const at = (d: string) => new Date(`2026-${d}Z`).toISOString();
    // 7 paid orders since September, 2 pending, 1 paid in August.
    const created = [];
    for (let i = 0; i < 7; i++) {
      created.push(await emu.state.createOrder(DEMO, { customerId: customer.id, total: `${10 + i}.50`, createdAt: at(`09-${String(i + 1).padStart(2, '0')}T10:00:00`) }));
    }
    await emu.state.createOrder(DEMO, { email: 'guest@example.com', total: 5, financialStatus: 'pending', createdAt: at('09-10T10:00:00') });
    await emu.state.createOrder(DEMO, { email: 'guest@example.com', total: 5, financialStatus: 'pending', createdAt: at('09-11T10:00:00') });
    await emu.state.createOrder(DEMO, { customerId: customer.id, total: 99, createdAt: at('08-30T10:00:00') });
    return { customer, created };
  }

  it('paginates a filtered query across 3 pages with stable cursors', async () => {
    const { created } = await seed();
    const query = "created_at:>='2026-09-01T00:00:00Z' financial_status:paid";
    const p1 = (await emu.gql(DEMO, token, ORDERS, { first: 3, query })).body.data.orders;
    expect(p1.nodes.map((n: { name: string }) => n.name)).toEqual(['#1001', '#1002', '#1003']);
    expect(p1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(p1.edges[0].node).toMatchObject({
      id: created[0]!.gid,
      legacyResourceId: String(created[0]!.id),
      email: 'lea@example.com',
      createdAt: '2026-09-01T10:00:00Z',
      processedAt: '2026-09-01T10:00:00Z',
      cancelledAt: null,
      displayFinancialStatus: 'PAID',
      displayFulfillmentStatus: 'UNFULFILLED',
      totalPriceSet: { shopMoney: { amount: '10.5', currencyCode: 'EUR' } },
      customer: { firstName: 'Léa', lastName: 'Dupont', email: 'lea@example.com', displayName: 'Léa Dupont' },
      fulfillments: [],
    });
    expect(p1.pageInfo.endCursor).toBe(p1.edges[2].cursor);

    // A new matching order created between pages does not shift the next pages.
    await emu.state.createOrder(DEMO, { email: 'x@example.com', total: 1, createdAt: '2026-09-02T11:00:00Z' });

    const p2 = (await emu.gql(DEMO, token, ORDERS, { first: 3, after: p1.pageInfo.endCursor, query, sortKey: 'CREATED_AT' })).body.data.orders;
    const p2b = (await emu.gql(DEMO, token, ORDERS, { first: 3, after: p1.pageInfo.endCursor, query })).body.data.orders;
    expect(p2b.nodes.map((n: { name: string }) => n.name)).toEqual(['#1004', '#1005', '#1006']);
    expect(p2b.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    expect(p2.nodes.length).toBe(3);

    const p3 = (await emu.gql(DEMO, token, ORDERS, { first: 3, after: p2b.pageInfo.endCursor, query })).body.data.orders;
    expect(p3.nodes.map((n: { name: string }) => n.name)).toEqual(['#1007']);
    expect(p3.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    // Backwards with last/before.
    const back = (await emu.gql(DEMO, token, ORDERS, { last: 2, before: p3.pageInfo.startCursor, query })).body.data.orders;
    expect(back.nodes.map((n: { name: string }) => n.name)).toEqual(['#1005', '#1006']);
  });

  it('filters on updated_at, status, and sorts in reverse', async () => {
    const { created } = await seed();
    emu.clock.now = new Date('2026-10-16T08:00:00Z');
    await emu.state.fulfil(created[2]!.id);
    const updated = (await emu.gql(DEMO, token, ORDERS, { first: 10, query: "updated_at:>='2026-10-16T00:00:00Z'" })).body.data.orders;
    expect(updated.nodes.map((n: { name: string }) => n.name)).toEqual(['#1003']);
    expect(updated.edges[0].node.displayFulfillmentStatus).toBe('FULFILLED');
    expect(updated.edges[0].node.fulfillments).toEqual([{ createdAt: '2026-10-16T08:00:00Z' }]);

    const pending = (await emu.gql(DEMO, token, ORDERS, { first: 10, query: 'financial_status:pending' })).body.data.orders;
    expect(pending.nodes.map((n: { name: string }) => n.name)).toEqual(['#1008', '#1009']);

    const reversed = (await emu.gql(DEMO, token, ORDERS, { first: 2, sortKey: 'CREATED_AT', reverse: true })).body.data.orders;
    expect(reversed.nodes.map((n: { name: string }) => n.name)).toEqual(['#1009', '#1008']);

    const unknownTerm = (await emu.gql(DEMO, token, ORDERS, { first: 50, query: 'tag:vip financial_status:paid' })).body.data.orders;
    expect(unknownTerm.nodes).toHaveLength(8);
  });

  it('read_orders only sees the last 60 days; read_all_orders sees everything', async () => {
    await emu.state.createOrder(DEMO, { email: 'old@example.com', total: 1, createdAt: '2026-07-01T00:00:00Z' });
    await emu.state.createOrder(DEMO, { email: 'new@example.com', total: 1, createdAt: '2026-10-01T00:00:00Z' });
    const count = '{ ordersCount { count precision } }';
    expect((await emu.gql(DEMO, token, count)).body.data.ordersCount).toEqual({ count: 1, precision: 'EXACT' });
    const all = (await emu.state.installApp(DEMO, { scope: 'read_orders,read_all_orders' })).access_token;
    expect((await emu.gql(DEMO, all, count)).body.data.ordersCount.count).toBe(2);
  });

  it('ordersCount with a query', async () => {
    await seed();
    const { body } = await emu.gql(
      DEMO,
      token,
      `{ paid: ordersCount(query: "created_at:>=2026-09-01 financial_status:paid") { count precision }
      all: ordersCount { count } limited: ordersCount(limit: 3) { count precision } }`,
    );
    expect(body.data.paid).toEqual({ count: 7, precision: 'EXACT' });
    expect(body.data.all.count).toBe(10);
    expect(body.data.limited).toEqual({ count: 3, precision: 'AT_LEAST' });
  });

  it('rejects a connection without first/last and a page over 250', async () => {
    expect((await emu.gql(DEMO, token, '{ orders { nodes { id } } }')).body.errors[0].message).toContain('first or last');
    expect((await emu.gql(DEMO, token, '{ orders(first: 251) { nodes { id } } }')).body.errors[0].message).toContain('250');
  });
});

describe('webhook subscriptions', () => {
  const CREATE = `mutation Create($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id topic uri } userErrors { field message } } }`;
  const LIST = `query List($topics: [WebhookSubscriptionTopic!]) {
    webhookSubscriptions(first: 10, topics: $topics) {
      edges { node { id topic uri endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } } }
      nodes { id topic } } }`;

  it('creates (uri or callbackUrl), lists, updates and deletes', async () => {
    const a = (await emu.gql(DEMO, token, CREATE, { topic: 'ORDERS_PAID', sub: { uri: 'http://localhost:3000/webhooks/shopify' } })).body.data.webhookSubscriptionCreate;
    expect(a.userErrors).toEqual([]);
    expect(a.webhookSubscription).toMatchObject({ topic: 'ORDERS_PAID', uri: 'http://localhost:3000/webhooks/shopify' });
    expect(a.webhookSubscription.id).toMatch(/^gid:\/\/shopify\/WebhookSubscription\/\d+$/);
    const b = (await emu.gql(DEMO, token, CREATE, { topic: 'APP_UNINSTALLED', sub: { callbackUrl: 'https://app.example/webhooks', format: 'JSON' } })).body.data
      .webhookSubscriptionCreate;
    expect(b.userErrors).toEqual([]);

    const dup = (await emu.gql(DEMO, token, CREATE, { topic: 'ORDERS_PAID', sub: { uri: 'http://localhost:3000/webhooks/shopify' } })).body.data.webhookSubscriptionCreate;
    expect(dup.webhookSubscription).toBeNull();
    expect(dup.userErrors[0].message).toBe('Address for this topic has already been taken');
    const invalid = (await emu.gql(DEMO, token, CREATE, { topic: 'ORDERS_FULFILLED', sub: { uri: 'not a url' } })).body.data.webhookSubscriptionCreate;
    expect(invalid.userErrors[0]).toEqual({ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' });

    const list = (await emu.gql(DEMO, token, LIST)).body.data.webhookSubscriptions;
    expect(list.edges).toHaveLength(2);
    expect(list.edges[0].node.endpoint).toEqual({ __typename: 'WebhookHttpEndpoint', callbackUrl: 'http://localhost:3000/webhooks/shopify' });
    const filtered = (await emu.gql(DEMO, token, LIST, { topics: ['APP_UNINSTALLED'] })).body.data.webhookSubscriptions;
    expect(filtered.nodes).toEqual([{ id: b.webhookSubscription.id, topic: 'APP_UNINSTALLED' }]);

    const upd = (
      await emu.gql(
        DEMO,
        token,
        `mutation($id: ID!) { webhookSubscriptionUpdate(id: $id, webhookSubscription: { uri: "https://app.example/v2" }) { webhookSubscription { uri } userErrors { message } } }`,
        { id: b.webhookSubscription.id },
      )
    ).body.data.webhookSubscriptionUpdate;
    expect(upd).toEqual({ webhookSubscription: { uri: 'https://app.example/v2' }, userErrors: [] });

    const DELETE = `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } } }`;
    const del = (await emu.gql(DEMO, token, DELETE, { id: a.webhookSubscription.id })).body.data.webhookSubscriptionDelete;
    expect(del).toEqual({ deletedWebhookSubscriptionId: a.webhookSubscription.id, userErrors: [] });
    const again = (await emu.gql(DEMO, token, DELETE, { id: a.webhookSubscription.id })).body.data.webhookSubscriptionDelete;
    expect(again.deletedWebhookSubscriptionId).toBeNull();
    expect(again.userErrors).toHaveLength(1);
    expect((await emu.gql(DEMO, token, LIST)).body.data.webhookSubscriptions.nodes).toHaveLength(1);
  });

  it('compliance topics are not subscribable through the API', async () => {
    const { body } = await emu.gql(
      DEMO,
      token,
      `mutation { webhookSubscriptionCreate(topic: CUSTOMERS_REDACT, webhookSubscription: { uri: "https://a.example" }) { userErrors { message } } }`,
    );
    expect(body.errors[0].message).toContain('CUSTOMERS_REDACT');
  });
});

describe('rate limiting', () => {
  const BIG = '{ orders(first: 250) { nodes { id } } }';

  it('forced throttling answers THROTTLED for the next N calls', async () => {
    await emu.state.forceThrottle(2);
    for (let i = 0; i < 2; i++) {
      const { status, body } = await emu.gql(DEMO, token, '{ shop { name } }');
      expect(status).toBe(200);
      expect(body.errors).toEqual([{ message: 'Throttled', extensions: expect.objectContaining({ code: 'THROTTLED' }) }]);
      expect(body.extensions.cost.throttleStatus.maximumAvailable).toBe(1000);
      expect(body.data).toBeUndefined();
    }
    expect((await emu.gql(DEMO, token, '{ shop { name } }')).body.data.shop.name).toBe('Maison Lumière');
  });

  it('a leaky bucket: costs drain it, time restores it at 50/s', async () => {
    for (let i = 0; i < 250; i++) await emu.state.createOrder(DEMO, { email: `c${i}@example.com`, total: 1, notify: false });
    const costs = [];
    for (let i = 0; i < 3; i++) {
      const { body } = await emu.gql(DEMO, token, BIG);
      expect(body.data.orders.nodes).toHaveLength(250);
      costs.push(body.extensions.cost);
    }
    expect(costs[0]).toMatchObject({ requestedQueryCost: 251, actualQueryCost: 251 });
    expect(costs[2].throttleStatus.currentlyAvailable).toBe(1000 - 3 * 251);
    const throttled = (await emu.gql(DEMO, token, BIG)).body;
    expect(throttled.errors[0].extensions.code).toBe('THROTTLED');
    // A cheap query still fits.
    expect((await emu.gql(DEMO, token, '{ shop { name } }')).body.data.shop.name).toBe('Maison Lumière');
    emu.clock.advance(2000);
    const after = (await emu.gql(DEMO, token, BIG)).body;
    expect(after.data.orders.nodes).toHaveLength(250);
  });

  it('refunds the difference when fewer nodes come back', async () => {
    const { body } = await emu.gql(DEMO, token, BIG);
    expect(body.extensions.cost).toMatchObject({ requestedQueryCost: 251, actualQueryCost: 1 });
    expect(body.extensions.cost.throttleStatus.currentlyAvailable).toBe(999);
  });

  it('rejects a single query above 1000', async () => {
    const { body } = await emu.gql(DEMO, token, '{ orders(first: 250) { nodes { fulfillments(first: 10) { id } } } }');
    expect(body.errors[0].extensions.code).toBe('MAX_COST_EXCEEDED');
  });
});
