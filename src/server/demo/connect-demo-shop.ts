/**
 * In demo mode with the emulator, the demo merchant's store is really installed on the emulator's
 * demo shop, with sealed tokens and its webhooks registered as an install registers them, so 'Aller
 * sur Shopify', the diagnostic and order intake work from the first start.
 */
import { and, eq } from 'drizzle-orm';
import { shopPlans, shopifyStores, subscriptionPlans } from '#db/schema';
import type { AppContext } from '../context';
import { seal } from '../security/encryption';
import { scopesCover } from '../shopify/install-service';
import { schedulePublish } from '../storefront/publish';
import { REQUIRED_TOPICS, recordComplianceWebhooks, recordedTopics, registerWebhooks } from '../shopify/webhook-subscriptions';
import { DEMO_ACCOUNT } from './seed-demo';

const HISTORY: [string, string][] = [
  ['Élise', 'Fournier'],
  ['Mathis', 'Girard'],
  ['Zoé', 'Bonnet'],
  ['Lucas', 'Dupont'],
  ['Camille', 'Lambert'],
  ['Noah', 'Fontaine'],
  ['Louise', 'Rousseau'],
  ['Adam', 'Vincent'],
  ['Rose', 'Muller'],
  ['Paul', 'Lefèvre'],
  ['Anna', 'Faure'],
  ['Victor', 'André'],
];

export async function connectDemoShop(ctx: AppContext, now = new Date()): Promise<boolean> {
  if (!ctx.emulator) return false;
  const [store] = await ctx.db
    .select()
    .from(shopifyStores)
    .where(and(eq(shopifyStores.shopDomain, DEMO_ACCOUNT.shopDomain), eq(shopifyStores.isActive, true)));
  if (!store) return false;
  // Installed by an earlier start with the scopes configured now. A data directory from before a scope
  // was added (read_fulfillments, for the delivery events) installs again below, as a merchant would
  // accept the new scopes.
  if (store.accessToken && scopesCover(store.scope, ctx.config.shopify.scopes)) {
    // Subscribe what is missing (a data directory from before webhooks, or a topic, were registered here).
    const recorded = await recordedTopics(ctx, store.id);
    if (REQUIRED_TOPICS.some((topic) => !recorded.includes(topic))) await subscribeDemoWebhooks(ctx, store.id);
    await subscribeDemoPlan(ctx, store.id);
    // The local Shopify's state may be older than the reviews here (a data directory copied, a seed):
    // the storefront's metafield is written again from them.
    await schedulePublish(ctx.db, store.id, now);
    return false;
  }
  if (!(await ctx.emulator.state.getShop(DEMO_ACCOUNT.shopDomain))) {
    await ctx.emulator.state.createShop({ domain: DEMO_ACCOUNT.shopDomain, name: DEMO_ACCOUNT.shopName });
  }
  if ((await ctx.emulator.state.listOrders(DEMO_ACCOUNT.shopDomain)).length === 0) {
    // Paid orders from before the app was installed, so the history import has something to import.
    for (let i = 0; i < HISTORY.length; i++) {
      const [firstName, lastName] = HISTORY[i]!;
      await ctx.emulator.state.createOrder(DEMO_ACCOUNT.shopDomain, {
        total: (24.9 + i * 11).toFixed(2),
        currency: 'EUR',
        financialStatus: 'paid',
        createdAt: new Date(now.getTime() - (55 - i * 3) * 86_400_000).toISOString(),
        customer: {
          email: `${firstName}.${lastName}@exemple.test`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, ''),
          firstName,
          lastName,
        },
        notify: false,
      });
    }
  }
  const tokens = await ctx.emulator.state.installApp(DEMO_ACCOUNT.shopDomain, { scope: ctx.config.shopify.scopes, expiring: true });
  await ctx.db
    .update(shopifyStores)
    .set({
      accessToken: seal(ctx.config.encryptionKey, tokens.access_token),
      refreshToken: tokens.refresh_token ? seal(ctx.config.encryptionKey, tokens.refresh_token) : null,
      accessTokenExpiresAt: tokens.expires_in ? new Date(now.getTime() + tokens.expires_in * 1000) : null,
      refreshTokenExpiresAt: tokens.refresh_token_expires_in ? new Date(now.getTime() + tokens.refresh_token_expires_in * 1000) : null,
      scope: tokens.scope,
      updatedAt: now,
    })
    .where(eq(shopifyStores.id, store.id));
  await subscribeDemoWebhooks(ctx, store.id);
  await subscribeDemoPlan(ctx, store.id);
  // As after a merchant's install (auth-routes.ts): the new installation's metafield from the reviews here.
  await schedulePublish(ctx.db, store.id, now);
  return true;
}

/**
 * The demo store's plan as Shopify knows it: an active subscription to the seeded plan, for the
 * seeded period. Without it, a sync (the account page runs one) would find nothing active on the
 * local Shopify and cancel the demo's plan. Does nothing when one is active already.
 */
async function subscribeDemoPlan(ctx: AppContext, storeId: string) {
  const emulator = ctx.emulator!;
  const subscriptions = await emulator.state.listAppSubscriptions(DEMO_ACCOUNT.shopDomain);
  if (subscriptions.some((s) => s.status === 'ACTIVE')) return;
  const [row] = await ctx.db
    .select({ name: subscriptionPlans.name, amount: subscriptionPlans.priceAmount, currency: subscriptionPlans.priceCurrency, periodEnd: shopPlans.periodEnd })
    .from(shopPlans)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, shopPlans.plan))
    .where(eq(shopPlans.shopDomain, DEMO_ACCOUNT.shopDomain));
  if (!row) return;
  const subscription = await emulator.state.subscribeApp(DEMO_ACCOUNT.shopDomain, {
    name: row.name,
    amount: row.amount,
    currency: row.currency,
    currentPeriodEnd: row.periodEnd.toISOString(),
  });
  // Shopify's billing cycle as a billing read records it (decision 045), so the demo shows it at once.
  await ctx.db
    .update(shopifyStores)
    .set({ shopifySubscriptionId: subscription.gid, billingPeriodEnd: subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd) : null })
    .where(eq(shopifyStores.id, storeId));
}

/** What the OAuth callback does after an install (auth-routes.ts): the order topics by API, the compliance ones recorded. */
async function subscribeDemoWebhooks(ctx: AppContext, storeId: string) {
  const log = ctx.log.child('demo');
  try {
    const result = await registerWebhooks(ctx, storeId);
    await recordComplianceWebhooks(ctx, storeId);
    if (result.errors.length) log.warn('some demo webhooks were not registered', { errors: result.errors });
  } catch (error) {
    log.warn('demo webhook registration failed', { error: error instanceof Error ? error.message : String(error) });
  }
}
