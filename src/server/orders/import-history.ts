/**
 * History import (`shopify-import-history`): reads the shop's paid orders of the last 60 days from
 * Shopify and stores them through the intake (intake.ts), without running the flows, then
 * schedules one review request per order that has none yet and that an active e-mail flow of the
 * store would ask (its order conditions): all now (immediate, with an immediate sending run) or
 * spread over the chosen days (deferred, see core/schedule-spread.ts). A customer with several orders
 * within the store's window is asked once, about the latest (requests/one-ask-per-customer.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import { timestamptzArray, uuidArray } from '#db/sql-arrays';
import type { shopifyStores } from '#db/schema';
import { spreadSchedule, type SpreadOptions } from '#core/schedule-spread';
import type { AppContext } from '../context';
import { enqueue } from '../jobs/define';
import { ORDER_HISTORY_DAYS, ordersSinceQuery, readOrderPages } from './admin-api';
import { recordOrder } from './intake';
import { storeAccessToken } from '../shopify/store-tokens';
import { lockStoreRequests, sqlPublicToken } from '../requests/generate';
import { requestLocaleSql } from '../requests/locale';
import { keepOneAskPerCustomer } from '../requests/one-ask-per-customer';
import { processReviewRequestsJob } from '../requests/jobs';

type Store = typeof shopifyStores.$inferSelect;

export type ImportMode = { immediate: true } | ({ immediate: false } & SpreadOptions);

export interface ImportResult {
  synced_count: number;
  scheduled_count: number;
}

export async function importHistory(ctx: AppContext, store: Store, mode: ImportMode, now = new Date()): Promise<ImportResult> {
  const { shop, accessToken } = await storeAccessToken(ctx, store.id, now);
  const orderIds: string[] = [];
  const { read: synced } = await readOrderPages(ctx, shop, accessToken, ordersSinceQuery(ORDER_HISTORY_DAYS, { paidOnly: true }, now), (orders) =>
    ctx.db.transaction(async (tx) => {
      // Stored without running the flows: the import schedules these orders itself.
      for (const order of orders) {
        // An order id another shop holds is skipped, not a failed import.
        const row = await recordOrder(tx, store, order, 'updated', now, { generate: false });
        if (row) orderIds.push(row.id);
      }
    }),
  );

  const scheduled = await ctx.db.transaction(async (tx) => {
    if (orderIds.length === 0) return 0;
    await lockStoreRequests(tx, store.id);
    // Orders already requested (by a flow or an earlier import) or whose request the merchant
    // cancelled, cancelled or refunded orders, orders without an address or unsubscribed are skipped;
    // the oldest order gets the earliest slot. The import asks on the store's behalf as its flows do:
    // an order no active e-mail flow would ask (under every flow's minimum) is not asked either.
    const eligible = await queryRows<{ id: string }>(
      tx,
      sql`SELECT o.id::text FROM shopify_orders o
          WHERE o.shop_id = ${store.id}::uuid AND o.id = ANY(${uuidArray(orderIds)})
            AND o.cancelled_at IS NULL AND o.refunded_at IS NULL AND o.customer_email IS NOT NULL
            AND EXISTS (SELECT 1 FROM flow_configurations f
                        WHERE f.shop_id = o.shop_id AND f.is_active AND coalesce((f.channels->>'email')::boolean, false)
                          AND (f.target_all_orders OR coalesce(o.total_price, 0) >= f.minimum_order_amount))
            AND NOT EXISTS (SELECT 1 FROM shopify_review_requests r WHERE r.order_id = o.id)
            AND NOT EXISTS (SELECT 1 FROM review_request_exclusions e WHERE e.order_id = o.id)
            AND NOT EXISTS (SELECT 1 FROM email_suppressions x WHERE x.shop_id = o.shop_id AND x.email = lower(o.customer_email))
          ORDER BY coalesce(o.paid_at, o.order_created_at) NULLS LAST, o.id`,
    );
    if (eligible.length === 0) return 0;
    const times = mode.immediate ? eligible.map(() => now) : spreadSchedule(eligible.length, mode, now);
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO shopify_review_requests
            (user_id, shop_id, shopify_order_id, order_id, flow_id, customer_email, customer_name, status, scheduled_at, token, channel, source, locale)
          SELECT o.user_id, o.shop_id, o.shopify_order_id, o.id, NULL, o.customer_email, o.customer_name, 'scheduled', v.at, ${sqlPublicToken}, 'email', 'import',
                 ${requestLocaleSql()}
          FROM unnest(${uuidArray(eligible.map((e) => e.id))}, ${timestamptzArray(times)}) AS v(order_id, at)
          JOIN shopify_orders o ON o.id = v.order_id
          JOIN shopify_stores s ON s.id = o.shop_id
          ON CONFLICT DO NOTHING
          RETURNING id::text`,
    );
    // One ask per customer within the store's window: of a customer's imported orders, the latest is asked.
    const superseded = await keepOneAskPerCustomer(
      tx,
      store.id,
      eligible.map((e) => e.id),
    );
    return rows.filter((r) => !superseded.has(r.id)).length;
  });

  // Immediate: the worker sends them now rather than at the next hourly run.
  if (mode.immediate && scheduled > 0) await enqueue(ctx, processReviewRequestsJob, { reason: 'import' });
  ctx.log.child('import').info('history imported', { storeId: store.id, synced, scheduled, immediate: mode.immediate });
  return { synced_count: synced, scheduled_count: scheduled };
}
