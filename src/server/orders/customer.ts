/**
 * A customer's orders, for privacy requests (customers/data_request, customers/redact): found by
 * e-mail (case-insensitive) or by the Shopify order ids the request lists, and erased of identity.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '#db/client';
import { shopifyOrders } from '#db/schema';

export interface CustomerMatch {
  /** Lower-cased, or null when the request names none. */
  email: string | null;
  shopifyOrderIds: readonly string[];
}

/** The store's orders of the customer; none when the request gives neither an address nor an order. */
export async function customerOrders(db: Queryable, storeId: string, customer: CustomerMatch) {
  const conditions = [];
  if (customer.email) conditions.push(sql`lower(${shopifyOrders.customerEmail}) = ${customer.email.toLowerCase()}`);
  if (customer.shopifyOrderIds.length) conditions.push(inArray(shopifyOrders.shopifyOrderId, [...customer.shopifyOrderIds]));
  return db
    .select()
    .from(shopifyOrders)
    .where(and(eq(shopifyOrders.shopId, storeId), conditions.length ? or(...conditions) : sql`false`));
}

/** Drops the customer's name and address from these orders (amounts, dates and language stay, anonymous). */
export async function redactOrders(db: Queryable, orderIds: readonly string[], at = new Date()): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(shopifyOrders)
    .set({ customerEmail: null, customerName: null, updatedAt: at })
    .where(inArray(shopifyOrders.id, [...orderIds]));
}
