/** Unique test data for review-request tests: a merchant with a store on a plan, flows, orders, requests. */
import { randomUUID } from 'node:crypto';
import type { Database } from '#db/client';
import * as s from '#db/schema';
import { newPublicToken } from '#server/security/tokens';

export interface StoreOptions {
  /** Monthly quota; null = unlimited. Default 300 (Starter). */
  quota?: number | null;
  plan?: string;
  dailyLimit?: number;
  subscriptionStatus?: (typeof s.shopifyStores.$inferInsert)['subscriptionStatus'];
  shopName?: string;
  periodStart?: Date;
}

export async function makeStore(db: Database, options: StoreOptions = {}) {
  const userId = randomUUID();
  const tag = userId.slice(0, 8);
  await db.insert(s.user).values({ id: userId, name: `Marchand ${tag}`, email: `marchand-${tag}@exemple.test` });
  const [store] = await db
    .insert(s.shopifyStores)
    .values({ userId, shopDomain: `shop-${tag}.myshopify.com`, shopName: options.shopName ?? `Boutique ${tag}`, subscriptionStatus: options.subscriptionStatus ?? 'active' })
    .returning();
  const periodStart = options.periodStart ?? new Date(Date.now() - 86_400_000);
  const quota = options.quota === undefined ? 300 : options.quota;
  await db.insert(s.shopPlans).values({
    shopDomain: store!.shopDomain,
    plan: options.plan ?? (quota === null ? 'enterprise' : 'starter'),
    emailsQuota: quota,
    periodStart,
    periodEnd: new Date(periodStart.getTime() + 30 * 86_400_000),
  });
  if (options.dailyLimit !== undefined) await db.insert(s.storeEmailConfig).values({ shopId: store!.id, dailySendLimit: options.dailyLimit });
  return store!;
}

export type TestStore = Awaited<ReturnType<typeof makeStore>>;

export async function makeFlow(db: Database, storeId: string, overrides: Partial<typeof s.flowConfigurations.$inferInsert> = {}) {
  const [flow] = await db
    .insert(s.flowConfigurations)
    .values({ shopId: storeId, ...overrides })
    .returning();
  return flow!;
}

let orderSeq = 1000;
export async function makeOrder(db: Database, store: TestStore, overrides: Partial<typeof s.shopifyOrders.$inferInsert> = {}) {
  const n = ++orderSeq;
  const [order] = await db
    .insert(s.shopifyOrders)
    .values({
      userId: store.userId,
      shopId: store.id,
      shopifyOrderId: String(n),
      orderNumber: `#${n}`,
      customerEmail: `client-${n}-${randomUUID().slice(0, 6)}@exemple.test`,
      customerName: 'Léa Dubois',
      totalPrice: '80.00',
      paidAt: new Date(),
      ...overrides,
    })
    .returning();
  return order!;
}

/** A due e-mail request (scheduled a minute ago) with its own order. */
export async function makeDueRequest(db: Database, store: TestStore, overrides: Partial<typeof s.shopifyReviewRequests.$inferInsert> = {}) {
  const order = await makeOrder(db, store);
  const [request] = await db
    .insert(s.shopifyReviewRequests)
    .values({
      userId: store.userId,
      shopId: store.id,
      orderId: order.id,
      shopifyOrderId: order.shopifyOrderId,
      customerEmail: order.customerEmail,
      customerName: order.customerName,
      scheduledAt: new Date(Date.now() - 60_000),
      token: newPublicToken(),
      source: 'manual',
      ...overrides,
    })
    .returning();
  return request!;
}
