/**
 * Shopify is the source of truth for billing (decision 021). Every path that learns something about
 * a store's billing — app_subscriptions/update, app/uninstalled, the billing return, the merchant
 * opening the app, a plan change, the daily re-read — does the same thing: read the installation's
 * subscriptions from Shopify now, and apply what Shopify says in one transaction. Webhooks are only
 * notifications: their payloads and their order do not matter.
 *
 * Two reads of one store may overlap (a webhook and a page load). Each read takes a ticket before
 * it starts; a read is applied only if its ticket is newer than the last applied one, so an older
 * answer never overwrites a newer one. A (re)connection of the store retires the tickets taken before
 * it (install-service.ts connectStore): a read made with the revoked token of the previous install
 * cannot undo the new one.
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Transaction } from '#db/client';
import { billingNotices, shopifyStores, subscriptionPlans } from '#db/schema';
import type { AppContext } from '../context';
import { recordShopPlan } from '../plans/quota';
import { cancelUnsentRequests } from '../requests/generate';
import { readShopifyBilling, type ShopifyBilling } from '../shopify/billing';
import { storeRecord } from '../shopify/install-service';
import { billingVerdict, type BillingVerdict } from './verdict';

export interface BillingSync {
  billing: ShopifyBilling;
  verdict: BillingVerdict;
  /** False when a newer read was applied meanwhile (this one changed nothing). */
  applied: boolean;
}

/** Numbers a read of the store's billing before it starts. */
export async function takeTicket(ctx: AppContext, storeId: string): Promise<number> {
  const [row] = await ctx.db
    .update(shopifyStores)
    .set({ billingReadTicket: sql`${shopifyStores.billingReadTicket} + 1` })
    .where(eq(shopifyStores.id, storeId))
    .returning({ ticket: shopifyStores.billingReadTicket });
  return row!.ticket;
}

/**
 * Applies one read of Shopify's billing to the store, unless a newer read was applied already:
 * - the status (only 'active' sends) and the subscription it is about;
 * - not installed: the store stops at once (inactive, away as 'uninstalled', its unsent requests
 *   withdrawn as 'app_uninstalled'), and so does what a store disconnected here had scheduled;
 * - Shopify's billing cycle (the active subscription's currentPeriodEnd), shown beside the usage period;
 * - an active plan: its quota for the rest of the current usage period (plans/quota.ts
 *   recordShopPlan: usage belongs to the period, not to the plan);
 * - a refused plan change: one notice, shown the next time the merchant opens the app.
 */
export async function applyBilling(tx: Transaction, storeId: string, ticket: number, billing: ShopifyBilling, now: Date): Promise<{ applied: boolean; verdict: BillingVerdict }> {
  const verdict = billingVerdict(billing);
  const [store] = await tx.select().from(shopifyStores).where(eq(shopifyStores.id, storeId)).for('update');
  if (!store || store.billingAppliedTicket >= ticket) return { applied: false, verdict };
  const uninstalledNow = !billing.installed && store.isActive;
  // Disconnected here, then uninstalled from Shopify: it is now away for that reason, and what it
  // had scheduled will not go at a reinstall either.
  const uninstalledWhileAway = !billing.installed && !store.isActive && store.awayReason === 'disconnected';
  await tx
    .update(shopifyStores)
    .set({
      subscriptionStatus: verdict.status,
      shopifySubscriptionId: verdict.subscription?.id ?? store.shopifySubscriptionId,
      // Shopify's own billing cycle, told beside the usage period (decision 045).
      billingPeriodEnd: verdict.active?.periodEnd ?? null,
      billingAppliedTicket: ticket,
      billingSyncedAt: now,
      updatedAt: now,
      ...(uninstalledNow ? { isActive: false, uninstalledAt: now } : {}),
      ...(uninstalledNow || uninstalledWhileAway ? { awayReason: 'uninstalled' as const } : {}),
    })
    .where(eq(shopifyStores.id, storeId));
  if (uninstalledNow || uninstalledWhileAway) await cancelUnsentRequests(tx, storeId, 'app_uninstalled');
  if (verdict.active) {
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, verdict.active.name));
    await recordShopPlan(tx, store.shopDomain, plan ? { code: plan.code, quota: plan.emailQuota } : null, verdict.active.periodEnd, now);
  }
  if (verdict.refused) {
    await tx
      .insert(billingNotices)
      .values({
        shopId: storeId,
        subscriptionId: verdict.refused.subscription.id,
        kind: verdict.refused.kind,
        requestedPlan: verdict.refused.subscription.name,
        keptPlan: verdict.active?.name ?? null,
      })
      .onConflictDoNothing();
  } else {
    // A refusal no longer the last word (a later change went through, or the plan ended) is not news.
    await tx
      .update(billingNotices)
      .set({ seenAt: now })
      .where(and(eq(billingNotices.shopId, storeId), isNull(billingNotices.seenAt)));
  }
  return { applied: true, verdict };
}

/**
 * Reads the store's billing from Shopify and applies it (see applyBilling). Throws what the read
 * throws (Shopify unreachable, throttled): nothing is written then, and the caller retries or says so.
 */
export async function syncBilling(ctx: AppContext, storeId: string, now = new Date()): Promise<BillingSync> {
  const store = await storeRecord(ctx.db, storeId);
  const ticket = await takeTicket(ctx, storeId);
  const billing = await readShopifyBilling(ctx, ctx.shopify, store);
  const { applied, verdict } = await ctx.db.transaction((tx) => applyBilling(tx, storeId, ticket, billing, now));
  return { billing, verdict, applied };
}

/**
 * After a charge is created, Shopify's state is read again so a store without a plan shows it
 * pending. A failed read only delays that: the merchant is on their way to Shopify's page, and the
 * billing return, the webhook and the next opening of the app all read again.
 */
export async function recordPendingCharge(ctx: AppContext, storeId: string): Promise<void> {
  try {
    await syncBilling(ctx, storeId);
  } catch (error) {
    ctx.log.child('billing').warn('billing re-read after a new charge failed', { storeId, error: (error as Error).message });
  }
}

/** Connected stores are re-read at least this often, so a lost webhook heals within a day. */
export const RESYNC_AFTER_HOURS = 24;

/**
 * The periodic re-read (job `sync-billing`, hourly): the connected stores whose billing was last read
 * more than RESYNC_AFTER_HOURS ago, oldest first, at most `limit` per run. Each store's turn comes
 * back a day after its last read (a webhook, a page load or this job), so the reads spread over the
 * day instead of arriving all at once. A store Shopify cannot answer for is left for the next run.
 */
export async function resyncStaleStores(ctx: AppContext, limit = 100, now = new Date()): Promise<{ synced: number; failed: number }> {
  const cutoff = new Date(now.getTime() - RESYNC_AFTER_HOURS * 3_600_000);
  const stores = await ctx.db
    .select({ id: shopifyStores.id })
    .from(shopifyStores)
    .where(and(eq(shopifyStores.isActive, true), or(isNull(shopifyStores.billingSyncedAt), lt(shopifyStores.billingSyncedAt, cutoff))))
    .orderBy(sql`${shopifyStores.billingSyncedAt} NULLS FIRST`, asc(shopifyStores.id))
    .limit(limit);
  let failed = 0;
  for (const { id } of stores) {
    try {
      await syncBilling(ctx, id, now);
    } catch (error) {
      failed += 1;
      ctx.log.child('billing').warn('billing re-read failed; next run will try again', { storeId: id, error: (error as Error).message });
    }
  }
  return { synced: stores.length - failed, failed };
}
