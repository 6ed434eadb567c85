/**
 * The price list (`subscription_plans`). A store's subscription status lives on the store and its
 * plan, quota and usage period in `shop_plans`, written only from a read of Shopify's billing
 * (billing/sync.ts, decision 021). Usage against the quota is quota.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '#db/client';
import { subscriptionPlans } from '#db/schema';

export interface PlanDto {
  id: string;
  code: string;
  name: string;
  price_amount: string;
  price_currency: string;
  email_quota: number | null;
  is_unlimited: boolean;
  features: string[];
  sort_order: number;
}

/** Active plans priced in USD, by sort order (docs/product/calls.md). */
export async function listActivePlans(db: Queryable): Promise<PlanDto[]> {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.isActive, true), eq(subscriptionPlans.priceCurrency, 'USD')))
    .orderBy(asc(subscriptionPlans.sortOrder));
  return rows.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    price_amount: p.priceAmount,
    price_currency: p.priceCurrency,
    email_quota: p.emailQuota,
    is_unlimited: p.isUnlimited,
    features: p.features,
    sort_order: p.sortOrder,
  }));
}
