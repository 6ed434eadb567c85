import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db';
import { world } from '#tests/support/world';
import { queryRows, type Database } from './client';
import { migrateDatabase, migrationStatus } from './migrate';
import * as s from './schema';

let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
});
afterAll(() => testDb.destroy());

/** Runs `fn` and returns the database error's constraint name (or message). */
async function violation(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (error) {
    const e = error as { cause?: { constraint?: string; message?: string }; constraint?: string; message: string };
    return e.cause?.constraint ?? e.constraint ?? e.cause?.message ?? e.message;
  }
  throw new Error('expected a constraint violation');
}

describe('migrations', () => {
  it('are all applied and current, and re-running them changes nothing', async () => {
    expect(await migrationStatus(db)).toMatchObject({ current: true });
    await migrateDatabase(testDb.handle);
    const status = await migrationStatus(db);
    expect(status.current).toBe(true);
    expect(status.applied).toBe(status.expected);
  });

  it('create every table of the data model', async () => {
    const rows = await db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
    const names = (rows as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name).sort();
    for (const table of [
      'user',
      'session',
      'account',
      'verification',
      'rate_limit',
      'shopify_stores',
      'shopify_reviews',
      'shopify_review_requests',
      'shopify_orders',
      'flow_configurations',
      'rating_actions',
      'store_branding',
      'store_customization',
      'email_templates',
      'store_email_config',
      'shopify_installation_tokens',
      'oauth_states',
      'subscription_plans',
      'shop_plans',
      'shop_usage',
      'shopify_webhooks',
      'shopify_webhook_events',
      'jobs',
      'email_outbox',
      'email_suppressions',
      'worker_heartbeats',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('compress webhook bodies with lz4 where the server has it, and keep the default where it does not (PGlite)', async () => {
    const [column] = await queryRows<{ compression: string }>(
      db,
      sql`SELECT attcompression::text AS compression FROM pg_attribute WHERE attrelid = 'shopify_webhook_events'::regclass AND attname = 'payload'`,
    );
    expect(column!.compression).toBe(testDb.handle.kind === 'postgres' ? 'l' : '');
  });
});

describe('seeded plans', () => {
  it('are the landing prices in USD, in order, with the enterprise plan unlimited', async () => {
    const plans = await db.select().from(s.subscriptionPlans).orderBy(asc(s.subscriptionPlans.sortOrder));
    expect(plans.map((p) => [p.code, p.name, p.priceAmount, p.priceCurrency, p.emailQuota, p.isUnlimited])).toEqual([
      ['starter', 'Starter', '47.00', 'USD', 300, false],
      ['pro', 'Pro', '77.00', 'USD', 3000, false],
      ['enterprise', 'Entreprise', '107.00', 'USD', null, true],
    ]);
  });
});

// The rows a constraint must refuse (a second active store, a duplicate token, an unknown status) are
// inserted as is, on purpose: no builder should make them.
describe('constraints', () => {
  it('allow one active store per account but keep disconnected ones', async () => {
    const account = world(db).merchant();
    const { store: first } = await account.store();
    expect(await violation(() => account.store())).toBe('shopify_stores_one_active_per_user');
    await db
      .update(s.shopifyStores)
      .set({ isActive: false, uninstalledAt: new Date() })
      .where(sql`${s.shopifyStores.id} = ${first.id}`);
    await expect(account.store()).resolves.toBeTruthy();
  });

  it('allow one active connection per shop domain', async () => {
    const { store } = await world(db).merchant().store();
    expect(await violation(() => world(db).merchant().store({ shopDomain: store.shopDomain }))).toBe('shopify_stores_one_active_per_domain');
  });

  it('reject malformed shop domains and unknown subscription statuses', async () => {
    const account = world(db).merchant();
    expect(await violation(() => account.store({ shopDomain: 'evil.example.com' }))).toBe('shopify_stores_domain_check');
    expect(await violation(() => account.store({ subscriptionStatus: 'bogus' as never }))).toBe('shopify_stores_subscription_status_check');
  });

  it('keep ratings between 1 and 5 and one action per store and rating', async () => {
    const shop = await world(db).merchant().store();
    const { store } = shop;
    const review = (rating: number) => shop.review({ rating });
    await expect(review(5)).resolves.toBeTruthy();
    expect(await violation(() => review(0))).toBe('reviews_rating_check');
    expect(await violation(() => review(6))).toBe('reviews_rating_check');
    await db.insert(s.ratingActions).values({ shopId: store.id, rating: 3, actionType: 'collect_feedback' });
    expect(await violation(() => db.insert(s.ratingActions).values({ shopId: store.id, rating: 3 }))).toBe('rating_actions_store_rating');
    expect(await violation(() => db.insert(s.ratingActions).values({ shopId: store.id, rating: 4, actionType: 'launch' as never }))).toBe('rating_actions_type_check');
  });

  it('keep request tokens unique and statuses known, and one request per order and flow', async () => {
    const shop = await world(db).merchant().store();
    const { store, userId } = shop;
    const order = await shop.order({ shopifyOrderId: '1' });
    const flow = await shop.flow();
    const request = (token: string, extra: Partial<typeof s.shopifyReviewRequests.$inferInsert> = {}) =>
      db.insert(s.shopifyReviewRequests).values({ userId, shopId: store.id, scheduledAt: new Date(), token, ...extra });
    await request('t1', { orderId: order.id, flowId: flow.id });
    expect(await violation(() => request('t1'))).toMatch(/token/);
    expect(await violation(() => request('t2', { orderId: order.id, flowId: flow.id }))).toBe('review_requests_order_flow');
    expect(await violation(() => request('t3', { status: 'lost' as never }))).toBe('review_requests_status_check');
    expect(await violation(() => db.insert(s.shopifyOrders).values({ userId, shopId: store.id, shopifyOrderId: '1' }))).toBe('shopify_orders_shop_order');
  });

  it('give a first request at most one follow-up, of the same order and flow, and keep kind and reminder_of together', async () => {
    const shop = await world(db).merchant().store();
    const { store, userId } = shop;
    const order = await shop.order({ shopifyOrderId: '2' });
    const flow = await shop.flow({ reminderDays: 7 });
    const request = (token: string, extra: Partial<typeof s.shopifyReviewRequests.$inferInsert> = {}) =>
      db
        .insert(s.shopifyReviewRequests)
        .values({ userId, shopId: store.id, scheduledAt: new Date(), token, orderId: order.id, flowId: flow.id, ...extra })
        .returning();
    const [first] = await request('f1');
    // The follow-up shares the order and flow of its first request: the (order, flow) rule is about first requests.
    await expect(request('f2', { kind: 'reminder', reminderOf: first!.id })).resolves.toBeTruthy();
    expect(await violation(() => request('f3', { kind: 'reminder', reminderOf: first!.id }))).toBe('review_requests_one_reminder');
    expect(await violation(() => request('f4', { kind: 'reminder', flowId: null }))).toBe('review_requests_kind_check');
    expect(await violation(() => request('f5', { reminderOf: first!.id, flowId: null }))).toBe('review_requests_kind_check');
    expect(await violation(() => db.insert(s.flowConfigurations).values({ shopId: store.id, reminderDays: 0 }))).toBe('flow_configurations_reminder_check');
    expect(await violation(() => db.insert(s.flowConfigurations).values({ shopId: store.id, reminderDays: 31 }))).toBe('flow_configurations_reminder_check');
    await expect(db.insert(s.flowConfigurations).values({ shopId: store.id, triggerEvent: 'order_delivered' })).resolves.toBeTruthy();
    // Deleting the first request takes its follow-up with it.
    await db.delete(s.shopifyReviewRequests).where(sql`${s.shopifyReviewRequests.id} = ${first!.id}`);
    expect(
      await db
        .select()
        .from(s.shopifyReviewRequests)
        .where(sql`${s.shopifyReviewRequests.orderId} = ${order.id}`),
    ).toEqual([]);
  });

  it('check flow values, daily send limits and plan quotas', async () => {
    const shop = await world(db).merchant().store();
    const { store } = shop;
    const flow = await shop.flow();
    expect(flow).toMatchObject({
      name: 'Nouveau flux',
      triggerEvent: 'order_fulfilled',
      delayDays: 3,
      channels: { email: true, whatsapp: false },
      targetAllOrders: true,
      minimumOrderAmount: '0.00',
      isActive: true,
    });
    expect(await violation(() => db.insert(s.flowConfigurations).values({ shopId: store.id, delayDays: -1 }))).toBe('flow_configurations_delay_check');
    expect(await violation(() => db.insert(s.flowConfigurations).values({ shopId: store.id, name: '  ' }))).toBe('flow_configurations_name_check');
    expect(await violation(() => db.insert(s.storeEmailConfig).values({ shopId: store.id, dailySendLimit: 10_001 }))).toBe('store_email_config_daily_limit_check');
    const [config] = await db.insert(s.storeEmailConfig).values({ shopId: store.id }).returning();
    expect(config).toMatchObject({ dailySendLimit: 1000, unsubscribeEnabled: true });
    expect(await violation(() => db.insert(s.subscriptionPlans).values({ code: 'x', name: 'X', priceAmount: '1', isUnlimited: true, emailQuota: 5 }))).toBe(
      'subscription_plans_quota_check',
    );
  });

  it('apply the branding defaults of the spec', async () => {
    const { store } = await world(db).merchant().store();
    const [branding] = await db.insert(s.storeBranding).values({ shopId: store.id }).returning();
    const [custom] = await db.insert(s.storeCustomization).values({ shopId: store.id }).returning();
    expect(branding).toMatchObject({ buttonTextColor: '#FFFFFF', buttonBgColor: '#56dadc', primaryColor: '#56dadc' });
    expect(custom?.buttonText).toBe('SUIVANT');
  });

  it('remove a store’s data with the store', async () => {
    const shop = await world(db).merchant().store();
    const { store } = shop;
    await shop.review({ rating: 4 });
    await db.delete(s.shopifyStores).where(sql`${s.shopifyStores.id} = ${store.id}`);
    const left = await db
      .select()
      .from(s.shopifyReviews)
      .where(sql`${s.shopifyReviews.shopId} = ${store.id}`);
    expect(left).toHaveLength(0);
  });
});

describe('database sessions', () => {
  it('run in UTC, whatever the server’s or the database’s own time zone', async () => {
    const zone = async (d: Database) => (await d.execute(sql`SHOW timezone`)) as unknown as { rows: { TimeZone: string }[] };
    expect((await zone(db)).rows[0]!.TimeZone).toBe('UTC');
    if (testDb.handle.kind !== 'postgres') return;
    // A database configured for Paris: new sessions of the app still work in UTC.
    await db.execute(sql`DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET timezone = %L', current_database(), 'Europe/Paris'); END $$`);
    const other = await testDb.openAnother();
    try {
      expect((await zone(other.db)).rows[0]!.TimeZone).toBe('UTC');
    } finally {
      await other.close();
    }
  });
});
