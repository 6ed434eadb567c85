/** Test fixtures: plans-current answers (the contract's shape: src/core/api/plans.ts). */
import type { CurrentPlan } from '#web/api/plans';

/** `used` of `quota` this period (quota null: unlimited), a Pro plan otherwise. */
export function currentPlanFixture(used: number, quota: number | null, overrides: Partial<CurrentPlan> = {}): CurrentPlan {
  return {
    plan: quota === null ? 'enterprise' : 'pro',
    plan_name: quota === null ? 'Entreprise' : 'Pro',
    emails_quota: quota,
    usage: { emails_sent: used },
    remaining: quota === null ? null : Math.max(0, quota - used),
    period_start: '2025-10-01T00:00:00.000Z',
    period_end: '2025-10-31T00:00:00.000Z',
    // Shopify's billing cycle: restarted by a plan change, so it differs from the usage period.
    billing_period_end: '2025-10-24T00:00:00.000Z',
    subscription_status: 'active',
    daily_limit: 1000,
    sent_today: 12,
    ...overrides,
  };
}

/**
 * A literal text (regex characters escaped) whose spaces match any space: French thousands
 * separators and the space before '%' or '$' are narrow or no-break spaces.
 */
export const spaced = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/[ \u202f\u00a0]/g, '[\\s\\u202f\\u00a0]'));
