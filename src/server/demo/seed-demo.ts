/**
 * Demo data so a newcomer sees a living product: a merchant with a connected demo shop on an active
 * Pro plan, a default flow, rating actions, branding, and three months of history (history.ts):
 * orders, review requests in every state, opens, visits and reviews. Idempotent: does nothing when
 * the demo merchant already exists. Only demo mode calls it (bootstrap.ts, scripts/db-seed.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client';
import * as s from '#db/schema';
import type { ActionType } from '#core/domain';
import { CUSTOMER_LANGUAGES, requestLocale, type StoreLanguages } from '#core/customer-language';
import { safeUrl } from '#core/email/review-email';
import { hashPassword } from '../auth/password';
import { DAY_METRIC, MONTH_METRIC, utcDayStart } from '../plans/quota';
import { newPublicToken } from '../security/tokens';
import { demoHistory, type DemoOrderPlan, type Rating } from './history';

export const DEMO_ACCOUNT = {
  email: 'demo@avis-clients.test',
  password: 'demo-avis-clients',
  name: 'Camille Martin',
  companyName: 'Maison Lumière',
  shopDomain: 'maison-lumiere.myshopify.com',
  shopName: 'Maison Lumière',
} as const;

const REVIEW_SITE = 'https://example.com/avis/maison-lumiere';
/** The spec's defaults (reviews/rating-actions.ts) with the shop's review site filled in: 5 and 4 redirect, 3 and 2 collect feedback, 2 and 1 alert. */
const RATING_ACTIONS: { rating: Rating; actionType: ActionType; redirectUrl?: string; feedbackMessage?: string; notificationEmail?: string }[] = [
  { rating: 5, actionType: 'redirect', redirectUrl: REVIEW_SITE },
  { rating: 4, actionType: 'redirect', redirectUrl: REVIEW_SITE },
  { rating: 3, actionType: 'collect_feedback', feedbackMessage: 'Dites-nous ce que nous pourrions améliorer.' },
  { rating: 2, actionType: 'collect_feedback', feedbackMessage: 'Nous sommes désolés. Que s’est-il passé ?', notificationEmail: DEMO_ACCOUNT.email },
  { rating: 1, actionType: 'notify_email', notificationEmail: DEMO_ACCOUNT.email },
];
/**
 * The site every reviewer was offered, as submitReview (reviews/public-review.ts) sets it: with the
 * same path for all ratings (on for new stores), the first redirect URL, best rating first.
 */
const OFFERED_SITE =
  [...RATING_ACTIONS]
    .sort((a, b) => b.rating - a.rating)
    .map((a) => (a.actionType === 'redirect' ? safeUrl(a.redirectUrl) : null))
    .find(Boolean) ?? null;
/** As a new store is set up: French by default, asking each customer in their language among the six. */
const LANGUAGES: StoreLanguages = { defaultLanguage: 'fr', served: CUSTOMER_LANGUAGES };
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 500;

export interface DemoSeedResult {
  created: boolean;
  userId: string;
  storeId: string;
}

export async function seedDemo(db: Database, now = new Date()): Promise<DemoSeedResult> {
  const existing = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, DEMO_ACCOUNT.email));
  if (existing[0]) {
    const [store] = await db.select({ id: s.shopifyStores.id }).from(s.shopifyStores).where(eq(s.shopifyStores.userId, existing[0].id));
    return { created: false, userId: existing[0].id, storeId: store?.id ?? '' };
  }
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  const history = demoHistory(now, { merchantName: DEMO_ACCOUNT.name });
  // Installed before the first order of the history (the flow asked every one of them).
  const installedAt = new Date((history[0]?.createdAt ?? now).getTime() - 5 * 86_400_000);

  return db.transaction(async (tx) => {
    const userId = randomUUID();
    await tx.insert(s.user).values({ id: userId, name: DEMO_ACCOUNT.name, email: DEMO_ACCOUNT.email, emailVerified: true, companyName: DEMO_ACCOUNT.companyName });
    await tx.insert(s.account).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash });

    const [store] = await tx
      .insert(s.shopifyStores)
      .values({
        userId,
        shopName: DEMO_ACCOUNT.shopName,
        shopDomain: DEMO_ACCOUNT.shopDomain,
        scope: 'read_orders',
        subscriptionStatus: 'active',
        // OFFERED_SITE assumes it: every reviewer was offered the review site.
        samePathForAllRatings: true,
        // The requests' locales below are decided from these (requestLocale).
        defaultCustomerLanguage: LANGUAGES.defaultLanguage,
        customerLanguages: [...LANGUAGES.served],
        installedAt,
      })
      .returning({ id: s.shopifyStores.id });
    const storeId = store!.id;

    const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    await tx.insert(s.shopPlans).values({ shopDomain: DEMO_ACCOUNT.shopDomain, plan: 'pro', emailsQuota: 3000, periodStart, periodEnd });

    const flowId = randomUUID();
    await tx.insert(s.flowConfigurations).values({ id: flowId, shopId: storeId, name: 'Nouveau flux', createdAt: installedAt, updatedAt: installedAt });
    await tx.insert(s.ratingActions).values(RATING_ACTIONS.map((a) => ({ shopId: storeId, ...a })));
    await tx.insert(s.storeBranding).values({ shopId: storeId });
    await tx.insert(s.storeCustomization).values({
      shopId: storeId,
      pageTitle: 'Votre avis compte pour nous',
      pageDescription: 'Comment s’est passée votre commande chez Maison Lumière ?',
      thankYouMessage: 'Merci pour votre avis !',
    });
    await tx.insert(s.storeEmailConfig).values({ shopId: storeId, ownerNotificationEmail: DEMO_ACCOUNT.email });
    await insertHistory(tx, history, { userId, storeId, flowId });

    // The sends of this billing month and of today count against the quotas, as the sender's would have.
    const dayStart = utcDayStart(now);
    const sentSince = (from: Date) => history.filter((o) => o.request?.sentAt && o.request.sentAt >= from).length;
    const usage = [
      { shopDomain: DEMO_ACCOUNT.shopDomain, periodStart, metric: MONTH_METRIC, value: sentSince(periodStart) },
      { shopDomain: DEMO_ACCOUNT.shopDomain, periodStart: dayStart, metric: DAY_METRIC, value: sentSince(dayStart) },
    ].filter((u) => u.value > 0);
    if (usage.length > 0) await tx.insert(s.shopUsage).values(usage);
    return { created: true, userId, storeId };
  });
}

/**
 * Stores the history through the real tables, a few statements in all: the database's triggers
 * derive the dashboard's day-by-day figures from these rows (decision 014), as they do for real
 * ones. Requests go in with their final state, the review of a completed one after it.
 */
async function insertHistory(tx: Transaction, history: DemoOrderPlan[], ids: { userId: string; storeId: string; flowId: string }): Promise<void> {
  const { userId, storeId, flowId } = ids;
  const orders: (typeof s.shopifyOrders.$inferInsert)[] = [];
  const requests: (typeof s.shopifyReviewRequests.$inferInsert)[] = [];
  const reviews: (typeof s.shopifyReviews.$inferInsert)[] = [];
  // The deliveries the orders came by, processed (payloads dropped, as the worker drops them): the
  // diagnostic then sees webhooks at work on a fresh start, as it would on a shop in use.
  const events: (typeof s.shopifyWebhookEvents.$inferInsert)[] = [];
  for (const order of history) {
    // Ids made here rather than returned: nothing depends on the order RETURNING gives rows back in.
    const orderId = randomUUID();
    const customer = { customerEmail: order.customerEmail, customerName: order.customerName };
    const updatedAt = order.fulfilledAt ?? order.cancelledAt ?? order.createdAt;
    orders.push({
      id: orderId,
      userId,
      shopId: storeId,
      shopifyOrderId: order.shopifyOrderId,
      orderNumber: order.orderNumber,
      ...customer,
      customerLocale: order.customerLocale,
      totalPrice: order.totalPrice,
      currency: 'EUR',
      financialStatus: order.financialStatus,
      paidAt: order.createdAt,
      fulfilledAt: order.fulfilledAt,
      cancelledAt: order.cancelledAt,
      refundedAt: order.cancelledAt,
      orderCreatedAt: order.createdAt,
      orderUpdatedAt: updatedAt,
      // Recorded when its webhook arrived, seconds after Shopify's event.
      createdAt: new Date(order.createdAt.getTime() + 3_000),
      updatedAt: new Date(updatedAt.getTime() + 3_000),
    });
    const delivered = (topic: string, at: Date) =>
      events.push({ shopId: storeId, shopDomain: DEMO_ACCOUNT.shopDomain, topic, shopifyId: `demo-${orderId}-${topic}`, processed: true, processedAt: at, createdAt: at });
    delivered('orders/paid', new Date(order.createdAt.getTime() + 3_000));
    if (order.fulfilledAt) delivered('orders/fulfilled', new Date(order.fulfilledAt.getTime() + 3_000));
    const request = order.request;
    if (!request) continue;
    const requestId = randomUUID();
    const { review, ...state } = request;
    requests.push({
      id: requestId,
      userId,
      shopId: storeId,
      shopifyOrderId: order.shopifyOrderId,
      orderId,
      flowId,
      ...customer,
      // As the flow decided it when it made the request: the order's, every language being served.
      locale: requestLocale(order.customerLocale, LANGUAGES),
      token: newPublicToken(),
      channel: 'email',
      ...state,
    });
    if (!review) continue;
    reviews.push({
      userId,
      shopId: storeId,
      reviewRequestId: requestId,
      shopifyOrderId: order.shopifyOrderId,
      ...customer,
      rating: review.rating,
      comment: review.comment,
      // Every demo review answers an order's request: a verified purchase, shown on the storefront whatever its rating (decision 044).
      origin: 'order',
      isPublished: true,
      actionTaken: RATING_ACTIONS.find((a) => a.rating === review.rating)!.actionType,
      orderNumber: order.orderNumber,
      publicReviewUrl: OFFERED_SITE,
      publicLinkFollowedAt: OFFERED_SITE ? review.publicLinkFollowedAt : null,
      createdAt: review.createdAt,
    });
  }
  for (let i = 0; i < orders.length; i += CHUNK) await tx.insert(s.shopifyOrders).values(orders.slice(i, i + CHUNK));
  for (let i = 0; i < requests.length; i += CHUNK) await tx.insert(s.shopifyReviewRequests).values(requests.slice(i, i + CHUNK));
  for (let i = 0; i < reviews.length; i += CHUNK) await tx.insert(s.shopifyReviews).values(reviews.slice(i, i + CHUNK));
  for (let i = 0; i < events.length; i += CHUNK) await tx.insert(s.shopifyWebhookEvents).values(events.slice(i, i + CHUNK));
}
