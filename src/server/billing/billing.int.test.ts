/**
 * Billing truth (decision 021), played on the local Shopify as a merchant and Shopify would: webhooks
 * are notifications, the app re-reads Shopify and applies what it says, whatever order they arrive in;
 * usage belongs to the period; a disconnect says what it does on Shopify and does it; a refused plan
 * change is told once; a lost webhook heals by the daily re-read.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { CurrentPlan } from '#core/api/plans';
import * as s from '#db/schema';
import { merchantOnEmulator, reinstallOnEmulator } from '#tests/support/emulator-merchant';
import type { TestContext } from '#tests/support/test-context';
import type { Browserish } from '#tests/support/http';
import { createApp } from '../app';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { MONTH_METRIC } from '../plans/quota';
import { findPlan, startSubscription } from '../shopify/billing';
import { storeRecord } from '../shopify/install-service';
import { storeAccessToken } from '../shopify/store-tokens';
import { registerWebhooks } from '../shopify/webhook-subscriptions';
import { resyncStaleStores, syncBilling } from './sync';
import { integrationTest } from '#tests/support/integration';

// Each test browser comes from its own address: the per-address sign-up limit stays out of the way.
const it = integrationTest({ TRUST_PROXY: 'true' });

type App = ReturnType<typeof createApp>;

it.beforeAll(({ ctx, app }) => {
  ctx.deliverWebhooksTo(app);
});

const emulator = (ctx: TestContext) => ctx.emulator!.state;
const runJobs = async (ctx: TestContext) => {
  await emulator(ctx).whenIdle();
  await createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
};
const storeRow = async (ctx: TestContext, id: string) => (await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, id)))[0]!;
const planRow = async (ctx: TestContext, shop: string) => (await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, shop)))[0];
const current = async (browser: Browserish) => (await browser.json<CurrentPlan>('/functions/v1/plans-current')).body;

/** A merchant on the local Shopify with the app's webhooks registered, as an install leaves it. */
async function installed(app: App, ctx: TestContext, prefix: string) {
  const merchant = await merchantOnEmulator(app, ctx, prefix);
  await registerWebhooks(ctx, merchant.store.id);
  return merchant;
}

/** A charge for `code` created as plans-change creates it: its id on the local Shopify. */
async function charge(ctx: TestContext, storeId: string, code: string): Promise<number> {
  const [plan] = await ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, code));
  const url = await startSubscription(ctx, ctx.shopify, await storeRecord(ctx.db, storeId), (await findPlan(ctx.db, plan!.id))!);
  return Number(/\/charges\/(\d+)\/confirm$/.exec(url)![1]);
}

async function subscribe(ctx: TestContext, shop: string, storeId: string, code: string) {
  await emulator(ctx).approveAppSubscription(shop, await charge(ctx, storeId, code));
}

describe('webhooks are notifications: what Shopify says now is applied, whatever the order', () => {
  it('Enterprise then Starter approved at once, updates delivered in reverse: Starter, as Shopify bills', async ({ ctx, app }) => {
    const { store, shop, browser } = await installed(app, ctx, 'ordre');
    await emulator(ctx).holdDeliveries();
    await subscribe(ctx, shop, store.id, 'enterprise');
    await subscribe(ctx, shop, store.id, 'starter');
    const held = await emulator(ctx).heldDeliveries();
    // Enterprise ACTIVE, Enterprise CANCELLED, Starter ACTIVE: Shopify stamps them to the second.
    expect(held.map((d) => d.topic)).toEqual(['app_subscriptions/update', 'app_subscriptions/update', 'app_subscriptions/update']);
    await emulator(ctx).releaseDeliveries('reverse');
    await runJobs(ctx);
    expect(await storeRow(ctx, store.id)).toMatchObject({ subscriptionStatus: 'active', isActive: true });
    expect(await current(browser)).toMatchObject({ plan: 'starter', emails_quota: 300 });
  });

  it("the old plan's CANCELLED delivered after the new plan's ACTIVE, or before it, leaves the store paying and sending", async ({ ctx, app }) => {
    for (const order of ['fifo', 'reverse'] as const) {
      const { store, shop } = await installed(app, ctx, `remplace-${order}`);
      await subscribe(ctx, shop, store.id, 'starter');
      await runJobs(ctx);
      await emulator(ctx).holdDeliveries();
      await subscribe(ctx, shop, store.id, 'pro');
      await emulator(ctx).releaseDeliveries(order);
      await runJobs(ctx);
      expect(await storeRow(ctx, store.id), order).toMatchObject({ subscriptionStatus: 'active' });
      expect(await planRow(ctx, shop), order).toMatchObject({ plan: 'pro', emailsQuota: 3000 });
    }
  });

  it('a duplicated delivery and a replay change nothing more', async ({ ctx, app }) => {
    const { store, shop } = await installed(app, ctx, 'doublon');
    await emulator(ctx).holdDeliveries();
    await subscribe(ctx, shop, store.id, 'pro');
    const [update] = await emulator(ctx).heldDeliveries();
    await emulator(ctx).releaseDeliveries([update!.id, update!.id, update!.id]);
    await runJobs(ctx);
    expect(await planRow(ctx, shop)).toMatchObject({ plan: 'pro' });
    expect(await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopId, store.id))).toHaveLength(1);
  });
});

describe('uninstall and reinstall', () => {
  it('stops the store at once on uninstall, with its plan ended; a reinstall starts from Shopify (cancelled: the plan choice)', async ({ ctx, app, world }) => {
    const { store, shop, userId } = await installed(app, ctx, 'desinstalle');
    await subscribe(ctx, shop, store.id, 'starter');
    await runJobs(ctx);
    const request = await world.at(store).request();

    await emulator(ctx).uninstall(shop);
    await runJobs(ctx);
    expect(await storeRow(ctx, store.id)).toMatchObject({ isActive: false, subscriptionStatus: 'cancelled', awayReason: 'uninstalled', billingPeriodEnd: null });
    expect((await storeRow(ctx, store.id)).uninstalledAt).toBeInstanceOf(Date);
    const [withdrawn] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, request.id));
    expect(withdrawn).toMatchObject({ status: 'cancelled', withdrawnReason: 'app_uninstalled' });

    // Reinstalled: Shopify cancelled the subscription at the uninstall, so nothing is paid.
    await reinstallOnEmulator(ctx, userId, shop);
    expect(await storeRow(ctx, store.id)).toMatchObject({ isActive: true, subscriptionStatus: 'cancelled' });
    // And nothing goes out for it until a plan is approved.
    const later = await world.at(await storeRow(ctx, store.id)).request();
    const { sendBatch } = await import('../requests/sender');
    expect(await sendBatch(ctx, { workerId: 'reinstall', manual: { storeId: store.id, requestIds: [later.id] } })).toMatchObject({ processed: 0 });
  });

  it('a late app/uninstalled, delivered after the reinstall, changes nothing', async ({ ctx, app }) => {
    const { store, shop, userId } = await installed(app, ctx, 'tardif');
    await subscribe(ctx, shop, store.id, 'pro');
    await runJobs(ctx);
    await emulator(ctx).holdDeliveries();
    await emulator(ctx).uninstall(shop);
    await reinstallOnEmulator(ctx, userId, shop);
    await subscribe(ctx, shop, store.id, 'pro');
    await emulator(ctx).releaseDeliveries('fifo');
    await runJobs(ctx);
    expect(await storeRow(ctx, store.id)).toMatchObject({ isActive: true, subscriptionStatus: 'active' });
  });

  it('a merchant who disconnected here but kept paying on Shopify keeps the plan on reconnecting', async ({ ctx, app }) => {
    const { store, shop, userId, browser } = await installed(app, ctx, 'garde');
    await subscribe(ctx, shop, store.id, 'pro');
    await runJobs(ctx);
    expect((await browser.json('/api/stores/current/disconnect', { json: { shopify: 'keep' } })).status).toBe(200);
    await reinstallOnEmulator(ctx, userId, shop);
    expect(await storeRow(ctx, store.id)).toMatchObject({ isActive: true, subscriptionStatus: 'active' });
  });
});

describe('usage belongs to the billing period, not to the plan', () => {
  it('Starter 5/300 → Pro → Starter shows 5/300: toggling plans gives no fresh e-mails', async ({ ctx, app, world }) => {
    const { store, shop, browser } = await installed(app, ctx, 'bascule');
    await subscribe(ctx, shop, store.id, 'starter');
    await runJobs(ctx);
    // Ten days into the period when the plans change.
    const started = (await planRow(ctx, shop))!;
    await ctx.db
      .update(s.shopPlans)
      .set({ periodStart: new Date(started.periodStart.getTime() - 10 * 86_400_000), periodEnd: new Date(started.periodEnd.getTime() - 10 * 86_400_000) })
      .where(eq(s.shopPlans.shopDomain, shop));
    const period = (await planRow(ctx, shop))!;
    await world.at(store).usage(MONTH_METRIC, 5, period.periodStart);
    expect(await current(browser)).toMatchObject({ plan: 'starter', usage: { emails_sent: 5 }, remaining: 295 });

    await subscribe(ctx, shop, store.id, 'pro');
    await runJobs(ctx);
    expect(await current(browser)).toMatchObject({ plan: 'pro', usage: { emails_sent: 5 }, remaining: 2995, period_start: period.periodStart.toISOString() });
    // Shopify's billing cycle restarted with the new subscription; the usage period kept its anchor
    // (decision 045): both are told, each for what it is.
    const pro = (await emulator(ctx).listAppSubscriptions(shop)).find((x) => x.status === 'ACTIVE')!;
    expect(await current(browser)).toMatchObject({ period_end: period.periodEnd.toISOString(), billing_period_end: new Date(pro.currentPeriodEnd!).toISOString() });
    expect(new Date(pro.currentPeriodEnd!).getTime() - period.periodEnd.getTime()).toBeGreaterThanOrEqual(10 * 86_400_000 - 2000);
    await subscribe(ctx, shop, store.id, 'starter');
    await runJobs(ctx);
    expect(await current(browser)).toMatchObject({ plan: 'starter', usage: { emails_sent: 5 }, remaining: 295, period_start: period.periodStart.toISOString() });

    // Cancelled and subscribed again within the period: still the same period and usage.
    const { accessToken } = await storeAccessToken(ctx, store.id);
    const active = (await emulator(ctx).listAppSubscriptions(shop)).find((x) => x.status === 'ACTIVE')!;
    await ctx.shopify.graphql(shop, accessToken, `mutation { appSubscriptionCancel(id: "${active.gid}") { userErrors { message } } }`);
    await runJobs(ctx);
    expect((await storeRow(ctx, store.id)).subscriptionStatus).toBe('cancelled');
    await subscribe(ctx, shop, store.id, 'starter');
    await runJobs(ctx);
    expect(await current(browser)).toMatchObject({ plan: 'starter', subscription_status: 'active', usage: { emails_sent: 5 }, period_start: period.periodStart.toISOString() });
  });
});

describe('a refused plan change is told once', () => {
  it('declined on Shopify: the next opening of the app says so, once, and the plan stays', async ({ ctx, app }) => {
    const { store, shop, browser } = await installed(app, ctx, 'refus');
    await subscribe(ctx, shop, store.id, 'starter');
    await runJobs(ctx);
    await emulator(ctx).declineAppSubscription(shop, await charge(ctx, store.id, 'pro'));
    await runJobs(ctx);
    const opened = await browser.json('/functions/v1/shopify-sync-plan', { json: {} });
    expect(opened.body).toEqual({ success: true, plan: 'starter', subscription_status: 'active', notice: { kind: 'declined', requested_plan: 'Pro', kept_plan: 'Starter' } });
    expect((await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).body).toMatchObject({ notice: null });
  });

  it('a later successful change makes an unseen refusal no news', async ({ ctx, app }) => {
    const { store, shop, browser } = await installed(app, ctx, 'puis-accepte');
    await subscribe(ctx, shop, store.id, 'starter');
    await emulator(ctx).declineAppSubscription(shop, await charge(ctx, store.id, 'pro'));
    await syncBilling(ctx, store.id);
    await subscribe(ctx, shop, store.id, 'pro');
    expect((await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).body).toMatchObject({ plan: 'pro', notice: null });
  });
});

describe('a lost webhook heals', () => {
  it('a cancellation whose webhook was lost is found by the daily re-read', async ({ ctx, app }) => {
    const { store, shop } = await installed(app, ctx, 'perdu');
    await subscribe(ctx, shop, store.id, 'starter');
    await runJobs(ctx);
    await emulator(ctx).dropNextDeliveries(1);
    const { accessToken } = await storeAccessToken(ctx, store.id);
    const active = (await emulator(ctx).listAppSubscriptions(shop)).find((x) => x.status === 'ACTIVE')!;
    await ctx.shopify.graphql(shop, accessToken, `mutation { appSubscriptionCancel(id: "${active.gid}") { userErrors { message } } }`);
    await runJobs(ctx);
    expect((await storeRow(ctx, store.id)).subscriptionStatus).toBe('active');
    // Not yet a day: left alone. A day later: read again.
    await resyncStaleStores(ctx, 1000, new Date());
    expect((await storeRow(ctx, store.id)).subscriptionStatus).toBe('active');
    await resyncStaleStores(ctx, 1000, new Date(Date.now() + 25 * 3_600_000));
    expect((await storeRow(ctx, store.id)).subscriptionStatus).toBe('cancelled');
  });
});

describe('disconnect tells the truth and does what it says', () => {
  it("'remove' cancels the subscription and uninstalls the app on Shopify, and answers what it did", async ({ ctx, app }) => {
    const { store, shop, browser } = await installed(app, ctx, 'retire');
    await subscribe(ctx, shop, store.id, 'pro');
    await runJobs(ctx);
    const res = await browser.json('/api/stores/current/disconnect', { json: { shopify: 'remove' } });
    expect(res).toMatchObject({ status: 200, body: { ok: true, shopify: { choice: 'remove', subscription_cancelled: true, app_uninstalled: true, failure: null } } });
    expect((await emulator(ctx).listAppSubscriptions(shop)).map((x) => x.status)).toEqual(['CANCELLED']);
    expect((await emulator(ctx).getShop(shop))!.installed).toBe(false);
    await runJobs(ctx);
    expect(await storeRow(ctx, store.id)).toMatchObject({ isActive: false, subscriptionStatus: 'cancelled' });
  });

  it("without a working token, 'remove' still disconnects here and says the merchant must act in Shopify", async ({ ctx, app }) => {
    const { store, shop, browser } = await installed(app, ctx, 'sans-jeton');
    await subscribe(ctx, shop, store.id, 'pro');
    const { accessToken } = await storeAccessToken(ctx, store.id);
    await emulator(ctx).revokeToken(accessToken);
    const res = await browser.json('/api/stores/current/disconnect', { json: { shopify: 'remove' } });
    expect(res.body).toMatchObject({ shopify: { subscription_cancelled: false, app_uninstalled: false, failure: 'token_invalid' } });
    expect((await storeRow(ctx, store.id)).isActive).toBe(false);
    expect((await emulator(ctx).listAppSubscriptions(shop)).map((x) => x.status)).toEqual(['ACTIVE']);
  });

  it('refuses a disconnect that does not say what to do on Shopify, and writes nothing', async ({ ctx, app }) => {
    const { store, browser } = await installed(app, ctx, 'muet');
    expect(await browser.json('/api/stores/current/disconnect', { json: {} })).toMatchObject({ status: 400, body: { field: 'shopify' } });
    expect((await storeRow(ctx, store.id)).isActive).toBe(true);
  });
});

describe('the privacy export of an uninstalled shop', () => {
  it('stays downloadable by its link for 30 days, for its own account only', async ({ ctx, app }) => {
    const { store, shop, browser } = await installed(app, ctx, 'export');
    const customer = await emulator(ctx).createCustomer(shop, { email: 'client.export@exemple.test', firstName: 'Inès', lastName: 'Roy' });
    await emulator(ctx).raiseCompliance(shop, 'customers/data_request', { customerId: customer.id });
    await runJobs(ctx);
    const [saved] = await ctx.db.select().from(s.complianceExports).where(eq(s.complianceExports.shopId, store.id));
    await emulator(ctx).uninstall(shop);
    await runJobs(ctx);
    expect((await storeRow(ctx, store.id)).isActive).toBe(false);
    const link = `/api/compliance/exports/${saved!.id}`;
    expect(await browser.json(link)).toMatchObject({ status: 200, body: { customer: expect.objectContaining({ email: 'client.export@exemple.test' }) } });
    const stranger = await installed(app, ctx, 'intrus');
    expect((await stranger.browser.json(link)).status).toBe(404);
    await ctx.db
      .update(s.complianceExports)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(and(eq(s.complianceExports.id, saved!.id)));
    expect(await browser.json(link)).toMatchObject({ status: 410, body: { code: 'export_expired' } });
  });
});
