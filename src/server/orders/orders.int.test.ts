// The orders module's two sources, over the real protocol: the local Shopify's signed webhook body
// (REST Order) and its Admin GraphQL Order, for the same order, give the same domain order, and the
// intake stores either the same way.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { integrationTest } from '#tests/support/integration';
import type { TestContext } from '#tests/support/test-context';
import { connectDemoShop } from '../demo/connect-demo-shop';
import { DEMO_ACCOUNT, seedDemo } from '../demo/seed-demo';
import { registerWebhooks } from '../shopify/webhook-subscriptions';
import { storeAccessToken } from '../shopify/store-tokens';
import { dateFilter, readOrderPages } from './admin-api';
import { recordOrder } from './intake';
import { parseWebhookOrder, type ShopifyOrder } from './order';

const it = integrationTest();

let storeId: string;
const start = new Date(Date.now() - 60_000);
/** The latest body delivered per Shopify order id, as the app would receive it. */
const delivered = new Map<string, unknown>();

it.beforeAll(async ({ ctx }) => {
  storeId = (await seedDemo(ctx.db)).storeId;
  await connectDemoShop(ctx);
  await registerWebhooks(ctx, storeId);
  ctx.deliverWebhooksTo({
    fetch: async (request) => {
      if (request.headers.get('x-shopify-topic')?.startsWith('orders/')) {
        const body = (await request.json()) as { id: number };
        delivered.set(String(body.id), body);
      }
      return new Response('{}', { status: 200 });
    },
  });
});

async function readFromAdminApi(ctx: TestContext): Promise<Map<string, ShopifyOrder>> {
  const { shop, accessToken } = await storeAccessToken(ctx, storeId);
  const orders = new Map<string, ShopifyOrder>();
  await readOrderPages(ctx, shop, accessToken, dateFilter('updated_at', start), async (page) => {
    for (const order of page) orders.set(order.shopifyOrderId, order);
  });
  return orders;
}

describe('one order, two sources', () => {
  it('maps the webhook body and the GraphQL order of the same order to the same domain order', async ({ ctx }) => {
    const state = ctx.emulator!.state;
    const paid = await state.createOrder(DEMO_ACCOUNT.shopDomain, {
      total: '64.90',
      financialStatus: 'paid',
      customer: { email: 'Nina.Roux@Exemple.test', firstName: 'Nina', lastName: 'Roux' },
    });
    await state.fulfil(paid.id);
    const refunded = await state.createOrder(DEMO_ACCOUNT.shopDomain, {
      total: 30,
      financialStatus: 'paid',
      customer: { email: 'remb@exemple.test', firstName: 'Rémi', lastName: 'Bon' },
    });
    await state.refund(refunded.id, { amount: 10 });
    const cancelled = await state.createOrder(DEMO_ACCOUNT.shopDomain, { total: 12, financialStatus: 'paid', customer: { email: 'annule@exemple.test' } as never });
    await state.cancel(cancelled.id, { refund: true });
    await state.whenIdle();

    const fromApi = await readFromAdminApi(ctx);
    for (const order of [paid, refunded, cancelled]) {
      const id = String(order.id);
      expect(delivered.has(id)).toBe(true);
      expect(parseWebhookOrder(delivered.get(id))).toEqual(fromApi.get(id));
    }
    expect(fromApi.get(String(paid.id))).toMatchObject({ email: 'nina.roux@exemple.test', customerName: 'Nina Roux', totalPrice: 64.9, financialStatus: 'paid', fulfilled: true });
    expect(fromApi.get(String(refunded.id))).toMatchObject({ financialStatus: 'partially_refunded', fulfilled: false });
    expect(fromApi.get(String(cancelled.id))!.cancelledAt).toBeInstanceOf(Date);
  });

  it('stores an order the same way whichever source it came from', async ({ ctx }) => {
    const order = await ctx.emulator!.state.createOrder(DEMO_ACCOUNT.shopDomain, {
      total: '18.00',
      financialStatus: 'paid',
      customer: { email: 'deux@exemple.test', firstName: 'Deux', lastName: 'Sources' },
    });
    await ctx.emulator!.state.whenIdle();
    const id = String(order.id);
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
    const at = new Date('2026-11-20T10:00:00Z');
    const stored = async (source: ShopifyOrder) => {
      await ctx.db.delete(s.shopifyOrders).where(eq(s.shopifyOrders.shopifyOrderId, id));
      const row = await ctx.db.transaction((tx) => recordOrder(tx, store!, source, 'updated', at, { generate: false }));
      const { id: _rowId, createdAt: _created, ...rest } = row!;
      return rest;
    };
    const fromWebhook = await stored(parseWebhookOrder(delivered.get(id)));
    const fromApi = await stored((await readFromAdminApi(ctx)).get(id)!);
    expect(fromApi).toEqual(fromWebhook);
    expect(fromWebhook).toMatchObject({ shopifyOrderId: id, totalPrice: '18.00', customerEmail: 'deux@exemple.test', customerName: 'Deux Sources', paidAt: expect.any(Date) });
  });
});
