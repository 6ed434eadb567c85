/**
 * The order as this product knows it, and its two sources: the webhook's payload (Shopify's REST
 * Order resource) and the Admin GraphQL API's Order (reconciliation, history import). Each source is
 * mapped here, once, to the one domain type the intake stores (intake.ts).
 */
import { z } from 'zod';
import { canonicalLocale } from '#core/customer-language';

/** What happened to the order, as told by the source: a webhook topic, or 'updated' for a read. */
export type OrderEvent = 'paid' | 'fulfilled' | 'cancelled' | 'updated';

/** An order read from Shopify, whatever the source. */
export interface ShopifyOrder {
  /** Shopify's numeric id, as text. */
  shopifyOrderId: string;
  /** The name the shop shows ('#1001'). */
  number: string | null;
  /** The order's address, else its customer's, lower-cased. */
  email: string | null;
  /** The customer's name, else the billing address's, else the shipping address's. */
  customerName: string | null;
  /** A test order (Shopify's Bogus gateway, a test payment): never asked for a review. */
  test: boolean;
  /**
   * The customer's language at the time of purchase (`customer_locale`, `customerLocale`), canonical
   * (#core/customer-language); null when the source gives none or not a language tag.
   */
  locale: string | null;
  totalPrice: number | null;
  currency: string | null;
  /** Shopify's financial status in REST's lower case: 'paid', 'refunded', 'partially_refunded', … */
  financialStatus: string | null;
  fulfilled: boolean;
  createdAt: Date | null;
  updatedAt: Date | null;
  processedAt: Date | null;
  cancelledAt: Date | null;
  /**
   * When the carrier delivered it, if the source says (the Admin API's fulfillments; order webhooks
   * never do, fulfillment_events/create does): the 'commande livrée' trigger. Null means not known
   * here, never "not delivered": the intake keeps a delivery time it already has.
   */
  deliveredAt?: Date | null;
}

/**
 * `value` with U+0000 removed from every string and key. JSON allows the escape \u0000 (and the
 * intake's `json` column keeps it), but PostgreSQL's text and jsonb refuse the character: left in, it
 * makes the order (or the privacy export) unstorable on every retry. It means nothing in a name or
 * an address, so dropping it loses nothing.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => withoutNul(v)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[withoutNul(k)] = withoutNul(v);
    return out as T;
  }
  return value;
}

const date = (value: string | null | undefined) => (value ? new Date(value) : null);
const fullName = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(' ').trim() || null;
const lower = (value: string | null | undefined) => value?.toLowerCase() ?? null;

// --- The webhook's payload (REST Order resource) ---

const money = z
  .union([z.string(), z.number()])
  .transform((v) => Number(v))
  .pipe(z.number().finite().nonnegative());
const when = z.string().datetime({ offset: true }).nullish();

/** The name on a REST address (billing_address, shipping_address). */
const personName = z.object({ first_name: z.string().nullish(), last_name: z.string().nullish() });

/** The fields of the REST Order resource the intake reads (orders/* webhooks). */
export const webhookOrder = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  admin_graphql_api_id: z.string().nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  created_at: when,
  updated_at: when,
  processed_at: when,
  cancelled_at: when,
  financial_status: z.string().nullish(),
  fulfillment_status: z.string().nullish(),
  total_price: money.nullish(),
  currency: z.string().nullish(),
  test: z.boolean().nullish(),
  customer_locale: z.string().nullish(),
  customer: z.object({ first_name: z.string().nullish(), last_name: z.string().nullish(), email: z.string().nullish() }).nullish(),
  billing_address: personName.nullish(),
  shipping_address: personName.nullish(),
});
export type WebhookOrder = z.infer<typeof webhookOrder>;

/** A parsed webhook order as the domain order. */
export function fromWebhook(order: WebhookOrder): ShopifyOrder {
  const o = withoutNul(order);
  return {
    // Shopify's ids may exceed 2^53 (its own sample's do): JSON.parse rounds the number, the gid's
    // text keeps every digit.
    shopifyOrderId: /^gid:\/\/shopify\/Order\/(\d+)$/.exec(o.admin_graphql_api_id ?? '')?.[1] ?? o.id,
    number: o.name ?? null,
    email: lower(o.email || o.customer?.email || null),
    customerName:
      fullName(o.customer?.first_name, o.customer?.last_name) ??
      fullName(o.billing_address?.first_name, o.billing_address?.last_name) ??
      fullName(o.shipping_address?.first_name, o.shipping_address?.last_name),
    test: o.test === true,
    locale: canonicalLocale(o.customer_locale),
    totalPrice: o.total_price ?? null,
    currency: o.currency ?? null,
    financialStatus: o.financial_status ?? null,
    fulfilled: o.fulfillment_status === 'fulfilled',
    createdAt: date(o.created_at),
    updatedAt: date(o.updated_at),
    processedAt: date(o.processed_at),
    cancelledAt: date(o.cancelled_at),
    deliveredAt: null,
  };
}

/** A webhook's body as the domain order; throws a ZodError for a body that is not an order. */
export const parseWebhookOrder = (payload: unknown): ShopifyOrder => fromWebhook(webhookOrder.parse(withoutNul(payload)));

// --- The webhook's payload for fulfillment_events/create (REST FulfillmentEvent resource) ---

/**
 * The fields of the REST FulfillmentEvent resource the intake reads. Shopify's payload also carries
 * the carrier scan's place (city, zip, address1, latitude, longitude: protected address data), its
 * message and the shop id; none of it is read, so none of it is kept.
 */
export const webhookFulfillmentEvent = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  order_id: z.union([z.number(), z.string()]).transform(String),
  fulfillment_id: z.union([z.number(), z.string()]).nullish(),
  /** REST's lower case: 'delivered', 'in_transit', 'out_for_delivery', 'attempted_delivery', … */
  status: z.string(),
  happened_at: z.string().nullish(),
  created_at: z.string().nullish(),
});

/** A fulfillment event as the intake needs it. */
export interface DeliveryEvent {
  shopifyOrderId: string;
  /** Only a 'delivered' event counts: in transit, out for delivery or a failed attempt are not the parcel in hand. */
  delivered: boolean;
  /** When the carrier scanned it (happened_at), else when Shopify recorded it; null if neither reads. */
  happenedAt: Date | null;
}

/** A carrier's date, or null: a delivery whose time is unreadable still counts (as delivered now). */
const carrierDate = (value: string | null | undefined) => {
  const t = value ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? null : new Date(t);
};

/**
 * A fulfillment_events/create body as a delivery event; throws a ZodError for a body that is not one.
 * `exactOrderId` is order_id as written in the body: Shopify's ids may exceed 2^53 and the payload
 * has no order gid to read them from (JSON.parse would round the number).
 */
export function parseFulfillmentEvent(payload: unknown, exactOrderId?: string | null): DeliveryEvent {
  const e = webhookFulfillmentEvent.parse(withoutNul(payload));
  const orderId = exactOrderId && /^\d+$/.test(exactOrderId) ? exactOrderId : e.order_id;
  return {
    shopifyOrderId: orderId,
    delivered: e.status.trim().toLowerCase() === 'delivered',
    happenedAt: carrierDate(e.happened_at) ?? carrierDate(e.created_at),
  };
}

// --- The Admin GraphQL API's Order ---

/** An Order node as the orders query selects it (READ_ORDERS in shopify/admin-documents.ts). */
export interface GraphqlOrder {
  legacyResourceId: string;
  name: string | null;
  email: string | null;
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
  cancelledAt: string | null;
  /** PAID, PARTIALLY_REFUNDED, REFUNDED, PENDING, … (REST's financial_status in upper case). */
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string | null;
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } } | null;
  test: boolean;
  /** Absent in documents that do not select it. */
  customerLocale?: string | null;
  billingAddress: GraphqlAddressName | null;
  shippingAddress: GraphqlAddressName | null;
  /** Absent in documents that do not select it. */
  fulfillments?: { deliveredAt: string | null }[] | null;
}

type GraphqlAddressName = { firstName: string | null; lastName: string | null };

/** A GraphQL Order node as the domain order. */
export function fromGraphql(node: GraphqlOrder): ShopifyOrder {
  const o = withoutNul(node);
  return {
    shopifyOrderId: String(o.legacyResourceId),
    number: o.name ?? null,
    email: lower(o.email || null),
    customerName: fullName(o.billingAddress?.firstName, o.billingAddress?.lastName) ?? fullName(o.shippingAddress?.firstName, o.shippingAddress?.lastName),
    test: o.test === true,
    locale: canonicalLocale(o.customerLocale),
    totalPrice: o.totalPriceSet ? Number(o.totalPriceSet.shopMoney.amount) : null,
    currency: o.totalPriceSet?.shopMoney.currencyCode ?? null,
    financialStatus: lower(o.displayFinancialStatus),
    fulfilled: o.displayFulfillmentStatus === 'FULFILLED',
    createdAt: date(o.createdAt),
    updatedAt: date(o.updatedAt),
    processedAt: date(o.processedAt),
    cancelledAt: date(o.cancelledAt),
    deliveredAt: firstDelivery(o.fulfillments),
  };
}

/** The earliest delivery among the fulfillments read, or null. */
function firstDelivery(fulfillments: GraphqlOrder['fulfillments']): Date | null {
  const times = (fulfillments ?? []).map((f) => carrierDate(f.deliveredAt)).filter((d): d is Date => d !== null);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}
