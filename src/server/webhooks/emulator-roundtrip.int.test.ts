import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { connectDemoShop } from '../demo/connect-demo-shop';
import { DEMO_ACCOUNT, seedDemo } from '../demo/seed-demo';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { registerWebhooks } from '../shopify/webhook-subscriptions';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

let storeId: string;

it.beforeAll(async ({ ctx, app }) => {
  ctx.deliverWebhooksTo(app);
  storeId = (await seedDemo(ctx.db)).storeId;
  await connectDemoShop(ctx);
  await registerWebhooks(ctx, storeId);
});

const runJobs = (ctx: TestContext) => createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();

describe('Shopify to the app, over the real protocol', () => {
  it('an order paid then fulfilled on Shopify arrives by signed webhooks and is stored', async ({ ctx }) => {
    const order = await ctx.emulator!.state.createOrder(DEMO_ACCOUNT.shopDomain, {
      total: '64.00',
      financialStatus: 'paid',
      customer: { email: 'Nouvelle.Cliente@exemple.test', firstName: 'Nina', lastName: 'Roux' },
    });
    await ctx.emulator!.state.fulfil(order.id);
    await ctx.emulator!.state.whenIdle();
    const deliveries = await ctx.emulator!.state.listDeliveries({ shop: DEMO_ACCOUNT.shopDomain });
    expect(deliveries.filter((d) => d.topic === 'orders/paid' || d.topic === 'orders/fulfilled').every((d) => d.delivered)).toBe(true);

    await runJobs(ctx);
    const [row] = await ctx.db
      .select()
      .from(s.shopifyOrders)
      .where(eq(s.shopifyOrders.shopifyOrderId, String(order.id)));
    expect(row).toMatchObject({ shopId: storeId, totalPrice: '64.00', currency: 'EUR', customerEmail: 'nouvelle.cliente@exemple.test', customerName: 'Nina Roux' });
    expect(row!.paidAt).toBeInstanceOf(Date);
    expect(row!.fulfilledAt).toBeInstanceOf(Date);
    const events = await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopId, storeId));
    expect(events.every((e) => e.processed && e.error === null && e.payload === null)).toBe(true);
  });

  it('uninstalling on Shopify deactivates the store', async ({ ctx }) => {
    await ctx.emulator!.state.uninstall(DEMO_ACCOUNT.shopDomain);
    await ctx.emulator!.state.whenIdle();
    await runJobs(ctx);
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
    expect(store!.isActive).toBe(false);
  });
});
