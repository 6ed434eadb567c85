/**
 * One order, one ask (decision 024): whatever the number of flows that match, a customer is asked
 * about an order once, by the flow that asks at the best moment (delivered, then fulfilled, then
 * paid); the others' requests are withdrawn with their reason; an order already asked is not asked
 * again; a review withdraws every other request about the order still to go.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { generateForOrder } from './generate';
import { withdrawOtherAsksOfOrder } from './reminders';
import { world, type OrderRow, type StoreRow } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

const DAY = 86_400_000;
type Order = OrderRow;

/** The order's first requests: flow trigger, status and reason. */
async function asks(ctx: TestContext, order: Order) {
  const rows = await ctx.db
    .select({ trigger: s.flowConfigurations.triggerEvent, status: s.shopifyReviewRequests.status, reason: s.shopifyReviewRequests.withdrawnReason })
    .from(s.shopifyReviewRequests)
    .leftJoin(s.flowConfigurations, eq(s.flowConfigurations.id, s.shopifyReviewRequests.flowId))
    .where(and(eq(s.shopifyReviewRequests.orderId, order.id), isNull(s.shopifyReviewRequests.reminderOf)));
  return rows.sort((a, b) => String(a.trigger).localeCompare(String(b.trigger)));
}

/** The order's event as the intake records it, then the flows run. */
async function happens(ctx: TestContext, store: StoreRow, order: Order, what: Partial<typeof s.shopifyOrders.$inferInsert>) {
  if (Object.keys(what).length > 0) await ctx.db.update(s.shopifyOrders).set(what).where(eq(s.shopifyOrders.id, order.id));
  return ctx.db.transaction((tx) => generateForOrder(tx, { id: order.id, shopId: store.id }));
}

async function threeFlows(ctx: TestContext, store: StoreRow) {
  await world(ctx).at(store).flow({ triggerEvent: 'order_paid', delayDays: 1 });
  await world(ctx).at(store).flow({ triggerEvent: 'order_fulfilled', delayDays: 3 });
  await world(ctx).at(store).flow({ triggerEvent: 'order_delivered', delayDays: 2 });
}

describe('one order, one ask', () => {
  it('keeps the flow that asks at the best moment and withdraws the others, saying why', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await threeFlows(ctx, store);
    const order = await world.at(store).order({ paidAt: null });
    expect(await happens(ctx, store, order, { paidAt: new Date() })).toBe(1);
    expect(await asks(ctx, order)).toEqual([{ trigger: 'order_paid', status: 'scheduled', reason: null }]);

    expect(await happens(ctx, store, order, { fulfilledAt: new Date() })).toBe(1);
    expect(await asks(ctx, order)).toEqual([
      { trigger: 'order_fulfilled', status: 'scheduled', reason: null },
      { trigger: 'order_paid', status: 'cancelled', reason: 'better_moment' },
    ]);

    expect(await happens(ctx, store, order, { deliveredAt: new Date() })).toBe(1);
    expect(await asks(ctx, order)).toEqual([
      { trigger: 'order_delivered', status: 'scheduled', reason: null },
      { trigger: 'order_fulfilled', status: 'cancelled', reason: 'better_moment' },
      { trigger: 'order_paid', status: 'cancelled', reason: 'better_moment' },
    ]);
    // Replays change nothing: the withdrawn ones are not made again.
    expect(await happens(ctx, store, order, { fulfilledAt: new Date() })).toBe(0);
    expect((await asks(ctx, order)).filter((a) => a.status === 'scheduled')).toHaveLength(1);
  });

  it('keeps the first of two flows on the same moment', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await world.at(store).flow({ triggerEvent: 'order_fulfilled', delayDays: 3 });
    await world.at(store).flow({ triggerEvent: 'order_fulfilled', delayDays: 7 });
    const order = await world.at(store).order({ fulfilledAt: new Date() });
    expect(await happens(ctx, store, order, {})).toBe(1);
    const rows = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.orderId, order.id));
    expect(rows.map((r) => [r.status, r.withdrawnReason]).sort()).toEqual([
      ['cancelled', 'better_moment'],
      ['scheduled', null],
    ]);
  });

  it('never asks again about an order already asked, whatever flow comes later', async ({ ctx, world }) => {
    const store = (await world.merchant().store()).store;
    await threeFlows(ctx, store);
    const order = await world.at(store).order({ paidAt: new Date() });
    await happens(ctx, store, order, {});
    await ctx.db.update(s.shopifyReviewRequests).set({ status: 'sent', sentAt: new Date() }).where(eq(s.shopifyReviewRequests.orderId, order.id));
    expect(await happens(ctx, store, order, { fulfilledAt: new Date() })).toBe(0);
    expect(await happens(ctx, store, order, { deliveredAt: new Date(Date.now() + DAY) })).toBe(0);
    expect(await asks(ctx, order)).toEqual([{ trigger: 'order_paid', status: 'sent', reason: null }]);
  });

  it('a review withdraws every other request about the order still to go (such as one made before this rule)', async ({ ctx, world }) => {
    const shop = await world.merchant().store();
    const paid = await shop.flow({ triggerEvent: 'order_paid' });
    const delivered = await shop.flow({ triggerEvent: 'order_delivered' });
    const order = await shop.order();
    // One request per flow about the order, as two flows would have made them (the second from before the rule).
    const base = { order: null, orderId: order.id, customerEmail: order.customerEmail, scheduledAt: new Date(), source: 'flow' as const };
    const reviewed = await shop.request({ ...base, flowId: paid.id, status: 'completed' });
    await shop.request({ ...base, flowId: delivered.id, status: 'scheduled' });
    await ctx.db.transaction((tx) => withdrawOtherAsksOfOrder(tx, reviewed.id));
    expect(await asks(ctx, order)).toEqual([
      { trigger: 'order_delivered', status: 'cancelled', reason: 'reviewed' },
      { trigger: 'order_paid', status: 'completed', reason: null },
    ]);
  });
});
