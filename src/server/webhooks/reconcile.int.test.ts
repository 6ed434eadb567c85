import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema';
import { createTestContext, type TestContext } from '../../../tests/support/test-context';
import { connectDemoShop } from '../demo/connect-demo-shop';
import { DEMO_ACCOUNT, seedDemo } from '../demo/seed-demo';
import { JOBS, periodicTasks } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { reconcileStore } from './reconcile';

let ctx: TestContext;
let storeId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  storeId = (await seedDemo(ctx.db)).storeId;
  await connectDemoShop(ctx);
  // The demo store was "installed" 75 days ago: read only what changed from now on.
  await ctx.db
    .update(s.shopifyStores)
    .set({ ordersReconciledAt: new Date(Date.now() - 60_000) })
    .where(eq(s.shopifyStores.id, storeId));
});
afterAll(() => ctx.destroy());

const shopOrders = () => ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, storeId));

describe('order reconciliation', () => {
  it('picks up orders whose webhooks never arrived, once, through the intake path', async () => {
    const before = (await shopOrders()).length;
    await ctx.emulator!.state.dropNextDeliveries(10);
    const created: { id: number }[] = [];
    for (let i = 0; i < 3; i++)
      created.push(
        await ctx.emulator!.state.createOrder(DEMO_ACCOUNT.shopDomain, {
          total: '42.50',
          financialStatus: 'paid',
          customer: { email: `perdu${i}@exemple.test`, firstName: 'Perdu', lastName: `N${i}` } as never,
        }),
      );
    await ctx.emulator!.state.fulfil(created[0]!.id);

    expect(await reconcileStore(ctx, storeId)).toBeGreaterThanOrEqual(3);
    const after = await shopOrders();
    expect(after.length).toBe(before + 3);
    const first = after.find((o) => o.shopifyOrderId === String(created[0]!.id))!;
    expect(first).toMatchObject({ totalPrice: '42.50', financialStatus: 'paid', customerEmail: 'perdu0@exemple.test' });
    expect(first.paidAt).toBeInstanceOf(Date);
    expect(first.fulfilledAt).toBeInstanceOf(Date);

    await reconcileStore(ctx, storeId);
    expect((await shopOrders()).length).toBe(before + 3);
  });

  it('backs off when Shopify answers THROTTLED, then completes', async () => {
    await ctx.emulator!.state.createOrder(DEMO_ACCOUNT.shopDomain, { total: 10, financialStatus: 'paid', customer: { email: 'lent@exemple.test' } as never });
    await ctx.emulator!.state.forceThrottle(2, DEMO_ACCOUNT.shopDomain);
    const seen = await reconcileStore(ctx, storeId, new Date(), 5);
    expect(seen).toBeGreaterThanOrEqual(1);
    expect((await shopOrders()).some((o) => o.customerEmail === 'lent@exemple.test')).toBe(true);
  });

  it('runs hourly for every active store from the worker', async () => {
    const ran = await createWorker(ctx, JOBS, periodicTasks(ctx.config), { pollIntervalMs: 10, concurrency: 2 }).drain();
    expect(ran).toBeGreaterThanOrEqual(2);
    const jobs = await ctx.db.select().from(s.jobs);
    expect(jobs.filter((j) => j.name === 'reconcile-store' && j.status === 'succeeded')).toHaveLength(1);
  });
});
