/**
 * A store away and back (decision 045). While it is away (disconnected here, or the app uninstalled
 * from Shopify) the account still sees what it was, and whether Shopify still bills it; once it is
 * back, the merchant is told what happened meanwhile, read from the requests and orders of that
 * window: the requests the app cancelled (their reason is data on each), those that fell due while
 * it was disconnected and go now, and the orders paid meanwhile, each asked or not, and why. The
 * orders of the time away come from Shopify's Admin API once the store is back (the reconciliation
 * the connection starts), so until that pass has run they are said to be still read.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '#db/client';
import { shopifyStores, storeAbsences, subscriptionPlans } from '#db/schema';
import { ABSENCE_ORDER_OUTCOMES, type AbsenceOrderOutcome, type AwayStore, type StoreAbsence } from '#core/api/stores';
import type { WithdrawnReason } from '#core/domain';
import { DomainError } from '../domain-error';

/** The account's last store while none is connected, as it was left; null when one is connected or none ever was. */
export async function findAwayStore(db: Queryable, userId: string, adminUrl: (shop: string) => string): Promise<AwayStore | null> {
  const [store] = await db
    .select({
      shopDomain: shopifyStores.shopDomain,
      shopName: shopifyStores.shopName,
      isActive: shopifyStores.isActive,
      awayReason: shopifyStores.awayReason,
      uninstalledAt: shopifyStores.uninstalledAt,
      updatedAt: shopifyStores.updatedAt,
      subscriptionStatus: shopifyStores.subscriptionStatus,
      billingPeriodEnd: shopifyStores.billingPeriodEnd,
      shopifySubscriptionId: shopifyStores.shopifySubscriptionId,
    })
    .from(shopifyStores)
    .where(eq(shopifyStores.userId, userId))
    .orderBy(desc(shopifyStores.isActive), desc(shopifyStores.installedAt))
    .limit(1);
  if (!store || store.isActive) return null;
  const billed = store.awayReason !== 'uninstalled' && store.subscriptionStatus === 'active';
  return {
    shop_domain: store.shopDomain,
    shop_name: store.shopName,
    reason: store.awayReason ?? 'disconnected',
    since: (store.uninstalledAt ?? store.updatedAt).toISOString(),
    subscription_status: store.subscriptionStatus,
    plan_name: billed ? await billedPlanName(db, store.shopDomain) : null,
    billing_period_end: billed ? (store.billingPeriodEnd?.toISOString() ?? null) : null,
    admin_url: adminUrl(store.shopDomain),
  };
}

/** The plan Shopify bills the shop for, by its price-list name (shop_plans keeps the shop's plan code). */
async function billedPlanName(db: Queryable, shopDomain: string): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(db, sql`SELECT p.name FROM shop_plans sp JOIN ${subscriptionPlans} p ON p.code = sp.plan WHERE sp.shop_domain = ${shopDomain}`);
  return row?.name ?? null;
}

/** The last time away not dismissed yet, with what happened meanwhile; null if there is none. */
export async function readStoreAbsence(db: Queryable, storeId: string): Promise<StoreAbsence | null> {
  const [absence] = await db
    .select()
    .from(storeAbsences)
    .where(and(eq(storeAbsences.shopId, storeId), isNull(storeAbsences.seenAt)))
    .orderBy(desc(storeAbsences.backAt))
    .limit(1);
  if (!absence) return null;
  const from = absence.awayFrom.toISOString();
  const to = absence.backAt.toISOString();
  const cancelled = await queryRows<{ reason: WithdrawnReason; count: number }>(
    db,
    sql`SELECT withdrawn_reason AS reason, count(*)::int AS count FROM shopify_review_requests
        WHERE shop_id = ${storeId}::uuid AND status = 'cancelled' AND withdrawn_reason IS NOT NULL
          AND updated_at >= ${from}::timestamptz AND updated_at <= ${to}::timestamptz
        GROUP BY withdrawn_reason ORDER BY count(*) DESC, withdrawn_reason`,
  );
  const [due] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM shopify_review_requests
        WHERE shop_id = ${storeId}::uuid AND status IN ('scheduled', 'pending', 'failed')
          AND scheduled_at >= ${from}::timestamptz AND scheduled_at < ${to}::timestamptz`,
  );
  const [store] = await db.select({ reconciledAt: shopifyStores.ordersReconciledAt }).from(shopifyStores).where(eq(shopifyStores.id, storeId));
  const outcomes = await orderOutcomes(db, storeId, from, to);
  return {
    id: absence.id,
    reason: absence.reason,
    away_from: from,
    back_at: to,
    cancelled,
    due_meanwhile: due?.count ?? 0,
    orders: {
      read: !!store?.reconciledAt && store.reconciledAt >= absence.backAt,
      paid: outcomes.reduce((sum, o) => sum + o.count, 0),
      outcomes,
    },
  };
}

/**
 * Each order paid in [from, to): asked (a first request stands), or why not, in the order the
 * request generation decides it (requests/generate.ts): cancelled or refunded, no address, the
 * customer unsubscribed, the merchant excluded it, asked already (one ask per order or customer),
 * an active flow waits for its moment (shipping, delivery), or no active flow takes it.
 */
async function orderOutcomes(db: Queryable, storeId: string, from: string, to: string): Promise<{ outcome: AbsenceOrderOutcome; count: number }[]> {
  const rows = await queryRows<{ outcome: AbsenceOrderOutcome; count: number }>(
    db,
    sql`SELECT outcome, count(*)::int AS count FROM (
          SELECT CASE
            WHEN EXISTS (SELECT 1 FROM shopify_review_requests r WHERE r.order_id = o.id AND r.reminder_of IS NULL AND r.status <> 'cancelled') THEN 'asked'
            WHEN o.cancelled_at IS NOT NULL OR o.refunded_at IS NOT NULL THEN 'order_cancelled'
            WHEN o.customer_email IS NULL THEN 'no_email'
            WHEN EXISTS (SELECT 1 FROM email_suppressions x WHERE x.shop_id = o.shop_id AND x.email = lower(o.customer_email)) THEN 'unsubscribed'
            WHEN EXISTS (SELECT 1 FROM review_request_exclusions e WHERE e.order_id = o.id) THEN 'excluded'
            WHEN EXISTS (SELECT 1 FROM shopify_review_requests r WHERE r.order_id = o.id AND r.reminder_of IS NULL
                           AND r.withdrawn_reason IN ('already_asked', 'reviewed', 'newer_order', 'customer_asked', 'better_moment')) THEN 'already_asked'
            WHEN EXISTS (SELECT 1 FROM flow_configurations f WHERE f.shop_id = o.shop_id AND f.is_active
                           AND coalesce((f.channels->>'email')::boolean, false)
                           AND (f.target_all_orders OR coalesce(o.total_price, 0) >= f.minimum_order_amount)
                           AND ((f.trigger_event = 'order_fulfilled' AND o.fulfilled_at IS NULL)
                             OR (f.trigger_event = 'order_delivered' AND o.delivered_at IS NULL))) THEN 'waiting_for_trigger'
            ELSE 'no_matching_flow'
          END AS outcome
          FROM shopify_orders o
          -- Shopify stamps its times to the second: an order paid in the second the store left counts.
          WHERE o.shop_id = ${storeId}::uuid AND o.paid_at >= date_trunc('second', ${from}::timestamptz) AND o.paid_at < ${to}::timestamptz
        ) t GROUP BY outcome`,
  );
  // The screen's order, whatever the database's.
  return [...rows].sort((a, b) => ABSENCE_ORDER_OUTCOMES.indexOf(a.outcome) - ABSENCE_ORDER_OUTCOMES.indexOf(b.outcome));
}

/** The merchant read it: not told again. Another store's absence is not found. */
export async function dismissAbsence(db: Queryable, storeId: string, absenceId: string, now = new Date()): Promise<void> {
  const [row] = await db
    .update(storeAbsences)
    .set({ seenAt: now })
    .where(and(eq(storeAbsences.id, absenceId), eq(storeAbsences.shopId, storeId)))
    .returning({ id: storeAbsences.id });
  if (!row) throw new DomainError('not_found');
}
