/**
 * Refused plan changes, told once (decision 021): the billing re-read records a notice when Shopify's
 * newest charge was declined or expired while the store kept its plan; the merchant's next opening of
 * the app takes it, and taking it marks it seen.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { BillingNotice } from '#core/api/plans';
import type { Queryable } from '#db/client';
import { billingNotices } from '#db/schema';

/** The store's newest unseen notice, marked seen in the same statement (two tabs cannot both show it); null when none. */
export async function takeBillingNotice(db: Queryable, storeId: string, now = new Date()): Promise<BillingNotice | null> {
  const [newest] = await db
    .select({ id: billingNotices.id })
    .from(billingNotices)
    .where(and(eq(billingNotices.shopId, storeId), isNull(billingNotices.seenAt)))
    .orderBy(desc(billingNotices.createdAt))
    .limit(1);
  if (!newest) return null;
  const [taken] = await db
    .update(billingNotices)
    .set({ seenAt: now })
    .where(and(eq(billingNotices.id, newest.id), isNull(billingNotices.seenAt)))
    .returning({ kind: billingNotices.kind, requestedPlan: billingNotices.requestedPlan, keptPlan: billingNotices.keptPlan });
  // Older unseen ones are not news once the newest is told.
  await db
    .update(billingNotices)
    .set({ seenAt: now })
    .where(and(eq(billingNotices.shopId, storeId), isNull(billingNotices.seenAt)));
  return taken ? { kind: taken.kind, requested_plan: taken.requestedPlan, kept_plan: taken.keptPlan } : null;
}
