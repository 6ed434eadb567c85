// Customers, orders and their life: payment, fulfillments and carrier events, cancellation, refunds,
// each with the webhooks Shopify sends; and which orders an access token may read.
import type { EmulatorCore } from '../core';
import { isoSeconds } from '../format';
import { customerPayload, fulfillmentEventPayload, orderPayload, refundPayload } from '../payloads';
import type { AddressRecord, CustomerRecord, FulfillmentEventRecord, FulfillmentEventStatus, OrderRecord, TokenRecord } from '../types';
import { EmulatorError, ORDERS_WINDOW_DAYS, isDelivered, splitScopes, type CreateCustomerInput, type CreateOrderInput } from './shared';

export function createCustomer(core: EmulatorCore, shopDomain: string, input: CreateCustomerInput, notify = true): CustomerRecord {
  const shop = core.requireShop(shopDomain);
  const email = input.email?.trim().toLowerCase() || null;
  if (!email && !input.phone && !input.firstName && !input.lastName) {
    throw new EmulatorError(400, 'a customer needs at least an email, a phone or a name');
  }
  if (email && core.state.customers.some((c) => c.shop === shop.domain && c.email === email)) {
    throw new EmulatorError(409, `a customer with email ${email} already exists in ${shop.domain}`);
  }
  const now = core.nowIso();
  const customer: CustomerRecord = {
    id: core.store.nextId(),
    shop: shop.domain,
    firstName: input.firstName?.trim() || null,
    lastName: input.lastName?.trim() || null,
    email,
    phone: input.phone?.trim() || null,
    createdAt: now,
    updatedAt: now,
  };
  core.state.customers.push(customer);
  core.commit();
  if (notify)
    core.notify(
      shop,
      'customers/create',
      customerPayload(customer, (f) => core.approvesField(f)),
    );
  return customer;
}

export function findCustomer(core: EmulatorCore, shop: string, id: number | null): CustomerRecord | null {
  if (id === null) return null;
  return core.state.customers.find((c) => c.id === id && c.shop === shop) ?? null;
}

/** A locale as Shopify records a checkout's: a language, optionally a script and a region (`en`, `fr-CA`, `zh-Hant-TW`, `es-419`). */
const LOCALE_TAG = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/;

export function createOrder(core: EmulatorCore, shopDomain: string, input: CreateOrderInput): OrderRecord {
  const shop = core.requireShop(shopDomain);
  let customer: CustomerRecord | null = null;
  if (input.customerId !== undefined) {
    const id = typeof input.customerId === 'number' ? input.customerId : Number(String(input.customerId).replace(/^gid:\/\/shopify\/Customer\//, ''));
    customer = core.findCustomer(shop.domain, Number.isSafeInteger(id) ? id : -1);
    if (!customer) throw new EmulatorError(404, `unknown customer ${input.customerId} in ${shop.domain}`);
  } else if (input.customer) {
    const email = input.customer.email?.trim().toLowerCase();
    customer = (email && core.state.customers.find((c) => c.shop === shop.domain && c.email === email)) || null;
    if (!customer) customer = core.createCustomer(shop.domain, input.customer, input.notify !== false);
  }
  if (!Number.isSafeInteger(input.totalCents) || input.totalCents < 0) throw new EmulatorError(400, 'total must be a non-negative amount');
  const now = core.now();
  let createdAt = isoSeconds(now);
  if (input.createdAt) {
    const t = Date.parse(input.createdAt);
    if (Number.isNaN(t)) throw new EmulatorError(400, 'createdAt must be an ISO date-time');
    if (t > now.getTime() + 1000) throw new EmulatorError(400, 'createdAt must not be in the future');
    createdAt = isoSeconds(new Date(t));
  }
  const customerLocale = input.customerLocale === undefined ? 'fr' : input.customerLocale;
  if (customerLocale !== null && !LOCALE_TAG.test(customerLocale)) throw new EmulatorError(400, 'customerLocale must be a locale such as en, fr-CA or de-DE');
  const paid = (input.financialStatus ?? 'paid') === 'paid';
  const address: AddressRecord = {
    firstName: customer?.firstName ?? null,
    lastName: customer?.lastName ?? null,
    address1: null,
    city: null,
    zip: null,
    countryCode: null,
    phone: customer?.phone ?? null,
    ...input.address,
  };
  const hasAddress = Object.values(address).some((v) => v !== null && v !== undefined && v !== '');
  const order: OrderRecord = {
    id: core.store.nextId(),
    shop: shop.domain,
    number: shop.nextOrderNumber,
    email: input.email?.trim().toLowerCase() || customer?.email || null,
    customerId: customer?.id ?? null,
    createdAt,
    updatedAt: createdAt,
    processedAt: createdAt,
    cancelledAt: null,
    cancelReason: null,
    closedAt: null,
    financialStatus: paid ? 'PAID' : 'PENDING',
    fulfillmentStatus: 'UNFULFILLED',
    totalCents: input.totalCents,
    refundedCents: 0,
    currency: input.currency ?? shop.currency,
    test: input.test ?? false,
    customerLocale,
    billingAddress: hasAddress ? address : null,
    shippingAddress: hasAddress ? { ...address } : null,
    fulfillments: [],
    refunds: [],
  };
  shop.nextOrderNumber += 1;
  core.state.orders.push(order);
  core.commit();
  if (input.notify !== false) {
    notifyOrder(core, order, 'orders/create');
    if (paid) notifyOrder(core, order, 'orders/paid');
  }
  return order;
}

export function requireOrder(core: EmulatorCore, orderId: number | string): OrderRecord {
  const id = typeof orderId === 'number' ? orderId : Number(String(orderId).replace(/^gid:\/\/shopify\/Order\//, ''));
  const order = core.state.orders.find((o) => o.id === id);
  if (!order) throw new EmulatorError(404, `unknown order ${orderId}`);
  return order;
}

export function markPaid(core: EmulatorCore, orderId: number | string): OrderRecord {
  const order = core.requireOrder(orderId);
  if (order.cancelledAt) throw new EmulatorError(409, `order ${order.id} is cancelled`);
  if (order.financialStatus !== 'PENDING' && order.financialStatus !== 'AUTHORIZED') {
    throw new EmulatorError(409, `order ${order.id} is not awaiting payment (${order.financialStatus})`);
  }
  order.financialStatus = 'PAID';
  touch(core, order);
  notifyOrder(core, order, 'orders/paid');
  notifyOrder(core, order, 'orders/updated');
  return order;
}

export function fulfil(core: EmulatorCore, orderId: number | string): OrderRecord {
  const order = core.requireOrder(orderId);
  if (order.cancelledAt) throw new EmulatorError(409, `order ${order.id} is cancelled`);
  if (order.fulfillmentStatus === 'FULFILLED') throw new EmulatorError(409, `order ${order.id} is already fulfilled`);
  const now = core.nowIso();
  order.fulfillmentStatus = 'FULFILLED';
  order.fulfillments.push({ id: core.store.nextId(), createdAt: now });
  touch(core, order);
  notifyOrder(core, order, 'orders/fulfilled');
  notifyOrder(core, order, 'orders/updated');
  return order;
}

/**
 * A carrier's tracking event on the order's latest fulfillment (what a shipping app or the carrier
 * integration records on Shopify): fulfillment_events/create is delivered to its subscribers. A
 * 'DELIVERED' event sets the fulfillment's deliveredAt (the first one only, as Shopify keeps it).
 */
export function addFulfillmentEvent(
  core: EmulatorCore,
  orderId: number | string,
  status: FulfillmentEventStatus,
  opts: { message?: string | null; happenedAt?: string } = {},
): OrderRecord {
  const order = core.requireOrder(orderId);
  const fulfillment = order.fulfillments.at(-1);
  if (!fulfillment) throw new EmulatorError(409, `order ${order.id} has no fulfillment yet`);
  const now = core.nowIso();
  let happenedAt = now;
  if (opts.happenedAt !== undefined) {
    const t = Date.parse(opts.happenedAt);
    if (Number.isNaN(t)) throw new EmulatorError(400, 'happenedAt must be an ISO date-time');
    happenedAt = isoSeconds(new Date(t));
  }
  const event: FulfillmentEventRecord = { id: core.store.nextId(), status, message: opts.message ?? null, happenedAt, createdAt: now };
  (fulfillment.events ??= []).push(event);
  if (status === 'DELIVERED') fulfillment.deliveredAt ??= happenedAt;
  touch(core, order);
  const shop = core.requireShop(order.shop);
  core.notify(
    shop,
    'fulfillment_events/create',
    fulfillmentEventPayload(order, fulfillment, event, shop, (f) => core.approvesField(f)),
  );
  return order;
}

/** The 'Livrée' button: the carrier's delivery scan on a fulfilled order not delivered yet. */
export function markDelivered(core: EmulatorCore, orderId: number | string): OrderRecord {
  const order = core.requireOrder(orderId);
  if (order.fulfillmentStatus !== 'FULFILLED') throw new EmulatorError(409, `order ${order.id} is not fulfilled`);
  if (isDelivered(order)) throw new EmulatorError(409, `order ${order.id} is already delivered`);
  return core.addFulfillmentEvent(order.id, 'DELIVERED', { message: 'Colis livré' });
}

export function cancel(core: EmulatorCore, orderId: number | string, opts: { reason?: string; refund?: boolean } = {}): OrderRecord {
  const order = core.requireOrder(orderId);
  if (order.cancelledAt) throw new EmulatorError(409, `order ${order.id} is already cancelled`);
  if (order.fulfillmentStatus === 'FULFILLED') throw new EmulatorError(409, `order ${order.id} is fulfilled and cannot be cancelled`);
  const now = core.nowIso();
  order.cancelledAt = now;
  order.closedAt = now;
  order.cancelReason = (opts.reason ?? 'customer').toLowerCase();
  let refund: OrderRecord['refunds'][number] | null = null;
  if (opts.refund && (order.financialStatus === 'PAID' || order.financialStatus === 'PARTIALLY_REFUNDED')) {
    refund = { id: core.store.nextId(), createdAt: now, amountCents: order.totalCents - order.refundedCents };
    order.refunds.push(refund);
    order.refundedCents = order.totalCents;
    order.financialStatus = 'REFUNDED';
  } else if (order.financialStatus === 'PENDING' || order.financialStatus === 'AUTHORIZED') {
    order.financialStatus = 'VOIDED';
  }
  touch(core, order);
  notifyOrder(core, order, 'orders/cancelled');
  if (refund) core.notify(core.requireShop(order.shop), 'refunds/create', refundPayload(order, refund));
  notifyOrder(core, order, 'orders/updated');
  return order;
}

export function refund(core: EmulatorCore, orderId: number | string, opts: { amountCents?: number } = {}): OrderRecord {
  const order = core.requireOrder(orderId);
  if (order.financialStatus !== 'PAID' && order.financialStatus !== 'PARTIALLY_REFUNDED') {
    throw new EmulatorError(409, `order ${order.id} has nothing to refund (${order.financialStatus})`);
  }
  const remaining = order.totalCents - order.refundedCents;
  const amount = opts.amountCents ?? remaining;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining) {
    throw new EmulatorError(400, `refund amount must be between 0.01 and the remaining ${remaining / 100}`);
  }
  const refund = { id: core.store.nextId(), createdAt: core.nowIso(), amountCents: amount };
  order.refunds.push(refund);
  order.refundedCents += amount;
  order.financialStatus = order.refundedCents >= order.totalCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  touch(core, order);
  core.notify(core.requireShop(order.shop), 'refunds/create', refundPayload(order, refund));
  notifyOrder(core, order, 'orders/updated');
  return order;
}

function touch(core: EmulatorCore, order: OrderRecord): void {
  order.updatedAt = core.nowIso();
  core.commit();
}

function notifyOrder(core: EmulatorCore, order: OrderRecord, topic: string): void {
  const shop = core.requireShop(order.shop);
  core.notify(
    shop,
    topic,
    orderPayload(order, core.findCustomer(order.shop, order.customerId), (f) => core.approvesField(f)),
  );
}

export function ordersVisibleTo(core: EmulatorCore, shop: string, token: TokenRecord): OrderRecord[] {
  const scopes = splitScopes(token.scope);
  const all = scopes.includes('read_all_orders') || scopes.includes('write_all_orders');
  const cutoff = core.now().getTime() - ORDERS_WINDOW_DAYS * 86_400_000;
  return core.state.orders.filter((o) => o.shop === shop && (all || Date.parse(o.createdAt) >= cutoff));
}
