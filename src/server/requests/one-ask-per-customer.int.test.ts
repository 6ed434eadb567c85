/**
 * One ask per customer within the store's window (decision 024): a customer who orders several times
 * within the window is asked once, about the latest order; a customer already asked about a recent
 * order is not asked again; orders further apart are each asked; 0 turns the rule off; the history
 * import follows the same rule.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { generateForOrder, generateForStore } from './generate';
import { world, type OrderRow, type StoreRow } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

const DAY = 86_400_000;
const NOW = Date.now();
const daysAgo = (n: number) => new Date(NOW - n * DAY);
type Order = OrderRow;

async function paidFlowStore(ctx: TestContext, windowDays?: number): Promise<StoreRow> {
  const shop = await world(ctx).merchant().store();
  await shop.flow({ triggerEvent: 'order_paid', delayDays: 7 });
  if (windowDays !== undefined) await shop.emailConfig({ customerAskWindowDays: windowDays });
  return shop.store;
}

/** An order of `email` placed (and paid) `ago` days ago, its flows run as the intake runs them. */
async function orderOf(ctx: TestContext, store: StoreRow, email: string, ago: number): Promise<Order> {
  const order = await world(ctx)
    .at(store)
    .order({ customerEmail: email, orderCreatedAt: daysAgo(ago), paidAt: daysAgo(ago) });
  await ctx.db.transaction((tx) => generateForOrder(tx, { id: order.id, shopId: store.id }));
  return order;
}

async function askOf(ctx: TestContext, order: Order) {
  const [row] = await ctx.db
    .select({ id: s.shopifyReviewRequests.id, status: s.shopifyReviewRequests.status, reason: s.shopifyReviewRequests.withdrawnReason })
    .from(s.shopifyReviewRequests)
    .where(and(eq(s.shopifyReviewRequests.orderId, order.id), isNull(s.shopifyReviewRequests.reminderOf)));
  return row ? { status: row.status, reason: row.reason } : null;
}

describe('one ask per customer within the window', () => {
  it('asks a customer with several orders in the window once, about the latest', async ({ ctx }) => {
    const store = await paidFlowStore(ctx);
    const first = await orderOf(ctx, store, 'lea@exemple.test', 20);
    const second = await orderOf(ctx, store, 'Lea@Exemple.test', 10);
    const latest = await orderOf(ctx, store, 'lea@exemple.test', 1);
    expect(await askOf(ctx, first)).toEqual({ status: 'cancelled', reason: 'newer_order' });
    expect(await askOf(ctx, second)).toEqual({ status: 'cancelled', reason: 'newer_order' });
    expect(await askOf(ctx, latest)).toEqual({ status: 'scheduled', reason: null });
  });

  it('does not ask again a customer already asked about a recent order', async ({ ctx }) => {
    const store = await paidFlowStore(ctx);
    const earlier = await orderOf(ctx, store, 'paul@exemple.test', 12);
    await ctx.db
      .update(s.shopifyReviewRequests)
      .set({ status: 'sent', sentAt: daysAgo(5) })
      .where(eq(s.shopifyReviewRequests.orderId, earlier.id));
    const later = await orderOf(ctx, store, 'paul@exemple.test', 2);
    expect(await askOf(ctx, earlier)).toEqual({ status: 'sent', reason: null });
    expect(await askOf(ctx, later)).toEqual({ status: 'cancelled', reason: 'customer_asked' });
  });

  it('asks about orders further apart than the window, and other customers, each once', async ({ ctx }) => {
    const store = await paidFlowStore(ctx, 30);
    const old = await orderOf(ctx, store, 'ines@exemple.test', 45);
    await ctx.db
      .update(s.shopifyReviewRequests)
      .set({ status: 'sent', sentAt: daysAgo(38) })
      .where(eq(s.shopifyReviewRequests.orderId, old.id));
    const recent = await orderOf(ctx, store, 'ines@exemple.test', 3);
    const other = await orderOf(ctx, store, 'marc@exemple.test', 2);
    expect(await askOf(ctx, recent)).toEqual({ status: 'scheduled', reason: null });
    expect(await askOf(ctx, other)).toEqual({ status: 'scheduled', reason: null });
  });

  it('with a window of 0, asks about every order', async ({ ctx }) => {
    const store = await paidFlowStore(ctx, 0);
    const a = await orderOf(ctx, store, 'zoe@exemple.test', 10);
    const b = await orderOf(ctx, store, 'zoe@exemple.test', 1);
    expect(await askOf(ctx, a)).toEqual({ status: 'scheduled', reason: null });
    expect(await askOf(ctx, b)).toEqual({ status: 'scheduled', reason: null });
  });

  it('applies to the store-wide generation: the latest order of each customer is the one asked', async ({ ctx, world }) => {
    const store = await paidFlowStore(ctx, 14);
    const orders = [
      await world.at(store).order({ customerEmail: 'eve@exemple.test', orderCreatedAt: daysAgo(9), paidAt: daysAgo(9) }),
      await world.at(store).order({ customerEmail: 'eve@exemple.test', orderCreatedAt: daysAgo(4), paidAt: daysAgo(4) }),
      await world.at(store).order({ customerEmail: 'eve@exemple.test', orderCreatedAt: daysAgo(40), paidAt: daysAgo(40) }),
    ];
    expect(await generateForStore(ctx.db, store.id)).toBe(2);
    expect(await askOf(ctx, orders[0]!)).toEqual({ status: 'cancelled', reason: 'newer_order' });
    expect(await askOf(ctx, orders[1]!)).toEqual({ status: 'scheduled', reason: null });
    // 40 days ago is outside the 14-day window of the others: asked on its own.
    expect(await askOf(ctx, orders[2]!)).toEqual({ status: 'scheduled', reason: null });
  });
});
