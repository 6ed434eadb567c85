// REST-style webhook payloads (the JSON shapes Shopify posts to webhook subscribers).
import { gid, restMoney, restTime } from './format';
import type { AddressRecord, AppSubscriptionRecord, CustomerRecord, FulfillmentEventRecord, FulfillmentRecord, OrderRecord, ProtectedField, ShopRecord } from './types';

/** Whether Shopify gives the app this protected field; a field it does not give is redacted (null). */
export type Approves = (field: ProtectedField) => boolean;
const ALL: Approves = () => true;

function restAddress(a: AddressRecord | null | undefined, approves: Approves) {
  if (!a) return null;
  const name = approves('name');
  const street = approves('address');
  return {
    first_name: name ? a.firstName : null,
    last_name: name ? a.lastName : null,
    name: name ? [a.firstName, a.lastName].filter(Boolean).join(' ') || null : null,
    address1: street ? a.address1 : null,
    city: street ? a.city : null,
    zip: street ? a.zip : null,
    country_code: a.countryCode,
    phone: approves('phone') ? a.phone : null,
  };
}

export function customerPayload(c: CustomerRecord, approves: Approves = ALL) {
  return {
    id: c.id,
    admin_graphql_api_id: gid('Customer', c.id),
    email: approves('email') ? c.email : null,
    first_name: approves('name') ? c.firstName : null,
    last_name: approves('name') ? c.lastName : null,
    phone: approves('phone') ? c.phone : null,
    created_at: restTime(c.createdAt),
    updated_at: restTime(c.updatedAt),
    state: 'enabled',
    verified_email: true,
  };
}

/** The Order resource, with the protected fields the app is not approved for redacted. */
export function orderPayload(o: OrderRecord, customer: CustomerRecord | null, approves: Approves = ALL) {
  const email = approves('email') ? o.email : null;
  return {
    id: o.id,
    admin_graphql_api_id: gid('Order', o.id),
    name: `#${o.number}`,
    order_number: o.number,
    number: o.number - 1000,
    email,
    contact_email: email,
    phone: approves('phone') ? (o.billingAddress?.phone ?? null) : null,
    created_at: restTime(o.createdAt),
    updated_at: restTime(o.updatedAt),
    processed_at: restTime(o.processedAt),
    cancelled_at: restTime(o.cancelledAt),
    cancel_reason: o.cancelReason,
    closed_at: restTime(o.closedAt),
    confirmed: true,
    test: o.test,
    customer_locale: o.customerLocale ?? null,
    financial_status: o.financialStatus.toLowerCase(),
    fulfillment_status: o.fulfillmentStatus === 'FULFILLED' ? 'fulfilled' : null,
    currency: o.currency,
    presentment_currency: o.currency,
    total_price: restMoney(o.totalCents),
    subtotal_price: restMoney(o.totalCents),
    current_total_price: restMoney(o.totalCents - o.refundedCents),
    total_tax: '0.00',
    customer: customer
      ? {
          id: customer.id,
          admin_graphql_api_id: gid('Customer', customer.id),
          first_name: approves('name') ? customer.firstName : null,
          last_name: approves('name') ? customer.lastName : null,
          email: approves('email') ? customer.email : null,
          phone: approves('phone') ? customer.phone : null,
        }
      : null,
    billing_address: restAddress(o.billingAddress, approves),
    shipping_address: restAddress(o.shippingAddress, approves),
    fulfillments: o.fulfillments.map((f) => ({
      id: f.id,
      admin_graphql_api_id: gid('Fulfillment', f.id),
      order_id: o.id,
      status: 'success',
      created_at: restTime(f.createdAt),
      updated_at: restTime(f.createdAt),
    })),
    refunds: o.refunds.map((r) => refundPayload(o, r)),
    line_items: [],
  };
}

/**
 * The REST FulfillmentEvent resource (fulfillment_events/create), with Shopify's fields. The place of
 * the scan is the shipping address's for a delivery (protected address data: null unless approved),
 * unknown otherwise; the country and province are not protected.
 */
export function fulfillmentEventPayload(o: OrderRecord, f: FulfillmentRecord, e: FulfillmentEventRecord, shop: ShopRecord, approves: Approves = ALL) {
  const at = e.status === 'DELIVERED' ? o.shippingAddress : null;
  const street = approves('address');
  return {
    id: e.id,
    fulfillment_id: f.id,
    status: e.status.toLowerCase(),
    message: e.message,
    happened_at: restTime(e.happenedAt),
    city: street ? (at?.city ?? null) : null,
    province: null,
    country: at?.countryCode ?? null,
    zip: street ? (at?.zip ?? null) : null,
    address1: street ? (at?.address1 ?? null) : null,
    latitude: null,
    longitude: null,
    shop_id: shop.id,
    created_at: restTime(e.createdAt),
    updated_at: restTime(e.createdAt),
    estimated_delivery_at: null,
    order_id: o.id,
    admin_graphql_api_id: gid('FulfillmentEvent', e.id),
  };
}

export function refundPayload(o: OrderRecord, r: OrderRecord['refunds'][number]) {
  return {
    id: r.id,
    admin_graphql_api_id: gid('Refund', r.id),
    order_id: o.id,
    created_at: restTime(r.createdAt),
    processed_at: restTime(r.createdAt),
    note: null,
    refund_line_items: [],
    transactions: [{ kind: 'refund', status: 'success', amount: restMoney(r.amountCents), currency: o.currency, created_at: restTime(r.createdAt) }],
  };
}

/** The Shop resource (app/uninstalled). */
export function shopPayload(s: ShopRecord) {
  return {
    id: s.id,
    name: s.name,
    email: s.email,
    customer_email: s.email,
    domain: s.domain,
    myshopify_domain: s.domain,
    currency: s.currency,
    money_format: s.currency === 'EUR' ? '{{amount_with_comma_separator}} €' : '{{amount}}',
    country_code: 'FR',
    primary_locale: 'fr',
    iana_timezone: 'Etc/UTC',
    timezone: '(GMT+00:00) Etc/UTC',
    plan_name: 'partner_test',
    plan_display_name: 'Developer Preview',
    shop_owner: s.name,
    created_at: restTime(s.createdAt),
    updated_at: restTime(s.updatedAt),
  };
}

export function appSubscriptionPayload(s: AppSubscriptionRecord, shop: ShopRecord) {
  const recurring = s.lineItems.find((l) => l.kind === 'recurring');
  const usage = s.lineItems.find((l) => l.kind === 'usage');
  return {
    app_subscription: {
      admin_graphql_api_id: gid('AppSubscription', s.id),
      name: s.name,
      status: s.status,
      admin_graphql_api_shop_id: gid('Shop', shop.id),
      created_at: restTime(s.createdAt),
      updated_at: restTime(s.updatedAt),
      currency: recurring?.currency ?? usage?.currency ?? 'USD',
      capped_amount: usage && usage.kind === 'usage' ? restMoney(usage.cappedCents).replace(/0$/, '') : null,
      price: recurring && recurring.kind === 'recurring' ? restMoney(recurring.amountCents) : null,
      interval: recurring && recurring.kind === 'recurring' ? recurring.interval.toLowerCase() : 'every_30_days',
      plan_handle: null,
    },
  };
}

function complianceCustomer(c: CustomerRecord) {
  return { id: c.id, email: c.email, phone: c.phone };
}

export function dataRequestPayload(shop: ShopRecord, c: CustomerRecord, orders: number[], requestId: number) {
  return {
    shop_id: shop.id,
    shop_domain: shop.domain,
    orders_requested: orders,
    customer: complianceCustomer(c),
    data_request: { id: requestId },
  };
}

export function customerRedactPayload(shop: ShopRecord, c: CustomerRecord, orders: number[]) {
  return {
    shop_id: shop.id,
    shop_domain: shop.domain,
    customer: complianceCustomer(c),
    orders_to_redact: orders,
  };
}

export function shopRedactPayload(shop: ShopRecord) {
  return { shop_id: shop.id, shop_domain: shop.domain };
}
