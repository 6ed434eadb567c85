import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { planWindow, recordShopPlan, reserveSends } from '../plans/quota';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const recorded = async (ctx: TestContext, shopDomain: string) => (await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, shopDomain)))[0]!;
const STARTER = { code: 'starter', quota: 300 };

/** A store whose shop has no plan recorded yet (its first subscription is about to be recorded). */
async function freshStore(ctx: TestContext) {
  const store = (await world(ctx).merchant().store()).store;
  await ctx.db.delete(s.shopPlans).where(eq(s.shopPlans.shopDomain, store.shopDomain));
  return store;
}

describe('the billing window', () => {
  it('is not reset by syncing the same subscription again: the quota used stays used', async ({ ctx }) => {
    const store = await freshStore(ctx);
    const periodEnd = at('2026-12-10T00:00:00Z');
    await recordShopPlan(ctx.db, store.shopDomain, STARTER, periodEnd, at('2026-11-20T08:00:00Z'));
    const granted = await ctx.db.transaction((tx) => reserveSends(tx, store, 300, at('2026-11-20T09:00:00Z')));
    expect(granted.granted).toBe(300);
    // The billing callback, a webhook's re-read or the daily one, later the same period: same window.
    await recordShopPlan(ctx.db, store.shopDomain, STARTER, periodEnd, at('2026-11-21T10:00:00Z'));
    await recordShopPlan(ctx.db, store.shopDomain, STARTER, null, at('2026-11-21T11:00:00Z'));
    expect(await recorded(ctx, store.shopDomain)).toMatchObject({ periodStart: new Date(periodEnd.getTime() - 30 * DAY), periodEnd });
    const again = await ctx.db.transaction((tx) => reserveSends(tx, store, 10, at('2026-11-21T12:00:00Z')));
    expect(again).toMatchObject({ granted: 0, state: { quota: 300, used: 300 } });
  });

  it("starts a shop's first period from Shopify's, and keeps it across plan changes: usage belongs to the period", async ({ ctx }) => {
    const store = await freshStore(ctx);
    const now = at('2026-11-21T10:00:00Z');
    const shopifyEnd = at('2026-12-15T00:00:00Z');
    await recordShopPlan(ctx.db, store.shopDomain, { code: 'growth', quota: 1000 }, shopifyEnd, now);
    expect(await recorded(ctx, store.shopDomain)).toMatchObject({
      plan: 'growth',
      emailsQuota: 1000,
      periodStart: new Date(shopifyEnd.getTime() - 30 * DAY),
      periodEnd: shopifyEnd,
    });
    expect((await ctx.db.transaction((tx) => reserveSends(tx, store, 250, now))).granted).toBe(250);
    // A downgrade approved later: Shopify starts a new cycle, the usage period does not.
    await recordShopPlan(ctx.db, store.shopDomain, STARTER, at('2026-12-22T10:00:00Z'), at('2026-11-22T10:00:00Z'));
    expect(await recorded(ctx, store.shopDomain)).toMatchObject({ plan: 'starter', emailsQuota: 300, periodEnd: shopifyEnd });
    expect(await ctx.db.transaction((tx) => reserveSends(tx, store, 100, at('2026-11-22T11:00:00Z')))).toMatchObject({ granted: 50, state: { used: 300 } });
    // Without a known period, a first plan starts now.
    const other = await freshStore(ctx);
    await recordShopPlan(ctx.db, other.shopDomain, STARTER, null, now);
    expect(await recorded(ctx, other.shopDomain)).toMatchObject({ periodStart: now, periodEnd: new Date(now.getTime() + 30 * DAY) });
  });

  it('gives an unknown plan the smallest limited quota, never unlimited', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await recordShopPlan(ctx.db, store.shopDomain, null, null, at('2026-11-21T10:00:00Z'));
    const row = await recorded(ctx, store.shopDomain);
    expect(row.emailsQuota).not.toBeNull();
    expect(row.emailsQuota).toBeGreaterThan(0);
  });

  it('rolls forward from the end of the recorded period, in 30-day steps', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    // A period shorter than 30 days (synced mid-period): the next window starts at its real end.
    await ctx.db
      .update(s.shopPlans)
      .set({ periodStart: at('2026-01-01T00:00:00Z'), periodEnd: at('2026-01-11T00:00:00Z') })
      .where(eq(s.shopPlans.shopDomain, store.shopDomain));
    expect((await planWindow(ctx.db, store.shopDomain, at('2026-01-10T23:00:00Z'))).periodStart).toEqual(at('2026-01-01T00:00:00Z'));
    expect((await planWindow(ctx.db, store.shopDomain, at('2026-01-15T00:00:00Z'))).periodStart).toEqual(at('2026-01-11T00:00:00Z'));
    expect((await planWindow(ctx.db, store.shopDomain, at('2026-02-12T00:00:00Z'))).periodStart).toEqual(at('2026-02-10T00:00:00Z'));
  });
});
