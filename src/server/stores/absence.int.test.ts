/**
 * A store away and back (decision 045): uninstalled from Shopify with a request scheduled, orders
 * paid meanwhile on Shopify, then reinstalled. The merchant is told what happened: the request
 * cancelled with its reason, and each order paid meanwhile asked or not, and why, once the orders
 * of that time were read from Shopify.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { StoreAbsence } from '#core/api/stores';
import * as s from '#db/schema';
import { merchantOnEmulator, reinstallOnEmulator, settle } from '#tests/support/emulator-merchant';
import { signedInMerchant } from '#tests/support/http';
import { integrationTest } from '#tests/support/integration';
import type { TestContext } from '#tests/support/test-context';
import { registerWebhooks } from '../shopify/webhook-subscriptions';
import { reconcileStore } from '../webhooks/reconcile';

const it = integrationTest({ TRUST_PROXY: 'true' });

it.beforeAll(({ ctx, app }) => {
  ctx.deliverWebhooksTo(app);
});

const emulator = (ctx: TestContext) => ctx.emulator!.state;
const runJobs = (ctx: TestContext) => settle(ctx);

describe('uninstalled, then reinstalled', () => {
  it('tells the merchant what happened meanwhile: requests cancelled with their reason, orders paid asked or not, and why', async ({ ctx, app, world }) => {
    const { browser, store, shop, userId } = await merchantOnEmulator(app, ctx, 'absente');
    await registerWebhooks(ctx, store.id);
    const scheduled = await world.at(store).request();
    // Its order was paid before the store left (the whole story runs within a second here).
    await ctx.db
      .update(s.shopifyOrders)
      .set({ paidAt: new Date(Date.now() - 3_600_000) })
      .where(eq(s.shopifyOrders.id, scheduled.orderId!));

    await emulator(ctx).uninstall(shop);
    await runJobs(ctx);
    const [request] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, scheduled.id));
    // The reason is data on the request, not a sentence.
    expect(request).toMatchObject({ status: 'cancelled', withdrawnReason: 'app_uninstalled' });
    const away = await browser.json<{ store: null; away: { reason: string; plan_name: string | null; billing_period_end: string | null } }>('/api/stores/current');
    expect(away.body).toMatchObject({ store: null, away: { reason: 'uninstalled', plan_name: null, billing_period_end: null } });

    // Meanwhile, on Shopify: one order shipped, one not yet, one without an address.
    const shipped = await emulator(ctx).createOrder(shop, { total: 40, financialStatus: 'paid', customer: { email: 'expedie@exemple.test', firstName: 'Inès' } as never });
    await emulator(ctx).fulfil(shipped.id);
    await emulator(ctx).createOrder(shop, { total: 25, financialStatus: 'paid', customer: { email: 'attente@exemple.test', firstName: 'Paul' } as never });
    await emulator(ctx).createOrder(shop, { total: 15, financialStatus: 'paid' });

    await reinstallOnEmulator(ctx, userId, shop);
    const before = await browser.json<{ absence: StoreAbsence }>('/api/stores/current/absence');
    expect(before.body.absence).toMatchObject({
      reason: 'uninstalled',
      cancelled: [{ reason: 'app_uninstalled', count: 1 }],
      due_meanwhile: 0,
      // Shopify's orders of that time are not read yet: the screen says so rather than « none ».
      orders: { read: false, paid: 0, outcomes: [] },
    });

    await reconcileStore(ctx, store.id, new Date(), 1);
    const after = await browser.json<{ absence: StoreAbsence }>('/api/stores/current/absence');
    expect(after.body.absence.orders).toEqual({
      read: true,
      paid: 3,
      outcomes: [
        { outcome: 'asked', count: 1 },
        // The default flow asks once an order ships.
        { outcome: 'waiting_for_trigger', count: 1 },
        { outcome: 'no_email', count: 1 },
      ],
    });

    // Another account cannot dismiss it; the merchant can, and is not told again.
    const stranger = await signedInMerchant(app);
    await world.account(stranger.userId).store({ plan: null });
    expect((await stranger.browser.json(`/api/stores/current/absence/${after.body.absence.id}/seen`, { json: {} })).status).toBe(404);
    expect((await browser.json(`/api/stores/current/absence/${after.body.absence.id}/seen`, { json: {} })).status).toBe(200);
    expect((await browser.json('/api/stores/current/absence')).body).toEqual({ absence: null });
  });

  it('keeps the reviews readable and exportable while disconnected, and says what a disconnection left waiting: requests due meanwhile go now that the store is back', async ({
    ctx,
    app,
    world,
  }) => {
    const { browser, store, shop, userId } = await merchantOnEmulator(app, ctx, 'deconnectee');
    const due = await world.at(store).request({ scheduledAt: new Date(Date.now() + 60_000) });
    await world.at(store).review({ rating: 2, customerName: 'Noé Martin', comment: 'Colis abîmé.' });
    expect((await browser.json('/api/stores/current/disconnect', { json: { shopify: 'keep' } })).status).toBe(200);
    // Disconnected, the reviews stay readable and exportable; what acts on the store does not.
    const list = await browser.json<{ items: { customer_name: string }[] }>('/api/reviews?filter=2');
    expect(list.body.items.map((r) => r.customer_name)).toEqual(['Noé Martin']);
    const csv = await browser.request('/api/reviews/export');
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Noé Martin');
    expect((await browser.json('/api/review-requests/share-link', { json: {} })).body).toMatchObject({ code: 'no_store' });
    await ctx.db
      .update(s.shopifyStores)
      .set({ uninstalledAt: new Date(Date.now() - 3_600_000) })
      .where(eq(s.shopifyStores.id, store.id));
    await ctx.db
      .update(s.shopifyReviewRequests)
      .set({ scheduledAt: new Date(Date.now() - 60_000) })
      .where(eq(s.shopifyReviewRequests.id, due.id));

    await reinstallOnEmulator(ctx, userId, shop);
    const { body } = await browser.json<{ absence: StoreAbsence }>('/api/stores/current/absence');
    expect(body.absence).toMatchObject({ reason: 'disconnected', cancelled: [], due_meanwhile: 1 });
  });

  it('a store disconnected here, then uninstalled from Shopify, is away as uninstalled and its scheduled requests are cancelled for that', async ({ ctx, app, world }) => {
    const { browser, store, shop } = await merchantOnEmulator(app, ctx, 'partie');
    await registerWebhooks(ctx, store.id);
    const scheduled = await world.at(store).request();
    await browser.json('/api/stores/current/disconnect', { json: { shopify: 'keep' } });
    expect((await browser.json<{ away: { reason: string } }>('/api/stores/current')).body.away.reason).toBe('disconnected');
    // Still scheduled: a reconnection sends it.
    expect((await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, scheduled.id)))[0]!.status).toBe('scheduled');

    await emulator(ctx).uninstall(shop);
    await runJobs(ctx);
    expect((await browser.json<{ away: { reason: string; subscription_status: string } }>('/api/stores/current')).body.away).toMatchObject({
      reason: 'uninstalled',
      subscription_status: 'cancelled',
    });
    expect((await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, scheduled.id)))[0]).toMatchObject({
      status: 'cancelled',
      withdrawnReason: 'app_uninstalled',
    });
  });
});
