/**
 * The `process-webhook` job: applies one recorded delivery, then marks it processed and drops its
 * payload (it carries customer data). Handlers are idempotent: Shopify delivers late and twice.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Transaction } from '../../db/client';
import { shopifyOrders, shopifyReviewRequests, shopifyStores, shopifyWebhookEvents, subscriptionPlans } from '../../db/schema';
import type { SubscriptionStatus } from '../../core/domain';
import type { AppContext } from '../context';
import type { JobHandler } from '../jobs/worker';
import { PROCESS_WEBHOOK } from './recorder';
import { handleCustomerRedact, handleDataRequest, handleShopRedact } from './compliance';
import { generateForOrder } from '../requests/generate';
import { recordShopPlan } from '../requests/quota';
import { UNSENT_STATUSES } from '../../core/domain';

/** Privacy topics also concern shops that have since uninstalled the app. */
const COMPLIANCE = new Set(['customers/data_request', 'customers/redact', 'shop/redact']);

const money = z.union([z.string(), z.number()]).transform((v) => Number(v)).pipe(z.number().finite().nonnegative());
const when = z.string().datetime({ offset: true }).nullish();

export const orderPayload = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
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
  customer: z
    .object({ first_name: z.string().nullish(), last_name: z.string().nullish(), email: z.string().nullish() })
    .nullish(),
});
export type OrderPayload = z.infer<typeof orderPayload>;

const subscriptionPayload = z.object({
  app_subscription: z.object({ name: z.string(), status: z.string() }),
});


type Store = typeof shopifyStores.$inferSelect;
type Order = typeof shopifyOrders.$inferSelect;
type OrderEvent = 'paid' | 'fulfilled' | 'cancelled' | 'updated';

const date = (value: string | null | undefined) => (value ? new Date(value) : null);

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

/** Thrown by `upsertOrder` for an order id another shop already holds (see recordOrder). */
export class OrderOfAnotherShopError extends Error {
  constructor(readonly shopifyOrderId: string) {
    super(`Shopify order ${shopifyOrderId} is already recorded under another shop`);
    this.name = 'OrderOfAnotherShopError';
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
        ) AS taken`,
  );
  return row?.taken === true;
}

/**
 * Upserts the order under `store`, as `upsertOrder`, but records nothing and returns null when the
 * order id already belongs to another shop (the caller logs it). Webhooks and the reconciliation pass
 * use this; a skipped order is not an error worth retrying.
 */
export async function recordOrder(
  tx: Transaction,
  store: Store,
  order: OrderPayload,
  event: OrderEvent,
  at: Date,
  options: { generate?: boolean } = {},
): Promise<Order | null> {
  const clean = withoutNul(order);
  if (await recordedUnderAnotherShop(tx, store, clean.id)) return null;
  return writeOrder(tx, store, clean, event, at, options);
}

/**
 * Upserts the order from a webhook (or the reconciliation pass); newer Shopify data wins. Then the
 * store's flows turn it into review requests, unless `generate` is off (history imports schedule
 * their own). Throws OrderOfAnotherShopError, recording nothing, when another shop holds this order
 * id (recordOrder returns null instead).
 */
export async function upsertOrder(
  tx: Transaction,
  store: Store,
  order: OrderPayload,
  event: OrderEvent,
  at: Date,
  options: { generate?: boolean } = {},
): Promise<Order> {
  const row = await recordOrder(tx, store, order, event, at, options);
  if (!row) throw new OrderOfAnotherShopError(order.id);
  return row;
}

async function writeOrder(tx: Transaction, store: Store, order: OrderPayload, event: OrderEvent, at: Date, options: { generate?: boolean }): Promise<Order> {
  const name = [order.customer?.first_name, order.customer?.last_name].filter(Boolean).join(' ').trim() || null;
  const refunded = order.financial_status === 'refunded' || order.financial_status === 'partially_refunded';
  const values = {
    userId: store.userId,
    shopId: store.id,
    shopifyOrderId: order.id,
    orderNumber: order.name ?? null,
    customerEmail: (order.email || order.customer?.email || null)?.toLowerCase() ?? null,
    customerName: name,
    totalPrice: order.total_price !== null && order.total_price !== undefined ? order.total_price.toFixed(2) : null,
    currency: order.currency ?? null,
    financialStatus: order.financial_status ?? null,
    orderCreatedAt: date(order.created_at),
    orderUpdatedAt: date(order.updated_at),
    cancelledAt: date(order.cancelled_at),
    refundedAt: refunded ? date(order.updated_at) ?? at : null,
    paidAt: event === 'paid' || order.financial_status === 'paid' ? date(order.processed_at) ?? at : null,
    fulfilledAt: event === 'fulfilled' || order.fulfillment_status === 'fulfilled' ? at : null,
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
        totalPrice: sql`coalesce(excluded.total_price, ${shopifyOrders.totalPrice})`,
        currency: sql`coalesce(excluded.currency, ${shopifyOrders.currency})`,
        // A late, older delivery must not roll the status back.
        financialStatus: sql`CASE WHEN excluded.order_updated_at IS NULL OR ${shopifyOrders.orderUpdatedAt} IS NULL OR excluded.order_updated_at >= ${shopifyOrders.orderUpdatedAt} THEN coalesce(excluded.financial_status, ${shopifyOrders.financialStatus}) ELSE ${shopifyOrders.financialStatus} END`,
        orderUpdatedAt: sql`greatest(excluded.order_updated_at, ${shopifyOrders.orderUpdatedAt})`,
        // First times are kept; flags only move forward.
        paidAt: sql`coalesce(${shopifyOrders.paidAt}, excluded.paid_at)`,
        fulfilledAt: sql`coalesce(${shopifyOrders.fulfilledAt}, excluded.fulfilled_at)`,
        cancelledAt: sql`coalesce(${shopifyOrders.cancelledAt}, excluded.cancelled_at)`,
        refundedAt: sql`coalesce(${shopifyOrders.refundedAt}, excluded.refunded_at)`,
        updatedAt: at,
      },
    })
    .returning();
  if (row && (row.cancelledAt || row.refundedAt)) await cancelPendingRequests(tx, store.id, row.id);
  else if (row && options.generate !== false) await generateForOrder(tx, { id: row.id, shopId: store.id });
  return row!;
}

/** Requests not yet sent for an order (or for the whole store) are cancelled. */
export async function cancelPendingRequests(tx: Transaction, storeId: string, orderId?: string) {
  await tx
    .update(shopifyReviewRequests)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        eq(shopifyReviewRequests.shopId, storeId),
        inArray(shopifyReviewRequests.status, [...UNSENT_STATUSES]),
        orderId ? eq(shopifyReviewRequests.orderId, orderId) : undefined,
      ),
    );
}

const STATUS_MAP: Record<string, SubscriptionStatus> = {
  ACTIVE: 'active',
  PENDING: 'pending',
  DECLINED: 'declined',
  EXPIRED: 'expired',
  FROZEN: 'frozen',
  CANCELLED: 'cancelled',
};

/** A handler may return work to do after commit (e-mails: the mailer must not run inside the transaction). */
type Handler = (tx: Transaction, store: Store, payload: unknown, at: Date, ctx: AppContext) => Promise<void | (() => Promise<void>)>;

const handlers: Record<string, Handler> = {
  'customers/data_request': (tx, store, payload, at, ctx) => handleDataRequest(ctx, tx, store, payload, at),
  'customers/redact': async (tx, store, payload, _at, ctx) => void (await handleCustomerRedact(ctx, tx, store, payload)),
  'shop/redact': async (tx, store, _payload, _at, ctx) => void (await handleShopRedact(ctx, tx, store.shopDomain)),
  'orders/paid': async (tx, store, payload, at) => void (await upsertOrder(tx, store, orderPayload.parse(payload), 'paid', at)),
  'orders/fulfilled': async (tx, store, payload, at) => void (await upsertOrder(tx, store, orderPayload.parse(payload), 'fulfilled', at)),
  'orders/cancelled': async (tx, store, payload, at) => void (await upsertOrder(tx, store, orderPayload.parse(payload), 'cancelled', at)),
  'orders/updated': async (tx, store, payload, at) => void (await upsertOrder(tx, store, orderPayload.parse(payload), 'updated', at)),
  'app/uninstalled': async (tx, store, _payload, at) => {
    await tx.update(shopifyStores).set({ isActive: false, uninstalledAt: at, updatedAt: at }).where(eq(shopifyStores.id, store.id));
    await cancelPendingRequests(tx, store.id);
  },
  'app_subscriptions/update': async (tx, store, payload, at) => {
    const { app_subscription: sub } = subscriptionPayload.parse(payload);
    const status = STATUS_MAP[sub.status.toUpperCase()] ?? 'inactive';
    await tx.update(shopifyStores).set({ subscriptionStatus: status, updatedAt: at }).where(eq(shopifyStores.id, store.id));
    if (status === 'active') {
      const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, sub.name));
      // The delivery carries no billing period: the same plan keeps its window (a replayed or repeated
      // update must not reset the quota).
      if (plan) await recordShopPlan(tx, store.shopDomain, { code: plan.code, quota: plan.emailQuota }, null, at);
    }
  },
};

export const processWebhook: JobHandler = {
  name: PROCESS_WEBHOOK,
  maxAttempts: 8,
  async run(job, ctx: AppContext) {
    const eventId = String(job.payload.eventId ?? '');
    const log = ctx.log.child('webhooks');
    const after: { run?: () => Promise<void> } = {};
    await ctx.db.transaction(async (tx) => {
      const [event] = await tx.select().from(shopifyWebhookEvents).where(eq(shopifyWebhookEvents.id, eventId)).for('update');
      if (!event || event.processed) return;
      const at = new Date();
      const handler = handlers[event.topic];
      const [store] = event.shopId
        ? await tx.select().from(shopifyStores).where(eq(shopifyStores.id, event.shopId))
        : COMPLIANCE.has(event.topic)
          ? await tx.select().from(shopifyStores).where(eq(shopifyStores.shopDomain, event.shopDomain)).orderBy(desc(shopifyStores.installedAt)).limit(1)
          : await tx.select().from(shopifyStores).where(and(eq(shopifyStores.shopDomain, event.shopDomain), eq(shopifyStores.isActive, true)));
      let error: string | null = null;
      if (!handler) error = `unhandled topic ${event.topic}`;
      else if (!store && event.topic === 'shop/redact') await handleShopRedact(ctx, tx, event.shopDomain);
      else if (!store) error = 'no connected store for this shop';
      else {
        try {
          after.run = (await handler(tx, store, withoutNul(event.payload), at, ctx)) ?? undefined;
        } catch (cause) {
          // A payload we cannot read will not improve on retry: record it and move on.
          if (cause instanceof z.ZodError) error = `malformed payload: ${cause.issues[0]?.path.join('.')} ${cause.issues[0]?.message}`;
          else if (cause instanceof OrderOfAnotherShopError) {
            // Nothing was written (the check comes first), so the transaction is intact. Most likely a
            // captured delivery replayed under this shop's domain: an operator should hear of it.
            error = 'order already recorded under another shop';
            log.warn('order already recorded under another shop: delivery skipped', {
              storeId: store.id,
              shopDomain: store.shopDomain,
              eventId: event.id,
              topic: event.topic,
              shopifyOrderId: cause.shopifyOrderId,
            });
          } else throw cause;
        }
      }
      await tx
        .update(shopifyWebhookEvents)
        .set({ processed: true, processedAt: at, error, payload: null })
        .where(eq(shopifyWebhookEvents.id, event.id));
      log.info('webhook processed', { topic: event.topic, eventId: event.id, ...(error ? { error } : {}) });
    });
    await after.run?.();
  },
};
