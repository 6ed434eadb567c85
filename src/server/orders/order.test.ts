import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { fromGraphql, parseFulfillmentEvent, parseWebhookOrder, withoutNul, type GraphqlOrder } from './order';

/** An orders/paid delivery (REST Order resource, abridged to realistic fields, some the intake ignores). */
const webhookBody = {
  id: 5741234567890,
  admin_graphql_api_id: 'gid://shopify/Order/5741234567890',
  name: '#1042',
  order_number: 1042,
  email: 'Lea.Dubois@Exemple.test',
  created_at: '2026-11-20T11:00:00+01:00',
  updated_at: '2026-11-20T11:05:00+01:00',
  processed_at: '2026-11-20T11:00:00+01:00',
  cancelled_at: null,
  financial_status: 'paid',
  fulfillment_status: 'fulfilled',
  currency: 'EUR',
  total_price: '64.90',
  subtotal_price: '64.90',
  test: false,
  customer_locale: 'fr-BE',
  customer: { id: 7101234567891, first_name: 'Léa', last_name: 'Dubois', email: 'lea.dubois@exemple.test' },
  billing_address: { first_name: 'Léa', last_name: 'Dubois', address1: '12 rue des Lilas', city: 'Lyon', zip: '69003', country_code: 'FR' },
  line_items: [{ id: 1, title: 'Bougie', quantity: 1, price: '64.90' }],
};

/** The same order as the Admin GraphQL API's Order node (READ_ORDERS' selection). */
const graphqlNode: GraphqlOrder = {
  legacyResourceId: '5741234567890',
  name: '#1042',
  email: 'Lea.Dubois@Exemple.test',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:05:00Z',
  processedAt: '2026-11-20T10:00:00Z',
  cancelledAt: null,
  displayFinancialStatus: 'PAID',
  displayFulfillmentStatus: 'FULFILLED',
  totalPriceSet: { shopMoney: { amount: '64.9', currencyCode: 'EUR' } },
  test: false,
  customerLocale: 'fr-BE',
  billingAddress: { firstName: 'Léa', lastName: 'Dubois' },
  shippingAddress: { firstName: 'Léa', lastName: 'Dubois' },
  fulfillments: [{ deliveredAt: null }],
};

describe('the domain order', () => {
  it('is the same from a webhook payload and from a GraphQL order', () => {
    const expected = {
      shopifyOrderId: '5741234567890',
      number: '#1042',
      email: 'lea.dubois@exemple.test',
      customerName: 'Léa Dubois',
      test: false,
      locale: 'fr-BE',
      totalPrice: 64.9,
      currency: 'EUR',
      financialStatus: 'paid',
      fulfilled: true,
      createdAt: new Date('2026-11-20T10:00:00Z'),
      updatedAt: new Date('2026-11-20T10:05:00Z'),
      processedAt: new Date('2026-11-20T10:00:00Z'),
      cancelledAt: null,
      deliveredAt: null,
    };
    // As delivered: the body's text, the id a JSON number (GraphQL's legacyResourceId is text).
    expect(parseWebhookOrder(JSON.parse(JSON.stringify(webhookBody)))).toEqual(expected);
    expect(fromGraphql(graphqlNode)).toEqual(expected);
  });

  it('maps statuses and missing parts alike from both sources', () => {
    const restRefund = parseWebhookOrder({
      ...webhookBody,
      id: 7,
      admin_graphql_api_id: 'gid://shopify/Order/7',
      financial_status: 'partially_refunded',
      fulfillment_status: null,
      email: '',
      customer: null,
      billing_address: null,
      total_price: 0,
    });
    const gqlRefund = fromGraphql({
      ...graphqlNode,
      legacyResourceId: '7',
      displayFinancialStatus: 'PARTIALLY_REFUNDED',
      displayFulfillmentStatus: 'UNFULFILLED',
      email: '',
      billingAddress: null,
      shippingAddress: null,
      totalPriceSet: { shopMoney: { amount: '0.0', currencyCode: 'EUR' } },
    });
    expect(restRefund).toEqual(gqlRefund);
    expect(restRefund).toMatchObject({ financialStatus: 'partially_refunded', fulfilled: false, email: null, customerName: null, totalPrice: 0 });
  });

  it("takes the webhook customer's address when the order has none (GraphQL reads the order only: Customer needs read_customers)", () => {
    expect(parseWebhookOrder({ ...webhookBody, email: null }).email).toBe('lea.dubois@exemple.test');
    expect(fromGraphql({ ...graphqlNode, email: null }).email).toBeNull();
  });

  it("names the customer from the order's billing address, else its shipping address", () => {
    const shippedTo = { first_name: 'Marc', last_name: 'Petit' };
    expect(parseWebhookOrder({ ...webhookBody, customer: null }).customerName).toBe('Léa Dubois');
    expect(parseWebhookOrder({ ...webhookBody, customer: null, billing_address: null, shipping_address: shippedTo }).customerName).toBe('Marc Petit');
    expect(fromGraphql({ ...graphqlNode, billingAddress: null, shippingAddress: { firstName: 'Marc', lastName: 'Petit' } }).customerName).toBe('Marc Petit');
    // Withheld by Shopify (protected customer data not approved): no name, not an empty one.
    expect(fromGraphql({ ...graphqlNode, billingAddress: { firstName: null, lastName: null }, shippingAddress: null }).customerName).toBeNull();
  });

  it('reads an order id beyond 2^53 from the gid, which JSON.parse cannot round', () => {
    const raw = '{"id": 820982911946154508, "admin_graphql_api_id": "gid://shopify/Order/820982911946154508", "name": "#9999"}';
    expect(parseWebhookOrder(JSON.parse(raw)).shopifyOrderId).toBe('820982911946154508');
    expect(parseWebhookOrder({ id: 7, name: '#7' }).shopifyOrderId).toBe('7');
  });

  it('reads the customer’s language from both sources, canonical, and none where it is missing or no locale', () => {
    expect(parseWebhookOrder({ ...webhookBody, customer_locale: 'de_de' }).locale).toBe('de-DE');
    expect(parseWebhookOrder({ ...webhookBody, customer_locale: undefined }).locale).toBeNull();
    expect(parseWebhookOrder({ ...webhookBody, customer_locale: 'pas une langue' }).locale).toBeNull();
    expect(fromGraphql({ ...graphqlNode, customerLocale: 'EN' }).locale).toBe('en');
    expect(fromGraphql({ ...graphqlNode, customerLocale: null }).locale).toBeNull();
  });

  it('tells a test order from both sources', () => {
    expect(parseWebhookOrder({ ...webhookBody, test: true }).test).toBe(true);
    expect(parseWebhookOrder({ ...webhookBody, test: undefined }).test).toBe(false);
    expect(fromGraphql({ ...graphqlNode, test: true }).test).toBe(true);
  });

  it('drops U+0000, which PostgreSQL cannot store, from both sources', () => {
    expect(parseWebhookOrder({ ...webhookBody, customer: { ...webhookBody.customer, first_name: 'L\u0000éa' } }).customerName).toBe('Léa Dubois');
    expect(fromGraphql({ ...graphqlNode, name: '#10\u000042' }).number).toBe('#1042');
    expect(withoutNul({ 'a\u0000': ['b\u0000'] })).toEqual({ a: ['b'] });
  });

  it('refuses a webhook body that is not an order', () => {
    expect(() => parseWebhookOrder({ name: '#1' })).toThrow();
    expect(() => parseWebhookOrder({ ...webhookBody, total_price: '-3' })).toThrow();
  });
});

/** A fulfillment_events/create delivery: Shopify's REST FulfillmentEvent resource. */
const fulfillmentEvent = {
  id: 944956392,
  fulfillment_id: 255858046,
  status: 'delivered',
  message: 'Colis livré',
  happened_at: '2026-11-24T15:30:55+01:00',
  city: null,
  province: null,
  country: 'FR',
  zip: null,
  address1: null,
  latitude: null,
  longitude: null,
  shop_id: 548380009,
  created_at: '2026-11-24T15:31:02+01:00',
  updated_at: '2026-11-24T15:31:02+01:00',
  estimated_delivery_at: null,
  order_id: 5741234567890,
  admin_graphql_api_id: 'gid://shopify/FulfillmentEvent/944956392',
};

describe('the delivery events', () => {
  it("reads a 'delivered' fulfillment event as the order's delivery at the carrier's time", () => {
    expect(parseFulfillmentEvent(JSON.parse(JSON.stringify(fulfillmentEvent)))).toEqual({
      shopifyOrderId: '5741234567890',
      delivered: true,
      happenedAt: new Date('2026-11-24T14:30:55Z'),
    });
  });

  it.each(['in_transit', 'out_for_delivery', 'attempted_delivery', 'failure', 'ready_for_pickup'])('does not count %s as delivered', (status) => {
    expect(parseFulfillmentEvent({ ...fulfillmentEvent, status }).delivered).toBe(false);
  });

  it("takes order_id's digits from the body's text when JSON.parse rounded them (ids above 2^53)", () => {
    const text = JSON.stringify(fulfillmentEvent).replace('5741234567890', '820982911946154508');
    const parsed = JSON.parse(text) as { order_id: number };
    expect(String(parsed.order_id)).not.toBe('820982911946154508');
    expect(parseFulfillmentEvent(parsed, '820982911946154508').shopifyOrderId).toBe('820982911946154508');
  });

  it('falls back to created_at, then to nothing, when the scan time is unreadable, and refuses a body without an order', () => {
    expect(parseFulfillmentEvent({ ...fulfillmentEvent, happened_at: 'hier' }).happenedAt).toEqual(new Date('2026-11-24T14:31:02Z'));
    expect(parseFulfillmentEvent({ ...fulfillmentEvent, happened_at: null, created_at: null }).happenedAt).toBeNull();
    expect(() => parseFulfillmentEvent({ ...fulfillmentEvent, order_id: undefined })).toThrow(ZodError);
  });

  it("reads the Admin API's first delivery among the fulfillments", () => {
    const node = { ...graphqlNode, fulfillments: [{ deliveredAt: '2026-11-25T09:00:00Z' }, { deliveredAt: null }, { deliveredAt: '2026-11-24T16:00:00Z' }] };
    expect(fromGraphql(node).deliveredAt).toEqual(new Date('2026-11-24T16:00:00Z'));
    expect(fromGraphql({ ...graphqlNode, fulfillments: undefined }).deliveredAt).toBeNull();
  });
});
