/**
 * Reconciliation: Shopify gives up on a webhook after 8 failed deliveries, so every hour each active
 * store's orders updated since the last pass are read through the Admin GraphQL API and fed through
 * the same path as webhooks. Backs off when Shopify answers THROTTLED.
 */
import { and, eq, sql } from 'drizzle-orm';
import { shopifyStores } from '../../db/schema';
import type { AppContext } from '../context';
import { enqueueJob, tickKey } from '../jobs/queue';
import type { JobHandler } from '../jobs/worker';
import { ShopifyRequestError } from '../shopify/facade';
import { storeAccessToken } from '../shopify/store-tokens';
import { recordOrder, type OrderPayload } from './process';

export const RECONCILE_ORDERS = 'reconcile-orders';
export const RECONCILE_STORE = 'reconcile-store';
/** Overlap between passes, so an order updated during the previous pass is not missed. */
const OVERLAP_MS = 5 * 60 * 1000;

const ORDERS = `#graphql
query ReconcileOrders($query: String!, $after: String) {
  orders(first: 100, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes {
      legacyResourceId name email createdAt updatedAt processedAt cancelledAt
      displayFinancialStatus displayFulfillmentStatus
      totalPriceSet { shopMoney { amount currencyCode } }
      customer { firstName lastName email }
    }
  }
}`;

interface OrderNode {
  legacyResourceId: string;
  name: string | null;
  email: string | null;
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string | null;
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } } | null;
  customer: { firstName: string | null; lastName: string | null; email: string | null } | null;
}

/** The GraphQL order in the webhook (REST) shape the intake path reads. */
export function toOrderPayload(node: OrderNode): OrderPayload {
  return {
    id: String(node.legacyResourceId),
    name: node.name,
    email: node.email,
    created_at: node.createdAt,
    updated_at: node.updatedAt,
    processed_at: node.processedAt,
    cancelled_at: node.cancelledAt,
    financial_status: node.displayFinancialStatus?.toLowerCase() ?? null,
    fulfillment_status: node.displayFulfillmentStatus === 'FULFILLED' ? 'fulfilled' : null,
    total_price: node.totalPriceSet ? Number(node.totalPriceSet.shopMoney.amount) : null,
    currency: node.totalPriceSet?.shopMoney.currencyCode ?? null,
    customer: node.customer ? { first_name: node.customer.firstName, last_name: node.customer.lastName, email: node.customer.email } : null,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type OrdersPage = { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: OrderNode[] } };

/** Reads every order matching an Admin API search `query`, page by page, backing off when THROTTLED. */
export async function readOrderPages(
  ctx: AppContext,
  shop: string,
  accessToken: string,
  query: string,
  onPage: (orders: OrderPayload[]) => Promise<void>,
  backoffMs = 1000,
): Promise<number> {
  let after: string | null = null;
  let seen = 0;
  for (let page = 0; page < 1000; page++) {
    let data: OrdersPage | null = null;
    for (let attempt = 0; !data; attempt++) {
      try {
        data = await ctx.shopify.graphql<OrdersPage>(shop, accessToken, ORDERS, { query, after });
      } catch (error) {
        if (!(error instanceof ShopifyRequestError) || error.code !== 'THROTTLED' || attempt >= 5) throw error;
        await sleep(backoffMs * 2 ** attempt);
      }
    }
    const nodes = data.orders.nodes;
    if (nodes.length) await onPage(nodes.map(toOrderPayload));
    seen += nodes.length;
    if (!data.orders.pageInfo.hasNextPage) break;
    after = data.orders.pageInfo.endCursor;
  }
  return seen;
}

export async function reconcileStore(ctx: AppContext, storeId: string, now = new Date(), backoffMs = 1000): Promise<number> {
  const [store] = await ctx.db.select().from(shopifyStores).where(and(eq(shopifyStores.id, storeId), eq(shopifyStores.isActive, true)));
  if (!store) return 0;
  const since = new Date((store.ordersReconciledAt ?? store.installedAt).getTime() - OVERLAP_MS);
  const { shop, accessToken } = await storeAccessToken(ctx, store.id, now);
  const seen = await readOrderPages(
    ctx,
    shop,
    accessToken,
    `updated_at:>=${since.toISOString()}`,
    (orders) =>
      ctx.db.transaction(async (tx) => {
        for (const order of orders) {
          // Read from this shop's own Admin API, yet held by another shop: that row came from a replayed
          // delivery (or colliding test data). Not overwritten, not duplicated; an operator looks.
          if (!(await recordOrder(tx, store, order, 'updated', now))) {
            ctx.log.child('reconcile').warn('order already recorded under another shop: skipped', { storeId: store.id, shopifyOrderId: order.id });
          }
        }
      }),
    backoffMs,
  );
  await ctx.db.update(shopifyStores).set({ ordersReconciledAt: now }).where(eq(shopifyStores.id, store.id));
  return seen;
}

/** Hourly: one job per active store (deduplicated per hour, so several workers enqueue it once). */
export const reconcileOrders: JobHandler = {
  name: RECONCILE_ORDERS,
  maxAttempts: 3,
  async run(_job, ctx) {
    const stores = await ctx.db
      .select({ id: shopifyStores.id })
      .from(shopifyStores)
      .where(and(eq(shopifyStores.isActive, true), sql`${shopifyStores.accessToken} IS NOT NULL`));
    const now = new Date();
    for (const store of stores) {
      await enqueueJob(ctx.db, RECONCILE_STORE, { storeId: store.id }, { dedupeKey: tickKey(`${RECONCILE_STORE}:${store.id}`, 3600, now), maxAttempts: 3 });
    }
  },
};

export const reconcileOneStore: JobHandler = {
  name: RECONCILE_STORE,
  maxAttempts: 3,
  async run(job, ctx) {
    const seen = await reconcileStore(ctx, String(job.payload.storeId ?? ''));
    ctx.log.child('reconcile').info('orders reconciled', { storeId: job.payload.storeId, orders: seen });
  },
};
