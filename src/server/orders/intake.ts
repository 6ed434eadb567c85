/**
 * Order intake: stores a domain order (order.ts) under its store, whichever source it came from
 * (webhook, reconciliation, history import). Newer Shopify data wins; first times are kept. Then the
 * store's flows turn it into review requests, or a cancelled or refunded order withdraws its unsent
 * ones. Intake is idempotent: Shopify delivers late and twice.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '#db/client';
import { shopifyOrders, type shopifyStores } from '#db/schema';
import { cancelUnsentRequests, generateForOrder } from '../requests/generate';
import type { DeliveryEvent, OrderEvent, ShopifyOrder } from './order';

type Store = typeof shopifyStores.$inferSelect;
type OrderRow = typeof shopifyOrders.$inferSelect;

/** Thrown by `upsertOrder` for an order id another shop already holds (see recordOrder). */
export class OrderOfAnotherShopError extends Error {
  constructor(readonly shopifyOrderId: string) {
    super(`Shopify order ${shopifyOrderId} is already recorded under another shop`);
    this.name = 'OrderOfAnotherShopError';
  }
}

/**
 * Thrown by `upsertOrder` for a test order (Shopify's Bogus gateway, a test payment): recorded
 * nowhere, so it never asks a customer for a review nor weighs in the merchant's analytics.
 */
export class TestOrderError extends Error {
  constructor(readonly shopifyOrderId: string) {
    super(`Shopify order ${shopifyOrderId} is a test order`);
    this.name = 'TestOrderError';
  }
}

/**
 * True when this Shopify order id is already recorded under another shop. Shopify order ids are
 * unique across all shops, and a webhook's shop comes from an unsigned header (the HMAC covers the body
 * only): a captured delivery replayed with another shop's domain must not plant the order there.
 * "Another shop" is another domain: a shop that reinstalled the app has a new store row and keeps its
 * orders. Serialised per order id with a transaction-level advisory lock, taken in its own statement
 * so the check below reads with a snapshot taken after the lock (READ COMMITTED): two deliveries of
 * one id under two shops cannot both see "free" and both insert.
 */
async function recordedUnderAnotherShop(tx: Transaction, store: Store, shopifyOrderId: string): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('shopify-order:' || ${shopifyOrderId}::text, 0))`);
  // One lookup in shopify_orders_shopify_order_idx (migration 0008).
  const [row] = await queryRows<{ taken: boolean }>(
    tx,
    sql`SELECT EXISTS (
          SELECT 1 FROM shopify_orders o
          JOIN shopify_stores s ON s.id = o.shop_id
          WHERE o.shopify_order_id = ${shopifyOrderId} AND s.shop_domain <> ${store.shopDomain}
            -- A delivery's placeholder (no number, no address: the order itself never came) proves
            -- nothing: a replayed delivery body must not lock the genuine order out of its shop.
            AND (o.order_number IS NOT NULL OR o.customer_email IS NOT NULL)
        ) AS taken`,
  );
  return row?.taken === true;
}

/**
 * Upserts the order under `store`, as `upsertOrder`, but records nothing and returns null for a test
 * order or when the order id already belongs to another shop (the caller logs it). The
 * reconciliation pass and the history import use this; a skipped order is not an error worth retrying.
 */
export async function recordOrder(tx: Transaction, store: Store, order: ShopifyOrder, event: OrderEvent, at: Date, options: { generate?: boolean } = {}): Promise<OrderRow | null> {
  if (order.test) return null;
  if (await recordedUnderAnotherShop(tx, store, order.shopifyOrderId)) return null;
  return writeOrder(tx, store, order, event, at, options);
}

/**
 * Upserts the order (webhooks); then the store's flows turn it into review requests, unless
 * `generate` is off (history imports schedule their own). Throws TestOrderError for a test order and
 * OrderOfAnotherShopError when another shop holds this order id, recording nothing (recordOrder
 * returns null instead).
 */
export async function upsertOrder(tx: Transaction, store: Store, order: ShopifyOrder, event: OrderEvent, at: Date, options: { generate?: boolean } = {}): Promise<OrderRow> {
  if (order.test) throw new TestOrderError(order.shopifyOrderId);
  const row = await recordOrder(tx, store, order, event, at, options);
  if (!row) throw new OrderOfAnotherShopError(order.shopifyOrderId);
  return row;
}

async function writeOrder(tx: Transaction, store: Store, order: ShopifyOrder, event: OrderEvent, at: Date, options: { generate?: boolean }): Promise<OrderRow> {
  const refunded = order.financialStatus === 'refunded' || order.financialStatus === 'partially_refunded';
  const values = {
    userId: store.userId,
    shopId: store.id,
    shopifyOrderId: order.shopifyOrderId,
    orderNumber: order.number,
    customerEmail: order.email,
    customerName: order.customerName,
    customerLocale: order.locale,
    totalPrice: order.totalPrice !== null ? order.totalPrice.toFixed(2) : null,
    currency: order.currency,
    financialStatus: order.financialStatus,
    orderCreatedAt: order.createdAt,
    orderUpdatedAt: order.updatedAt,
    cancelledAt: order.cancelledAt,
    refundedAt: refunded ? (order.updatedAt ?? at) : null,
    paidAt: event === 'paid' || order.financialStatus === 'paid' ? (order.processedAt ?? at) : null,
    fulfilledAt: event === 'fulfilled' || order.fulfilled ? at : null,
    deliveredAt: order.deliveredAt ?? null,
    updatedAt: at,
  };
  const [row] = await tx
    .insert(shopifyOrders)
    .values(values)
    .onConflictDoUpdate({
      target: [shopifyOrders.shopId, shopifyOrders.shopifyOrderId],
      set: {
        orderNumber: sql`coalesce(excluded.order_number, ${shopifyOrders.orderNumber})`,
        customerEmail: sql`coalesce(excluded.customer_email, ${shopifyOrders.customerEmail})`,
        customerName: sql`coalesce(excluded.customer_name, ${shopifyOrders.customerName})`,
        customerLocale: sql`coalesce(excluded.customer_locale, ${shopifyOrders.customerLocale})`,
        totalPrice: sql`coalesce(excluded.total_price, ${shopifyOrders.totalPrice})`,
        currency: sql`coalesce(excluded.currency, ${shopifyOrders.currency})`,
        // A late, older delivery must not roll the status back.
        financialStatus: sql`CASE WHEN excluded.order_updated_at IS NULL OR ${shopifyOrders.orderUpdatedAt} IS NULL OR excluded.order_updated_at >= ${shopifyOrders.orderUpdatedAt} THEN coalesce(excluded.financial_status, ${shopifyOrders.financialStatus}) ELSE ${shopifyOrders.financialStatus} END`,
        orderUpdatedAt: sql`greatest(excluded.order_updated_at, ${shopifyOrders.orderUpdatedAt})`,
        // First times are kept; flags only move forward.
        paidAt: sql`coalesce(${shopifyOrders.paidAt}, excluded.paid_at)`,
        fulfilledAt: sql`coalesce(${shopifyOrders.fulfilledAt}, excluded.fulfilled_at)`,
        deliveredAt: sql`coalesce(${shopifyOrders.deliveredAt}, excluded.delivered_at)`,
        cancelledAt: sql`coalesce(${shopifyOrders.cancelledAt}, excluded.cancelled_at)`,
        refundedAt: sql`coalesce(${shopifyOrders.refundedAt}, excluded.refunded_at)`,
        updatedAt: at,
      },
    })
    .returning();
  if (row && (row.cancelledAt || row.refundedAt)) await cancelUnsentRequests(tx, store.id, row.cancelledAt ? 'order_cancelled' : 'order_refunded', row.id);
  else if (row && options.generate !== false) await generateForOrder(tx, { id: row.id, shopId: store.id });
  return row!;
}

/**
 * A carrier's delivery (fulfillment_events/create with status delivered): records the first delivery
 * time of the order (later ones change nothing), then the store's flows on 'order_delivered' ask.
 * Other statuses (in transit, out for delivery, a failed attempt) record nothing and return null.
 * Webhooks arrive out of order: an order not stored yet gets a row with its delivery time only,
 * which the later orders/paid (or reconciliation) completes; generation waits for it, since it needs
 * the customer's address. The delivery time is the carrier's scan, never later than `at` (a carrier
 * clock ahead must not push the request back). Throws OrderOfAnotherShopError, recording nothing,
 * when another shop holds this order id (a captured delivery replayed under another domain).
 */
export async function recordDelivery(tx: Transaction, store: Store, event: DeliveryEvent, at: Date): Promise<OrderRow | null> {
  if (!event.delivered) return null;
  if (await recordedUnderAnotherShop(tx, store, event.shopifyOrderId)) throw new OrderOfAnotherShopError(event.shopifyOrderId);
  const deliveredAt = event.happenedAt && event.happenedAt.getTime() < at.getTime() ? event.happenedAt : at;
  const [row] = await tx
    .insert(shopifyOrders)
    .values({ userId: store.userId, shopId: store.id, shopifyOrderId: event.shopifyOrderId, deliveredAt, updatedAt: at })
    .onConflictDoUpdate({
      target: [shopifyOrders.shopId, shopifyOrders.shopifyOrderId],
      // The first delivery is kept: a replay, or a second parcel, moves nothing.
      set: { deliveredAt: sql`coalesce(${shopifyOrders.deliveredAt}, excluded.delivered_at)`, updatedAt: at },
    })
    .returning();
  // Cancelled or refunded orders are never asked (generation checks); one without an address yet waits.
  if (row && !row.cancelledAt && !row.refundedAt) await generateForOrder(tx, { id: row.id, shopId: store.id });
  return row!;
}
