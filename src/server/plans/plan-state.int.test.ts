/**
 * plans-current, shopify-sync-plan and plans-set against the sender's own ledger and the local
 * Shopify emulator: what the screen shows is what the sender reserves against, a plan is recorded
 * only from a paid (active) subscription, and a downgrade below the period's usage defers sends
 * without losing any.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { CurrentPlan } from '#core/api/plans';
import type { TestContext } from '#tests/support/test-context';
import { Browserish, signedInMerchant } from '#tests/support/http';
import { createApp } from '../app';
import { messageFor } from '../messages';
import { sendBatch } from '../requests/sender';
import { merchantOnEmulator } from '#tests/support/emulator-merchant';
import { storeAccessToken } from '../shopify/store-tokens';
import { DAY_METRIC, MONTH_METRIC, recordShopPlan, utcDayStart } from './quota';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ TRUST_PROXY: 'true' });

type App = ReturnType<typeof createApp>;
const DAY = 86_400_000;

const current = async (browser: Browserish) => {
  const res = await browser.json<CurrentPlan>('/functions/v1/plans-current');
  expect(res.status).toBe(200);
  return res.body;
};

/** A signed-in merchant whose shop is installed on the emulator and connected, with no subscription yet. */
const merchant = (app: App, ctx: TestContext) => merchantOnEmulator(app, ctx, 'plans');

async function planId(ctx: TestContext, code: string) {
  const [plan] = await ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, code));
  return plan!.id;
}

/** plans-change on the emulator: the charge Shopify created, pending until the merchant decides. */
async function startCharge(ctx: TestContext, browser: Browserish, code: string) {
  const res = await browser.json<{ confirmation_url: string }>('/functions/v1/plans-change', { json: { plan_id: await planId(ctx, code) } });
  expect(res.status).toBe(200);
  return Number(/\/charges\/(\d+)\/confirm$/.exec(res.body.confirmation_url)![1]);
}

const storeRow = async (ctx: TestContext, id: string) => (await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, id)))[0]!;
const planRow = async (ctx: TestContext, shop: string) => (await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, shop)))[0];

describe('plans-current', () => {
  it("answers the plan, this period's usage and today's, from the sender's counters", async ({ ctx, app, world }) => {
    const shop = await world.signedIn(app).store();
    const { browser, store } = shop;
    const plan = (await planRow(ctx, store.shopDomain))!;
    const now = new Date();
    await shop.usage(MONTH_METRIC, 120, plan.periodStart);
    await shop.usage(DAY_METRIC, 7, utcDayStart(now));
    // Neither an earlier period nor an earlier day counts.
    await shop.usage(MONTH_METRIC, 299, new Date(plan.periodStart.getTime() - 30 * DAY));
    await shop.usage(DAY_METRIC, 40, new Date(utcDayStart(now).getTime() - DAY));
    await shop.emailConfig({ dailySendLimit: 250 });

    expect(await current(browser)).toEqual({
      plan: 'starter',
      plan_name: 'Starter',
      emails_quota: 300,
      usage: { emails_sent: 120 },
      remaining: 180,
      period_start: plan.periodStart.toISOString(),
      period_end: plan.periodEnd.toISOString(),
      // No Shopify subscription read for this store: no billing cycle to tell.
      billing_period_end: null,
      subscription_status: 'active',
      daily_limit: 250,
      sent_today: 7,
    });

    // One send later, the answer moved with the sender's reservation.
    const request = await world.at(store).request();
    expect(await sendBatch(ctx, { workerId: 'plans-current', manual: { storeId: store.id, requestIds: [request.id] } })).toMatchObject({ processed: 1 });
    expect(await current(browser)).toMatchObject({ usage: { emails_sent: 121 }, remaining: 179, sent_today: 8 });
  });

  it('answers null quota and remaining for an unlimited plan, with the default daily limit', async ({ ctx, app, world }) => {
    const shop = await world.signedIn(app).store();
    const { browser, store } = shop;
    await ctx.db.update(s.shopPlans).set({ plan: 'enterprise', emailsQuota: null }).where(eq(s.shopPlans.shopDomain, store.shopDomain));
    await shop.usage(MONTH_METRIC, 5000);
    expect(await current(browser)).toMatchObject({
      plan: 'enterprise',
      plan_name: 'Entreprise',
      emails_quota: null,
      usage: { emails_sent: 5000 },
      remaining: null,
      daily_limit: 1000,
      sent_today: 0,
    });
  });

  it("answers plan 'none', quota 0 and remaining 0 before any subscription, and the sender sends nothing then", async ({ ctx, app, world }) => {
    const { browser, userId } = await signedInMerchant(app);
    // Connected, not subscribed yet: no plan row, the status the product starts with.
    const { store } = await world.account(userId).store({ shopName: 'Sans plan', subscriptionStatus: 'inactive', plan: null });
    const answer = await current(browser);
    expect(answer).toMatchObject({ plan: 'none', plan_name: 'Aucun plan', emails_quota: 0, usage: { emails_sent: 0 }, remaining: 0, subscription_status: 'inactive' });
    expect(new Date(answer.period_end).getTime() - new Date(answer.period_start).getTime()).toBe(30 * DAY);

    const request = await world.at(store).request();
    expect(await sendBatch(ctx, { workerId: 'no-plan', manual: { storeId: store.id, requestIds: [request.id] } })).toMatchObject({ processed: 0 });
    expect((await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, request.id)))[0]!.status).toBe('scheduled');
  });

  it('answers the window the sender rolls forward once the recorded period ended', async ({ ctx, app, world }) => {
    const shop = await world.signedIn(app).store();
    const { browser, store } = shop;
    const now = Date.now();
    const oldStart = new Date(now - 45 * DAY);
    const oldEnd = new Date(now - 15 * DAY);
    await ctx.db.update(s.shopPlans).set({ periodStart: oldStart, periodEnd: oldEnd }).where(eq(s.shopPlans.shopDomain, store.shopDomain));
    await shop.usage(MONTH_METRIC, 300, oldStart);
    await shop.usage(MONTH_METRIC, 10, oldEnd);
    expect(await current(browser)).toMatchObject({
      usage: { emails_sent: 10 },
      remaining: 290,
      period_start: oldEnd.toISOString(),
      period_end: new Date(oldEnd.getTime() + 30 * DAY).toISOString(),
    });
    // The sender counts in the same rolled window.
    const request = await world.at(store).request();
    expect(await sendBatch(ctx, { workerId: 'rolled', manual: { storeId: store.id, requestIds: [request.id] } })).toMatchObject({ processed: 1 });
    expect(await current(browser)).toMatchObject({ usage: { emails_sent: 11 }, remaining: 289 });
  });
});

describe('shopify-sync-plan on the emulator', () => {
  it("records the active subscription's plan and period, then its cancellation", async ({ ctx, app, world }) => {
    const { browser, store, shop } = await merchant(app, ctx);
    const chargeId = await startCharge(ctx, browser, 'pro');
    await ctx.emulator!.state.approveAppSubscription(shop, chargeId);

    const synced = await browser.json('/functions/v1/shopify-sync-plan', { json: {} });
    expect(synced).toMatchObject({ status: 200, body: { success: true, plan: 'pro', subscription_status: 'active', notice: null } });
    const subscription = (await ctx.emulator!.state.listAppSubscriptions(shop)).find((x) => x.id === chargeId)!;
    expect(await current(browser)).toMatchObject({
      plan: 'pro',
      plan_name: 'Pro',
      emails_quota: 3000,
      remaining: 3000,
      period_end: new Date(subscription.currentPeriodEnd!).toISOString(),
    });
    expect(await storeRow(ctx, store.id)).toMatchObject({ subscriptionStatus: 'active', shopifySubscriptionId: `gid://shopify/AppSubscription/${chargeId}` });

    // Syncing again changes nothing (the quota used stays used).
    await world.at(store).usage(MONTH_METRIC, 42);
    expect((await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).body).toMatchObject({ plan: 'pro', subscription_status: 'active' });
    expect(await current(browser)).toMatchObject({ usage: { emails_sent: 42 }, remaining: 2958 });

    const { accessToken } = await storeAccessToken(ctx, store.id);
    await ctx.shopify.graphql(shop, accessToken, `mutation { appSubscriptionCancel(id: "${subscription.gid}") { userErrors { message } } }`);
    expect((await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).body).toMatchObject({ success: true, subscription_status: 'cancelled' });
    expect((await storeRow(ctx, store.id)).subscriptionStatus).toBe('cancelled');
  });

  it('leaves a pending plan choice pending when nothing is active yet', async ({ ctx, app }) => {
    const { browser, store } = await merchant(app, ctx);
    await startCharge(ctx, browser, 'starter');
    expect((await storeRow(ctx, store.id)).subscriptionStatus).toBe('pending');
    expect((await browser.json('/functions/v1/shopify-sync-plan', { json: {} })).body).toEqual({ success: true, plan: 'none', subscription_status: 'pending', notice: null });
    expect((await storeRow(ctx, store.id)).subscriptionStatus).toBe('pending');
  });

  it('answers shopify_token_invalid for a token Shopify refuses, plan_sync_failed for other failures', async ({ ctx, app }) => {
    const { browser, store, shop } = await merchant(app, ctx);
    await ctx.emulator!.state.forceThrottle(5, shop);
    const throttled = await browser.json('/functions/v1/shopify-sync-plan', { json: {} });
    expect(throttled).toMatchObject({ status: 502, body: { code: 'plan_sync_failed', error: 'Erreur lors de la synchronisation' } });
    await ctx.emulator!.state.forceThrottle(0, shop);

    const { accessToken } = await storeAccessToken(ctx, store.id);
    await ctx.emulator!.state.revokeToken(accessToken);
    // plans-set writes nothing on a refusal.
    expect(await browser.json('/functions/v1/plans-set', { json: { plan: 'starter' } })).toMatchObject({ status: 502, body: { code: 'shopify_token_invalid' } });
    expect(await storeRow(ctx, store.id)).toMatchObject({ subscriptionStatus: 'inactive', isActive: true });
    // A sync applies Shopify's answer: a refused token is an app no longer installed; the store stops.
    const refused = await browser.json('/functions/v1/shopify-sync-plan', { json: {} });
    expect(refused).toMatchObject({ status: 502, body: { code: 'shopify_token_invalid', error: messageFor('shopify_token_invalid') } });
    expect(await storeRow(ctx, store.id)).toMatchObject({ subscriptionStatus: 'cancelled', isActive: false });
  });
});

describe('plans-set', () => {
  it('refuses a plan without a matching active subscription and writes nothing; records the approved one', async ({ ctx, app }) => {
    const { browser, store, shop } = await merchant(app, ctx);
    const refusal = { status: 409, body: { code: 'plan_not_paid', error: messageFor('plan_not_paid') } };
    // No subscription at all (the emulator is the truth here too: no shortcut).
    expect(await browser.json('/functions/v1/plans-set', { json: { plan: 'starter' } })).toMatchObject(refusal);
    expect(await planRow(ctx, shop)).toBeUndefined();
    expect((await storeRow(ctx, store.id)).subscriptionStatus).toBe('inactive');

    // A charge the merchant has not approved is no payment.
    const chargeId = await startCharge(ctx, browser, 'pro');
    expect(await browser.json('/functions/v1/plans-set', { json: { plan: 'pro' } })).toMatchObject(refusal);
    expect(await planRow(ctx, shop)).toBeUndefined();

    await ctx.emulator!.state.approveAppSubscription(shop, chargeId);
    // Paid for Pro: Entreprise and Starter are still refused, and nothing is recorded by the refusal.
    expect(await browser.json('/functions/v1/plans-set', { json: { plan: 'enterprise' } })).toMatchObject(refusal);
    expect(await browser.json('/functions/v1/plans-set', { json: { plan: 'starter' } })).toMatchObject(refusal);
    expect(await planRow(ctx, shop)).toBeUndefined();
    expect((await storeRow(ctx, store.id)).subscriptionStatus).toBe('pending');

    expect(await browser.json('/functions/v1/plans-set', { json: { plan: 'pro' } })).toEqual(
      expect.objectContaining({ status: 200, body: { message: 'Plan mis à jour avec succès\u202f!' } }),
    );
    expect(await planRow(ctx, shop)).toMatchObject({ plan: 'pro', emailsQuota: 3000 });
    expect((await storeRow(ctx, store.id)).subscriptionStatus).toBe('active');
    expect(await current(browser)).toMatchObject({ plan: 'pro', subscription_status: 'active', remaining: 3000 });
  });

  it('answers an unknown plan in French: 400 for a code outside the list, plan_not_found for a withdrawn plan', async ({ ctx, app }) => {
    const { browser } = await merchant(app, ctx);
    expect(await browser.json('/functions/v1/plans-set', { json: { plan: 'gold' } })).toMatchObject({
      status: 400,
      body: { error: 'Plan inconnu\u202f: starter, pro ou enterprise' },
    });
    await ctx.db.update(s.subscriptionPlans).set({ isActive: false }).where(eq(s.subscriptionPlans.code, 'enterprise'));
    try {
      expect(await browser.json('/functions/v1/plans-set', { json: { plan: 'enterprise' } })).toMatchObject({
        status: 404,
        body: { code: 'plan_not_found', error: messageFor('plan_not_found') },
      });
    } finally {
      await ctx.db.update(s.subscriptionPlans).set({ isActive: true }).where(eq(s.subscriptionPlans.code, 'enterprise'));
    }
  });
});

describe('a downgrade below the usage of the period', () => {
  it('shows nothing remaining, defers the sends, and sends them when the period renews', async ({ ctx, app, world }) => {
    const shop = await world.signedIn(app).store();
    const { browser, store } = shop;
    const window = (await planRow(ctx, store.shopDomain))!;
    await recordShopPlan(ctx.db, store.shopDomain, { code: 'pro', quota: 3000 }, window.periodEnd, new Date());
    await shop.usage(MONTH_METRIC, 400, window.periodStart);
    expect(await current(browser)).toMatchObject({ plan: 'pro', remaining: 2600 });

    // Shopify reports Starter in the same billing period (same period end): 300 a month, 400 used.
    await recordShopPlan(ctx.db, store.shopDomain, { code: 'starter', quota: 300 }, window.periodEnd, new Date());
    expect(await current(browser)).toMatchObject({ plan: 'starter', emails_quota: 300, usage: { emails_sent: 400 }, remaining: 0, period_start: window.periodStart.toISOString() });

    const request = await world.at(store).request();
    const run = await sendBatch(ctx, { workerId: 'downgrade', manual: { storeId: store.id, requestIds: [request.id] } });
    expect(run).toMatchObject({ processed: 0, deferred: 1, quotaExceeded: { plan: 'starter', quota: 300, used: 400 } });
    const status = async () => (await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, request.id)))[0]!.status;
    expect(await status()).toBe('scheduled');
    // No alert: the thresholds were not crossed by a send, the plan moved under the usage.
    expect(
      await ctx.db
        .select()
        .from(s.jobs)
        .where(and(eq(s.jobs.name, 'send-quota-alert'))),
    ).toEqual([]);

    // The period renews: the request waited and now goes.
    const renewed = new Date(window.periodEnd.getTime() + 60_000);
    expect(await sendBatch(ctx, { workerId: 'downgrade', now: renewed, manual: { storeId: store.id, requestIds: [request.id] } })).toMatchObject({ processed: 1 });
    expect(await status()).toBe('sent');
  });
});

describe('tenant isolation', () => {
  it("shows and changes only the session's own store", async ({ ctx, app, world }) => {
    const a = await world.signedIn(app).store({ shopName: 'Boutique A' });
    const b = await merchant(app, ctx);
    await a.usage(MONTH_METRIC, 250);
    const aBefore = { store: await storeRow(ctx, a.store.id), plan: await planRow(ctx, a.store.shopDomain) };

    expect(await current(b.browser)).toMatchObject({ plan: 'none', usage: { emails_sent: 0 }, subscription_status: 'inactive' });
    expect((await b.browser.json('/functions/v1/plans-set', { json: { plan: 'starter' } })).status).toBe(409);
    expect((await b.browser.json('/functions/v1/shopify-sync-plan', { json: {} })).body).toMatchObject({ plan: 'none', subscription_status: 'inactive' });

    expect(await current(a.browser)).toMatchObject({ plan: 'starter', usage: { emails_sent: 250 }, remaining: 50 });
    expect({ store: await storeRow(ctx, a.store.id), plan: await planRow(ctx, a.store.shopDomain) }).toEqual(aBefore);
  });

  it('requires a session and a store', async ({ app }) => {
    const anonymous = new Browserish(app);
    expect((await anonymous.json('/functions/v1/plans-current')).status).toBe(401);
    expect((await anonymous.json('/functions/v1/shopify-sync-plan', { json: {} })).status).toBe(401);
    const { browser } = await signedInMerchant(app);
    expect(await browser.json('/functions/v1/plans-current')).toMatchObject({ status: 404, body: { code: 'no_store' } });
    expect(await browser.json('/functions/v1/plans-set', { json: { plan: 'pro' } })).toMatchObject({ status: 404, body: { code: 'no_store' } });
  });
});
