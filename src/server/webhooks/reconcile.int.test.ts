import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { connectDemoShop } from '../demo/connect-demo-shop';
import { DEMO_ACCOUNT, seedDemo } from '../demo/seed-demo';
import { JOBS, periodicTasks } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { runDiagnostic } from '../diagnostic/diagnostic';
import { reconcileStore } from './reconcile';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

let storeId: string;

it.beforeAll(async ({ ctx }) => {
  storeId = (await seedDemo(ctx.db)).storeId;
  await connectDemoShop(ctx);
  // The demo store was "installed" months ago: read only what changed from now on.
  await ctx.db
    .update(s.shopifyStores)
    .set({ ordersReconciledAt: new Date(Date.now() - 60_000) })
    .where(eq(s.shopifyStores.id, storeId));
});

const shopOrders = (ctx: TestContext) => ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, storeId));

describe('order reconciliation', () => {
  it('picks up orders whose webhooks never arrived, once, through the intake path', async ({ ctx }) => {
    const before = (await shopOrders(ctx)).length;
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
    const after = await shopOrders(ctx);
    expect(after.length).toBe(before + 3);
    const first = after.find((o) => o.shopifyOrderId === String(created[0]!.id))!;
    // E-mail and name come from the order itself (Order.email, its billing address): read_orders is enough.
    expect(first).toMatchObject({ totalPrice: '42.50', financialStatus: 'paid', customerEmail: 'perdu0@exemple.test', customerName: 'Perdu N0' });
    expect(first.paidAt).toBeInstanceOf(Date);
    expect(first.fulfilledAt).toBeInstanceOf(Date);

    await reconcileStore(ctx, storeId);
    expect((await shopOrders(ctx)).length).toBe(before + 3);
  });

  it('backs off when Shopify answers THROTTLED, then completes', async ({ ctx }) => {
    await ctx.emulator!.state.createOrder(DEMO_ACCOUNT.shopDomain, { total: 10, financialStatus: 'paid', customer: { email: 'lent@exemple.test' } as never });
    await ctx.emulator!.state.forceThrottle(2, DEMO_ACCOUNT.shopDomain);
    const seen = await reconcileStore(ctx, storeId, new Date(), 5);
    expect(seen).toBeGreaterThanOrEqual(1);
    expect((await shopOrders(ctx)).some((o) => o.customerEmail === 'lent@exemple.test')).toBe(true);
  });

  it('treats protected fields Shopify withholds as missing data, not a failed pass; the diagnostic says so', async ({ ctx }) => {
    const approved = (await ctx.emulator!.state.getAppConfig()).protectedCustomerData;
    await ctx.emulator!.state.setAppConfig({ protectedCustomerData: { level: 1, fields: [] } });
    try {
      const order = await ctx.emulator!.state.createOrder(DEMO_ACCOUNT.shopDomain, {
        total: 12,
        financialStatus: 'paid',
        customer: { email: 'cache@exemple.test', firstName: 'Caché', lastName: 'Client' } as never,
      });
      expect(await reconcileStore(ctx, storeId)).toBeGreaterThanOrEqual(1);
      const recorded = (await shopOrders(ctx)).find((o) => o.shopifyOrderId === String(order.id));
      expect(recorded).toMatchObject({ totalPrice: '12.00', customerEmail: null, customerName: null });

      const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
      const diagnostic = await runDiagnostic(ctx, store!.userId);
      expect(diagnostic.checks!.customer_data).toEqual({ status: 'error', approved: false, withheld_fields: ['email', 'name'] });
    } finally {
      await ctx.emulator!.state.setAppConfig({ protectedCustomerData: approved });
    }
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
    expect((await runDiagnostic(ctx, store!.userId)).checks!.customer_data).toEqual({ status: 'success', approved: true, withheld_fields: [] });
  });

  it('runs hourly for every active store from the worker', async ({ ctx }) => {
    const ran = await createWorker(ctx, JOBS, periodicTasks(ctx.config), { pollIntervalMs: 10, concurrency: 2 }).drain();
    expect(ran).toBeGreaterThanOrEqual(2);
    const jobs = await ctx.db.select().from(s.jobs);
    expect(jobs.filter((j) => j.name === 'reconcile-store' && j.status === 'succeeded')).toHaveLength(1);
  });
});
