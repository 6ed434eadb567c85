/**
 * Processing one recorded webhook delivery (run by the `process-webhook` job): the topic's handler,
 * then the event is marked processed and its payload dropped (it carries customer data). Orders go to
 * the orders module's intake, plan changes to the plans module. Handlers are idempotent: Shopify
 * delivers late and twice.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { TEST_ORDER_EVENT_NOTE } from '#core/api/shopify';
import type { Queryable, Transaction } from '#db/client';
import { shopifyStores, shopifyWebhookEvents } from '#db/schema';
import type { AppContext } from '../context';
import { handleCustomerRedact, handleDataRequest, handleShopRedact } from '../privacy/compliance';
import { OrderOfAnotherShopError, TestOrderError, recordDelivery, upsertOrder } from '../orders/intake';
import { parseFulfillmentEvent, parseWebhookOrder, withoutNul, type OrderEvent } from '../orders/order';
import { syncBilling } from '../billing/sync';

/** Privacy topics also concern shops that have since uninstalled the app. */
const COMPLIANCE = new Set(['customers/data_request', 'customers/redact', 'shop/redact']);

/**
 * Billing topics are notifications (decision 021): whatever they say and whatever order they come in,
 * the store's billing is read again from Shopify and what Shopify says now is applied
 * (billing/sync.ts). The read happens before the delivery is marked processed, so a failed read
 * (Shopify unreachable) fails the job, which retries; nothing is decided from the payload.
 */
const BILLING = new Set(['app_subscriptions/update', 'app/uninstalled']);

type Store = typeof shopifyStores.$inferSelect;

/** What the body says exactly, where JSON.parse would round it (ids above 2^53): read as text by the database. */
interface Exact {
  orderId: string | null;
}

/** order_id's digits in a flat body's text (the FulfillmentEvent resource has no nested objects). */
const exactOrderId = (raw: string | null) => (raw ? (/"order_id"\s*:\s*"?(\d+)/.exec(raw)?.[1] ?? null) : null);

/** A handler may return work to do after commit (e-mails: the mailer must not run inside the transaction). */
type Handler = (tx: Transaction, store: Store, payload: unknown, at: Date, ctx: AppContext, exact: Exact) => Promise<void | (() => Promise<void>)>;

const order =
  (event: OrderEvent): Handler =>
  async (tx, store, payload, at) =>
    void (await upsertOrder(tx, store, parseWebhookOrder(payload), event, at));

const handlers: Record<string, Handler> = {
  'customers/data_request': (tx, store, payload, at, ctx) => handleDataRequest(ctx, tx, store, payload, at),
  'customers/redact': async (tx, store, payload, _at, ctx) => void (await handleCustomerRedact(ctx, tx, store, payload)),
  'shop/redact': async (tx, store, _payload, _at, ctx) => void (await handleShopRedact(ctx, tx, store.shopDomain)),
  'orders/paid': order('paid'),
  'orders/fulfilled': order('fulfilled'),
  'orders/cancelled': order('cancelled'),
  'orders/updated': order('updated'),
  // Carrier events: only status 'delivered' records anything (the 'commande livrée' trigger).
  'fulfillment_events/create': async (tx, store, payload, at, _ctx, exact) => void (await recordDelivery(tx, store, parseFulfillmentEvent(payload, exact.orderId), at)),
  // Applied by the billing re-read before the handler runs (processWebhookEvent): nothing left to do.
  'app/uninstalled': async () => undefined,
  'app_subscriptions/update': async () => undefined,
};

/**
 * Applies one recorded delivery (the `process-webhook` job, webhooks/jobs.ts): the topic's handler in
 * one transaction with marking the event processed; work it returns (e-mails) runs after commit.
 */
export async function processWebhookEvent(ctx: AppContext, eventId: string): Promise<void> {
  const log = ctx.log.child('webhooks');
  const after: { run?: () => Promise<void> } = {};
  await rereadBillingFor(ctx, eventId);
  await ctx.db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        id: shopifyWebhookEvents.id,
        shopId: shopifyWebhookEvents.shopId,
        shopDomain: shopifyWebhookEvents.shopDomain,
        topic: shopifyWebhookEvents.topic,
        processed: shopifyWebhookEvents.processed,
        payload: shopifyWebhookEvents.payload,
        // The json column keeps the body's text, digits as sent. As text, not through ->>, which
        // fails on a \u0000 anywhere in the body; only for the flat FulfillmentEvent body.
        rawBody: sql<string | null>`CASE WHEN ${shopifyWebhookEvents.topic} = 'fulfillment_events/create' THEN ${shopifyWebhookEvents.payload}::text END`,
      })
      .from(shopifyWebhookEvents)
      .where(eq(shopifyWebhookEvents.id, eventId))
      .for('update');
    if (!event || event.processed) return;
    const at = new Date();
    const handler = handlers[event.topic];
    const store = await storeOfEvent(tx, event);
    let error: string | null = null;
    if (!handler) error = `unhandled topic ${event.topic}`;
    else if (!store && event.topic === 'shop/redact') await handleShopRedact(ctx, tx, event.shopDomain);
    else if (!store) error = 'no connected store for this shop';
    else {
      try {
        after.run = (await handler(tx, store, withoutNul(event.payload), at, ctx, { orderId: exactOrderId(event.rawBody) })) ?? undefined;
      } catch (cause) {
        // A payload we cannot read will not improve on retry: record it and move on.
        if (cause instanceof z.ZodError) error = `malformed payload: ${cause.issues[0]?.path.join('.')} ${cause.issues[0]?.message}`;
        // Not a failure, but the diagnostic's recent events must say why this order asked nobody.
        else if (cause instanceof TestOrderError) error = TEST_ORDER_EVENT_NOTE;
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
    await tx.update(shopifyWebhookEvents).set({ processed: true, processedAt: at, error, payload: null }).where(eq(shopifyWebhookEvents.id, event.id));
    log.info('webhook processed', { topic: event.topic, eventId: event.id, ...(error ? { error } : {}) });
  });
  await after.run?.();
}

/** The store a delivery is about: the one recorded with it, else (privacy and billing topics) the shop's latest, else its connected one. */
async function storeOfEvent(db: Queryable, event: { shopId: string | null; shopDomain: string; topic: string }): Promise<Store | undefined> {
  if (event.shopId) return (await db.select().from(shopifyStores).where(eq(shopifyStores.id, event.shopId)))[0];
  // Privacy and billing topics also concern a store disconnected here (Shopify may still bill it).
  if (COMPLIANCE.has(event.topic) || BILLING.has(event.topic))
    return (await db.select().from(shopifyStores).where(eq(shopifyStores.shopDomain, event.shopDomain)).orderBy(desc(shopifyStores.installedAt)).limit(1))[0];
  return (
    await db
      .select()
      .from(shopifyStores)
      .where(and(eq(shopifyStores.shopDomain, event.shopDomain), eq(shopifyStores.isActive, true)))
  )[0];
}

/** For an unprocessed billing delivery, the store's billing read again from Shopify and applied (see BILLING). */
async function rereadBillingFor(ctx: AppContext, eventId: string): Promise<void> {
  const [event] = await ctx.db
    .select({ shopId: shopifyWebhookEvents.shopId, shopDomain: shopifyWebhookEvents.shopDomain, topic: shopifyWebhookEvents.topic, processed: shopifyWebhookEvents.processed })
    .from(shopifyWebhookEvents)
    .where(eq(shopifyWebhookEvents.id, eventId));
  if (!event || event.processed || !BILLING.has(event.topic)) return;
  const store = await storeOfEvent(ctx.db, event);
  if (store) await syncBilling(ctx, store.id);
}
