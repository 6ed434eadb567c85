/**
 * The price list (`subscription_plans`). A store's subscription status lives on the store and its
 * plan, quota and usage period in `shop_plans`, written only from a read of Shopify's billing
 * (billing/sync.ts, decision 021). Usage against the quota is quota.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '#db/client';
import { subscriptionPlans } from '#db/schema';
import type { AppContext } from '../context';

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

/**
 * Plans change only with a migration or a seed (there is no plan editor), yet every landing page
 * and plan screen reads them: one read per process per minute instead of one per request (the
 * bench's http case asks GET /api/plans). GET /api/plans (routes.ts) and the legal pages
 * (legal/routes.ts) each keep one.
 */
const PLAN_CACHE_MS = 60_000;

export function cachedPlans(ctx: AppContext): () => Promise<PlanDto[]> {
  let cached: { at: number; plans: Promise<PlanDto[]> } | null = null;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > PLAN_CACHE_MS) {
      const plans = listActivePlans(ctx.db);
      cached = { at: now, plans };
      // A failed read is not kept: the next request tries again.
      plans.catch(() => {
        if (cached?.plans === plans) cached = null;
      });
    }
    return cached.plans;
  };
}
