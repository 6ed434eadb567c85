import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema';
import { createTestContext, type TestContext } from '../../../tests/support/test-context';
import { makeStore } from '../../../tests/support/factories';
import { planWindow, recordShopPlan, reserveSends } from '../plans/quota';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.destroy());

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const recorded = async (shopDomain: string) => (await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, shopDomain)))[0]!;
const STARTER = { code: 'starter', quota: 300 };

describe('the billing window', () => {
  it('is not reset by syncing the same subscription again: the quota used stays used', async () => {
    const store = await makeStore(ctx.db);
    const periodEnd = at('2026-12-10T00:00:00Z');
    await recordShopPlan(ctx.db, store.shopDomain, STARTER, periodEnd, at('2026-11-20T08:00:00Z'));
    const granted = await ctx.db.transaction((tx) => reserveSends(tx, store, 300, at('2026-11-20T09:00:00Z')));
    expect(granted.granted).toBe(300);
    // The billing callback or an app_subscriptions/update, later the same period: same window.
    await recordShopPlan(ctx.db, store.shopDomain, STARTER, periodEnd, at('2026-11-21T10:00:00Z'));
    await recordShopPlan(ctx.db, store.shopDomain, STARTER, null, at('2026-11-21T11:00:00Z'));
    expect(await recorded(store.shopDomain)).toMatchObject({ periodStart: new Date(periodEnd.getTime() - 30 * DAY), periodEnd });
    const again = await ctx.db.transaction((tx) => reserveSends(tx, store, 10, at('2026-11-21T12:00:00Z')));
    expect(again).toMatchObject({ granted: 0, state: { quota: 300, used: 300 } });
  });

  it('starts a new window when the plan changes, and follows Shopify’s period when it is known', async () => {
    const store = await makeStore(ctx.db);
    const now = at('2026-11-21T10:00:00Z');
    await recordShopPlan(ctx.db, store.shopDomain, { code: 'growth', quota: 1000 }, null, now);
    expect(await recorded(store.shopDomain)).toMatchObject({ plan: 'growth', emailsQuota: 1000, periodStart: now, periodEnd: new Date(now.getTime() + 30 * DAY) });
    const shopifyEnd = at('2026-12-15T00:00:00Z');
    await recordShopPlan(ctx.db, store.shopDomain, { code: 'growth', quota: 1000 }, shopifyEnd, now);
    expect(await recorded(store.shopDomain)).toMatchObject({ periodStart: new Date(shopifyEnd.getTime() - 30 * DAY), periodEnd: shopifyEnd });
  });

  it('gives an unknown plan the smallest limited quota, never unlimited', async () => {
    const store = await makeStore(ctx.db);
    await recordShopPlan(ctx.db, store.shopDomain, null, null, at('2026-11-21T10:00:00Z'));
    const row = await recorded(store.shopDomain);
    expect(row.emailsQuota).not.toBeNull();
    expect(row.emailsQuota).toBeGreaterThan(0);
  });

  it('rolls forward from the end of the recorded period, in 30-day steps', async () => {
    const store = await makeStore(ctx.db);
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
