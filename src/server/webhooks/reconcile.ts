/**
 * Reconciliation: Shopify gives up on a webhook after 8 failed deliveries, so every hour each active
 * store's orders updated since the last pass are read through the Admin GraphQL API and fed to the
 * same intake as webhooks (orders module). Backs off when Shopify answers THROTTLED. The hourly
 * `reconcile-orders` and per-store `reconcile-store` jobs are in jobs.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { shopifyStores } from '#db/schema';
import type { AppContext } from '../context';
import { storeAccessToken } from '../shopify/store-tokens';
import { dateFilter, readOrderPages } from '../orders/admin-api';
import { recordOrder } from '../orders/intake';

/** Overlap between passes, so an order updated during the previous pass is not missed. */
const OVERLAP_MS = 5 * 60 * 1000;

export async function reconcileStore(ctx: AppContext, storeId: string, now = new Date(), backoffMs = 1000): Promise<number> {
  const [store] = await ctx.db
    .select()
    .from(shopifyStores)
    .where(and(eq(shopifyStores.id, storeId), eq(shopifyStores.isActive, true)));
  if (!store) return 0;
  const since = new Date((store.ordersReconciledAt ?? store.installedAt).getTime() - OVERLAP_MS);
  const { shop, accessToken } = await storeAccessToken(ctx, store.id, now);
  const { read } = await readOrderPages(
    ctx,
    shop,
    accessToken,
    dateFilter('updated_at', since),
    (orders) =>
      ctx.db.transaction(async (tx) => {
        for (const order of orders) {
          // A test order asks nobody and is recorded nowhere (intake.ts).
          if (order.test) continue;
          // Read from this shop's own Admin API, yet held by another shop: that row came from a replayed
          // delivery (or colliding test data). Not overwritten, not duplicated; an operator looks.
          if (!(await recordOrder(tx, store, order, 'updated', now))) {
            ctx.log.child('reconcile').warn('order already recorded under another shop: skipped', { storeId: store.id, shopifyOrderId: order.shopifyOrderId });
          }
        }
      }),
    backoffMs,
  );
  await ctx.db.update(shopifyStores).set({ ordersReconciledAt: now }).where(eq(shopifyStores.id, store.id));
  return read;
}

/** The active stores whose orders can be read (connected, with a token): one reconcile-store job each, hourly. */
export async function storesToReconcile(ctx: AppContext): Promise<string[]> {
  const stores = await ctx.db
    .select({ id: shopifyStores.id })
    .from(shopifyStores)
    .where(and(eq(shopifyStores.isActive, true), sql`${shopifyStores.accessToken} IS NOT NULL`));
  return stores.map((s) => s.id);
}
