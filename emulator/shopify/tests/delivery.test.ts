// Carriers' tracking events (fulfillment_events/create): the 'Livrée' button of the control page, the
// scope Shopify requires for the topic, the payload's shape, and Fulfillment.deliveredAt in GraphQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webhookHmac } from '../crypto';
import { APP, BASE_URL, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

let emu: TestEmulator;
const HOOK = 'http://localhost:3000/webhooks/shopify';
const SUBSCRIBE = `mutation($topic: WebhookSubscriptionTopic!, $uri: String!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri }) { webhookSubscription { id topic } userErrors { field message } }
}`;
const basePath = new URL(BASE_URL).pathname;

beforeEach(() => {
  emu = createTestEmulator();
});
afterEach(() => emu.close());

async function tokenWith(scope: string) {
  return (await emu.state.installApp(DEMO, { scope, expiring: false })).access_token;
}

async function fulfilledOrder() {
  const order = await emu.state.createOrder(DEMO, {
    total: '39.00',
    customer: { email: 'lou@example.com', firstName: 'Lou', lastName: 'Martin' },
    address: { city: 'Lyon', zip: '69003', address1: '3 rue Mercière', countryCode: 'FR' },
  });
  await emu.state.fulfil(order.id);
  return order;
}

describe('fulfillment_events/create', () => {
  it('needs read_fulfillments, as Shopify documents for the topic', async () => {
    const without = await tokenWith('read_orders');
    const refused = (await emu.gql(DEMO, without, SUBSCRIBE, { topic: 'FULFILLMENT_EVENTS_CREATE', uri: HOOK })).body.data.webhookSubscriptionCreate;
    expect(refused.webhookSubscription).toBeNull();
    expect(refused.userErrors[0].message).toContain('requires the read_fulfillments scope');

    const token = await tokenWith('read_orders,read_fulfillments');
    const created = (await emu.gql(DEMO, token, SUBSCRIBE, { topic: 'FULFILLMENT_EVENTS_CREATE', uri: HOOK })).body.data.webhookSubscriptionCreate;
    expect(created).toMatchObject({ userErrors: [], webhookSubscription: { topic: 'FULFILLMENT_EVENTS_CREATE' } });
  });

  it('is refused without the protected customer data approval (its payload carries an address)', async () => {
    await emu.state.setAppConfig({ protectedCustomerData: { level: 0, fields: [] } });
    const token = await tokenWith('read_orders,read_fulfillments');
    const refused = (await emu.gql(DEMO, token, SUBSCRIBE, { topic: 'FULFILLMENT_EVENTS_CREATE', uri: HOOK })).body.data.webhookSubscriptionCreate;
    expect(refused.userErrors[0].message).toContain('not approved to subscribe to webhook topics containing protected customer data');
  });

  it("'Livrée' sends a signed delivery with Shopify's FulfillmentEvent fields; once only; GraphQL says DELIVERED", async () => {
    const token = await tokenWith('read_orders,read_fulfillments');
    await emu.gql(DEMO, token, SUBSCRIBE, { topic: 'FULFILLMENT_EVENTS_CREATE', uri: HOOK });
    const order = await fulfilledOrder();
    await emu.state.whenIdle();
    expect(emu.requests).toHaveLength(0);

    const delivered = await emu.state.markDelivered(order.id);
    await emu.state.whenIdle();
    expect(emu.requests).toHaveLength(1);
    const req = emu.requests[0]!;
    expect(req.headers['x-shopify-topic']).toBe('fulfillment_events/create');
    expect(req.headers['x-shopify-hmac-sha256']).toBe(webhookHmac(req.body, APP.apiSecret));
    const fulfillment = delivered.fulfillments[0]!;
    const event = fulfillment.events![0]!;
    expect(JSON.parse(req.body)).toEqual({
      id: event.id,
      fulfillment_id: fulfillment.id,
      status: 'delivered',
      message: 'Colis livré',
      happened_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
      city: 'Lyon',
      province: null,
      country: 'FR',
      zip: '69003',
      address1: '3 rue Mercière',
      latitude: null,
      longitude: null,
      shop_id: (await emu.state.getShop(DEMO))!.id,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      estimated_delivery_at: null,
      order_id: order.id,
      admin_graphql_api_id: `gid://shopify/FulfillmentEvent/${event.id}`,
    });
    expect(fulfillment.deliveredAt).toBe(event.happenedAt);

    await expect(emu.state.markDelivered(order.id)).rejects.toThrow(/already delivered/);

    const { body } = await emu.gql(DEMO, token, `query($id: ID!) { order(id: $id) { fulfillments(first: 5) { displayStatus deliveredAt } } }`, { id: delivered.gid });
    expect(body.data.order.fulfillments).toEqual([{ displayStatus: 'DELIVERED', deliveredAt: fulfillment.deliveredAt }]);
  });

  it('redacts the place of the scan when the app is not approved for addresses', async () => {
    await emu.state.setAppConfig({ protectedCustomerData: { level: 2, fields: ['email', 'name'] } });
    const token = await tokenWith('read_orders,read_fulfillments');
    await emu.gql(DEMO, token, SUBSCRIBE, { topic: 'FULFILLMENT_EVENTS_CREATE', uri: HOOK });
    const order = await fulfilledOrder();
    await emu.state.markDelivered(order.id);
    await emu.state.whenIdle();
    expect(JSON.parse(emu.requests[0]!.body)).toMatchObject({ city: null, zip: null, address1: null, country: 'FR' });
  });

  it('sends other tracking statuses as they are, and keeps the order undelivered', async () => {
    const token = await tokenWith('read_orders,read_fulfillments');
    await emu.gql(DEMO, token, SUBSCRIBE, { topic: 'FULFILLMENT_EVENTS_CREATE', uri: HOOK });
    const order = await fulfilledOrder();
    const after = await emu.state.addFulfillmentEvent(order.id, 'in_transit');
    await emu.state.whenIdle();
    expect(JSON.parse(emu.requests[0]!.body)).toMatchObject({ status: 'in_transit', city: null });
    expect(after.fulfillments[0]!.deliveredAt ?? null).toBeNull();
    await expect(emu.state.addFulfillmentEvent(order.id, 'teleported')).rejects.toThrow(/unknown fulfillment event status/);
    const unfulfilled = await emu.state.createOrder(DEMO, { total: '5.00', customer: { email: 'x@example.com' } });
    await expect(emu.state.markDelivered(unfulfilled.id)).rejects.toThrow(/not fulfilled/);
  });
});

describe("the control page's 'Livrée' button", () => {
  it('is offered for a fulfilled order only, posts the delivery and shows the order delivered', async () => {
    const token = await tokenWith('read_orders,read_fulfillments');
    await emu.gql(DEMO, token, SUBSCRIBE, { topic: 'FULFILLMENT_EVENTS_CREATE', uri: HOOK });
    const pending = await emu.state.createOrder(DEMO, { total: '12.00', customer: { email: 'a@example.com' } });
    const order = await fulfilledOrder();
    let page = await (await emu.app.request('/')).text();
    expect(page).toContain(`aria-label="Livrée : commande ${order.name}"`);
    expect(page).not.toContain(`aria-label="Livrée : commande ${pending.name}"`);
    expect(page).toContain(`action="${basePath}/control/orders/${order.id}/deliver"`);

    const res = await emu.app.request(`/control/orders/${order.id}/deliver`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect: `${basePath}/` }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('notice=order_delivered');
    await emu.state.whenIdle();
    expect(emu.requests.map((r) => r.headers['x-shopify-topic'])).toEqual(['fulfillment_events/create']);

    page = await (await emu.app.request('/?notice=order_delivered')).text();
    expect(page).toContain('La livraison a été enregistrée');
    expect(page).toMatch(/Livrée le /);
    expect(page).not.toContain(`aria-label="Livrée : commande ${order.name}"`);
  });

  it('answers the JSON control API too, and 409 for an order not fulfilled', async () => {
    const order = await fulfilledOrder();
    const ok = await emu.app.request(`/control/orders/${order.id}/fulfillment-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'out_for_delivery', message: 'En cours de livraison' }),
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { fulfillments: { events: { status: string }[] }[] }).fulfillments[0]!.events.map((e) => e.status)).toEqual(['OUT_FOR_DELIVERY']);
    const pending = await emu.state.createOrder(DEMO, { total: '12.00', customer: { email: 'b@example.com' } });
    const refused = await emu.app.request(`/control/orders/${pending.id}/deliver`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(409);
  });
});
