/**
 * Billing truth (decision 021), played on the local Shopify as a merchant and Shopify would: webhooks
 * are notifications, the app re-reads Shopify and applies what it says, whatever order they arrive in;
 * usage belongs to the period; a disconnect says what it does on Shopify and does it; a refused plan
 * change is told once; a lost webhook heals by the daily re-read.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentPlan } from '#core/api/plans';
import * as s from '#db/schema';
import { merchantOnEmulator, reinstallOnEmulator } from '#tests/support/emulator-merchant';
import { createTestContext, type TestContext } from '#tests/support/test-context';
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
import { world } from '#tests/support/world';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  // Each test browser comes from its own address: the per-address sign-up limit stays out of the way.
  ctx = await createTestContext({ TRUST_PROXY: 'true' });
  app = createApp(ctx);
  ctx.deliverWebhooksTo(app);
});
afterAll(() => ctx.destroy());

const emulator = () => ctx.emulator!.state;
const runJobs = async () => {
  await emulator().whenIdle();
  await createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
};
const storeRow = async (id: string) => (await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, id)))[0]!;
const planRow = async (shop: string) => (await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, shop)))[0];
const current = async (browser: Browserish) => (await browser.json<CurrentPlan>('/functions/v1/plans-current')).body;

/** A merchant on the local Shopify with the app's webhooks registered, as an install leaves it. */
async function installed(prefix: string) {
  const merchant = await merchantOnEmulator(app, ctx, prefix);
  await registerWebhooks(ctx, merchant.store.id);
  return merchant;
}

/** A charge for `code` created as plans-change creates it: its id on the local Shopify. */
async function charge(storeId: string, code: string): Promise<number> {
  const [plan] = await ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, code));
  const url = await startSubscription(ctx, ctx.shopify, await storeRecord(ctx.db, storeId), (await findPlan(ctx.db, plan!.id))!);
  return Number(/\/charges\/(\d+)\/confirm$/.exec(url)![1]);
}

async function subscribe(shop: string, storeId: string, code: string) {
  await emulator().approveAppSubscription(shop, await charge(storeId, code));
}

describe('webhooks are notifications: what Shopify says now is applied, whatever the order', () => {
  it('Enterprise then Starter approved at once, updates delivered in reverse: Starter, as Shopify bills', async () => {
    const { store, shop, browser } = await installed('ordre');
    await emulator().holdDeliveries();
    await subscribe(shop, store.id, 'enterprise');
    await subscribe(shop, store.id, 'starter');
    const held = await emulator().heldDeliveries();
    // Enterprise ACTIVE, Enterprise CANCELLED, Starter ACTIVE: Shopify stamps them to the second.
    expect(held.map((d) => d.topic)).toEqual(['app_subscriptions/update', 'app_subscriptions/update', 'app_subscriptions/update']);
    await emulator().releaseDeliveries('reverse');
    await runJobs();
    expect(await storeRow(store.id)).toMatchObject({ subscriptionStatus: 'active', isActive: true });
    expect(await current(browser)).toMatchObject({ plan: 'starter', emails_quota: 300 });
  });

  it("the old plan's CANCELLED delivered after the new plan's ACTIVE, or before it, leaves the store paying and sending", async () => {
    for (const order of ['fifo', 'reverse'] as const) {
      const { store, shop } = await installed(`remplace-${order}`);
      await subscribe(shop, store.id, 'starter');
      await runJobs();
      await emulator().holdDeliveries();
      await subscribe(shop, store.id, 'pro');
      await emulator().releaseDeliveries(order);
      await runJobs();
      expect(await storeRow(store.id), order).toMatchObject({ subscriptionStatus: 'active' });
      expect(await planRow(shop), order).toMatchObject({ plan: 'pro', emailsQuota: 3000 });
    }
  });

  it('a duplicated delivery and a replay change nothing more', async () => {
    const { store, shop } = await installed('doublon');
    await emulator().holdDeliveries();
    await subscribe(shop, store.id, 'pro');
    const [update] = await emulator().heldDeliveries();
    await emulator().releaseDeliveries([update!.id, update!.id, update!.id]);
    await runJobs();
    expect(await planRow(shop)).toMatchObject({ plan: 'pro' });
    expect(await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopId, store.id))).toHaveLength(1);
  });
});

describe('uninstall and reinstall', () => {
  it('stops the store at once on uninstall, with its plan ended; a reinstall starts from Shopify (cancelled: the plan choice)', async () => {
    const { store, shop, userId } = await installed('desinstalle');
    await subscribe(shop, store.id, 'starter');
    await runJobs();
    const request = await world(ctx).at(store).request();

    await emulator().uninstall(shop);
    await runJobs();
    expect(await storeRow(store.id)).toMatchObject({ isActive: false, subscriptionStatus: 'cancelled', awayReason: 'uninstalled', billingPeriodEnd: null });
    expect((await storeRow(store.id)).uninstalledAt).toBeInstanceOf(Date);
    const [withdrawn] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, request.id));
    expect(withdrawn).toMatchObject({ status: 'cancelled', withdrawnReason: 'app_uninstalled' });

    // Reinstalled: Shopify cancelled the subscription at the uninstall, so nothing is paid.
    await reinstallOnEmulator(ctx, userId, shop);
    expect(await storeRow(store.id)).toMatchObject({ isActive: true, subscriptionStatus: 'cancelled' });
    // And nothing goes out for it until a plan is approved.
    const later = await world(ctx)
      .at(await storeRow(store.id))
      .request();
    const { sendBatch } = await import('../requests/sender');
    expect(await sendBatch(ctx, { workerId: 'reinstall', manual: { storeId: store.id, requestIds: [later.id] } })).toMatchObject({ processed: 0 });
  });

  it('a late app/uninstalled, delivered after the reinstall, changes nothing', async () => {
    const { store, shop, userId } = await installed('tardif');
    await subscribe(shop, store.id, 'pro');
    await runJobs();
    await emulator().holdDeliveries();
    await emulator().uninstall(shop);
    await reinstallOnEmulator(ctx, userId, shop);
    await subscribe(shop, store.id, 'pro');
    await emulator().releaseDeliveries('fifo');
    await runJobs();
    expect(await storeRow(store.id)).toMatchObject({ isActive: true, subscriptionStatus: 'active' });
  });

  it('a merchant who disconnected here but kept paying on Shopify keeps the plan on reconnecting', async () => {
    const { store, shop, userId, browser } = await installed('garde');
    await subscribe(shop, store.id, 'pro');
    await runJobs();
    expect((await browser.json('/api/stores/current/disconnect', { json: { shopify: 'keep' } })).status).toBe(200);
    await reinstallOnEmulator(ctx, userId, shop);
    expect(await storeRow(store.id)).toMatchObject({ isActive: true, subscriptionStatus: 'active' });
  });
});

describe('usage belongs to the billing period, not to the plan', () => {
  it('Starter 5/300 → Pro → Starter shows 5/300: toggling plans gives no fresh e-mails', async () => {
    const { store, shop, browser } = await installed('bascule');
    await subscribe(shop, store.id, 'starter');
    await runJobs();
    // Ten days into the period when the plans change.
    const started = (await planRow(shop))!;
    await ctx.db
      .update(s.shopPlans)
      .set({ periodStart: new Date(started.periodStart.getTime() - 10 * 86_400_000), periodEnd: new Date(started.periodEnd.getTime() - 10 * 86_400_000) })
      .where(eq(s.shopPlans.shopDomain, shop));
    const period = (await planRow(shop))!;
    await world(ctx).at(store).usage(MONTH_METRIC, 5, period.periodStart);
    expect(await current(browser)).toMatchObject({ plan: 'starter', usage: { emails_sent: 5 }, remaining: 295 });

    await subscribe(shop, store.id, 'pro');
    await runJobs();
    expect(await current(browser)).toMatchObject({ plan: 'pro', usage: { emails_sent: 5 }, remaining: 2995, period_start: period.periodStart.toISOString() });
    // Shopify's billing cycle restarted with the new subscription; the usage period kept its anchor
    // (decision 045): both are told, each for what it is.
    const pro = (await emulator().listAppSubscriptions(shop)).find((x) => x.status === 'ACTIVE')!;
    expect(await current(browser)).toMatchObject({ period_end: period.periodEnd.toISOString(), billing_period_end: new Date(pro.currentPeriodEnd!).toISOString() });
    expect(new Date(pro.currentPeriodEnd!).getTime() - period.periodEnd.getTime()).toBeGreaterThanOrEqual(10 * 86_400_000 - 2000);
    await subscribe(shop, store.id, 'starter');
    await runJobs();
    expect(await current(browser)).toMatchObject({ plan: 'starter', usage: { emails_sent: 5 }, remaining: 295, period_start: period.periodStart.toISOString() });

    // Cancelled and subscribed again within the period: still the same period and usage.
    const { accessToken } = await storeAccessToken(ctx, store.id);
    const active = (await emulator().listAppSubscriptions(shop)).find((x) => x.status === 'ACTIVE')!;
    await ctx.shopify.graphql(shop, accessToken, `mutation { appSubscriptionCancel(id: "${active.gid}") { userErrors { message } } }`);
    await runJobs();
    expect((await storeRow(store.id)).subscriptionStatus).toBe('cancelled');
    await subscribe(shop, store.id, 'starter');
    await runJobs();
    expect(await current(browser)).toMatchObject({ plan: 'starter', subscription_status: 'active', usage: { emails_sent: 5 }, period_start: period.periodStart.toISOString() });
  });
});

describe('a refused plan change is told once', () => {
  it('declined on Shopify: the next opening of the app says so, once, and the plan stays', async () => {
    const { store, shop, browser } = await installed('refus');
    await subscribe(shop, store.id, 'starter');
    await runJobs();
    await emulator().declineAppSubscription(shop, await charge(store.id, 'pro'));
    await runJobs();
    const opened = await browser.json('/functions/v1/shopify-sync-plan', { json: {} });
    expect(opened.body).toEqual({ success: true, plan: 'starter', subscription_status: 'active', notice: { kind: 'declined', requested_plan: 'Pro', kept_plan: 'Starter' } });
    expect((await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).body).toMatchObject({ notice: null });
  });

  it('a later successful change makes an unseen refusal no news', async () => {
    const { store, shop, browser } = await installed('puis-accepte');
    await subscribe(shop, store.id, 'starter');
    await emulator().declineAppSubscription(shop, await charge(store.id, 'pro'));
    await syncBilling(ctx, store.id);
    await subscribe(shop, store.id, 'pro');
    expect((await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).body).toMatchObject({ plan: 'pro', notice: null });
  });
});

describe('a lost webhook heals', () => {
  it('a cancellation whose webhook was lost is found by the daily re-read', async () => {
    const { store, shop } = await installed('perdu');
    await subscribe(shop, store.id, 'starter');
    await runJobs();
    await emulator().dropNextDeliveries(1);
    const { accessToken } = await storeAccessToken(ctx, store.id);
    const active = (await emulator().listAppSubscriptions(shop)).find((x) => x.status === 'ACTIVE')!;
    await ctx.shopify.graphql(shop, accessToken, `mutation { appSubscriptionCancel(id: "${active.gid}") { userErrors { message } } }`);
    await runJobs();
    expect((await storeRow(store.id)).subscriptionStatus).toBe('active');
    // Not yet a day: left alone. A day later: read again.
    await resyncStaleStores(ctx, 1000, new Date());
    expect((await storeRow(store.id)).subscriptionStatus).toBe('active');
    await resyncStaleStores(ctx, 1000, new Date(Date.now() + 25 * 3_600_000));
    expect((await storeRow(store.id)).subscriptionStatus).toBe('cancelled');
  });
});

describe('disconnect tells the truth and does what it says', () => {
  it("'remove' cancels the subscription and uninstalls the app on Shopify, and answers what it did", async () => {
    const { store, shop, browser } = await installed('retire');
    await subscribe(shop, store.id, 'pro');
    await runJobs();
    const res = await browser.json('/api/stores/current/disconnect', { json: { shopify: 'remove' } });
    expect(res).toMatchObject({ status: 200, body: { ok: true, shopify: { choice: 'remove', subscription_cancelled: true, app_uninstalled: true, failure: null } } });
    expect((await emulator().listAppSubscriptions(shop)).map((x) => x.status)).toEqual(['CANCELLED']);
    expect((await emulator().getShop(shop))!.installed).toBe(false);
    await runJobs();
    expect(await storeRow(store.id)).toMatchObject({ isActive: false, subscriptionStatus: 'cancelled' });
  });

  it("without a working token, 'remove' still disconnects here and says the merchant must act in Shopify", async () => {
    const { store, shop, browser } = await installed('sans-jeton');
    await subscribe(shop, store.id, 'pro');
    const { accessToken } = await storeAccessToken(ctx, store.id);
    await emulator().revokeToken(accessToken);
    const res = await browser.json('/api/stores/current/disconnect', { json: { shopify: 'remove' } });
    expect(res.body).toMatchObject({ shopify: { subscription_cancelled: false, app_uninstalled: false, failure: 'token_invalid' } });
    expect((await storeRow(store.id)).isActive).toBe(false);
    expect((await emulator().listAppSubscriptions(shop)).map((x) => x.status)).toEqual(['ACTIVE']);
  });

  it('refuses a disconnect that does not say what to do on Shopify, and writes nothing', async () => {
    const { store, browser } = await installed('muet');
    expect(await browser.json('/api/stores/current/disconnect', { json: {} })).toMatchObject({ status: 400, body: { field: 'shopify' } });
    expect((await storeRow(store.id)).isActive).toBe(true);
  });
});

describe('the privacy export of an uninstalled shop', () => {
  it('stays downloadable by its link for 30 days, for its own account only', async () => {
    const { store, shop, browser } = await installed('export');
    const customer = await emulator().createCustomer(shop, { email: 'client.export@exemple.test', firstName: 'Inès', lastName: 'Roy' });
    await emulator().raiseCompliance(shop, 'customers/data_request', { customerId: customer.id });
    await runJobs();
    const [saved] = await ctx.db.select().from(s.complianceExports).where(eq(s.complianceExports.shopId, store.id));
    await emulator().uninstall(shop);
    await runJobs();
    expect((await storeRow(store.id)).isActive).toBe(false);
    const link = `/api/compliance/exports/${saved!.id}`;
    expect(await browser.json(link)).toMatchObject({ status: 200, body: { customer: expect.objectContaining({ email: 'client.export@exemple.test' }) } });
    const stranger = await installed('intrus');
    expect((await stranger.browser.json(link)).status).toBe(404);
    await ctx.db
      .update(s.complianceExports)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(and(eq(s.complianceExports.id, saved!.id)));
    expect(await browser.json(link)).toMatchObject({ status: 410, body: { code: 'export_expired' } });
  });
});
