/**
 * Shopify's mandatory privacy topics.
 * - customers/data_request: gather everything held on the customer into a downloadable export and
 *   tell the merchant by e-mail;
 * - customers/redact: erase the customer's personal data (orders, requests, reviews, suppressions),
 *   keeping anonymous counts (ratings stay, names and addresses go);
 * - shop/redact: erase everything of the shop.
 * Logs name the store and counts, never the customer.
 */
import { complianceMessages } from '../messages/compliance';
import { renderSystemEmail } from '../../core/email/system-email';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import {
  complianceExports,
  emailOutbox,
  emailSuppressions,
  shopifyReviewRequests,
  shopifyReviews,
  shopifyStores,
  shopifyWebhookEvents,
  shopPlans,
  shopUsage,
  storeEmailConfig,
  user,
} from '../../db/schema';
import type { AppContext } from '../context';
import { UNSENT_STATUSES } from '../../core/domain';
import { customerOrders, redactOrders } from '../orders/customer';

const customerRequest = z.object({
  shop_domain: z.string(),
  customer: z.object({ id: z.union([z.number(), z.string()]).transform(String).optional(), email: z.string().nullish() }),
  orders_requested: z.array(z.union([z.number(), z.string()]).transform(String)).nullish(),
  orders_to_redact: z.array(z.union([z.number(), z.string()]).transform(String)).nullish(),
  data_request: z.object({ id: z.union([z.number(), z.string()]).transform(String) }).nullish(),
});

type Store = typeof shopifyStores.$inferSelect;

/** Returns the e-mail to send once the transaction has committed (the mailer must not run inside it). */
export async function handleDataRequest(ctx: AppContext, tx: Transaction, store: Store, payload: unknown, at: Date): Promise<(() => Promise<void>) | undefined> {
  const request = customerRequest.parse(payload);
  const email = request.customer.email?.toLowerCase() ?? null;
  // The customer's orders: by e-mail (case-insensitive) or by the Shopify order ids the request lists.
  const orders = await customerOrders(tx, store.id, { email, shopifyOrderIds: request.orders_requested ?? [] });
  const orderIds = orders.map((o) => o.id);
  const requests = await tx
    .select()
    .from(shopifyReviewRequests)
    .where(
      and(
        eq(shopifyReviewRequests.shopId, store.id),
        or(email ? sql`lower(${shopifyReviewRequests.customerEmail}) = ${email}` : sql`false`, orderIds.length ? inArray(shopifyReviewRequests.orderId, orderIds) : sql`false`),
      ),
    );
  const reviews = await tx
    .select()
    .from(shopifyReviews)
    .where(and(eq(shopifyReviews.shopId, store.id), email ? sql`lower(${shopifyReviews.customerEmail}) = ${email}` : sql`false`));
  const suppressed = email
    ? await tx
        .select()
        .from(emailSuppressions)
        .where(and(eq(emailSuppressions.shopId, store.id), eq(emailSuppressions.email, email)))
    : [];
  const requestId = request.data_request?.id ?? `request-${at.getTime()}`;
  const data = {
    generated_at: at.toISOString(),
    shop_domain: store.shopDomain,
    customer: { shopify_id: request.customer.id ?? null, email },
    orders: orders.map((o) => ({
      shopify_order_id: o.shopifyOrderId,
      number: o.orderNumber,
      email: o.customerEmail,
      name: o.customerName,
      total: o.totalPrice,
      currency: o.currency,
      paid_at: o.paidAt,
      fulfilled_at: o.fulfilledAt,
      cancelled_at: o.cancelledAt,
    })),
    review_requests: requests.map((r) => ({ status: r.status, channel: r.channel, email: r.customerEmail, name: r.customerName, scheduled_at: r.scheduledAt, sent_at: r.sentAt })),
    reviews: reviews.map((r) => ({ rating: r.rating, comment: r.comment, name: r.customerName, email: r.customerEmail, published: r.isPublished, created_at: r.createdAt })),
    unsubscribed: suppressed.map((s) => ({ since: s.createdAt })),
  };
  const [saved] = await tx
    .insert(complianceExports)
    .values({ shopId: store.id, requestId, data })
    .onConflictDoUpdate({ target: [complianceExports.shopId, complianceExports.requestId], set: { data, createdAt: at } })
    .returning({ id: complianceExports.id });

  const [config] = await tx.select().from(storeEmailConfig).where(eq(storeEmailConfig.shopifyStoreId, store.id));
  const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, store.userId));
  const to = config?.ownerNotificationEmail || owner?.email;
  ctx.log.child('compliance').info('customer data exported', { storeId: store.id, orders: orders.length, requests: requests.length, reviews: reviews.length });
  if (!to) return undefined;
  const link = `${ctx.config.appUrl}/api/compliance/exports/${saved!.id}`;
  const m = complianceMessages.dataRequest;
  // The customer's address stays out of the e-mail: the export behind the sign-in holds it.
  const message = renderSystemEmail({
    subject: m.subject,
    paragraphs: [m.intro(store.shopDomain, requestId), m.ready],
    button: { text: m.button, url: link },
    footer: m.footer,
  });
  return async () => {
    await ctx.mailer.send({ to, subject: message.subject, text: message.text, html: message.html });
  };
}

export async function handleCustomerRedact(ctx: AppContext, tx: Transaction, store: Store, payload: unknown) {
  const request = customerRequest.parse(payload);
  const email = request.customer.email?.toLowerCase() ?? null;
  const orders = await customerOrders(tx, store.id, { email, shopifyOrderIds: request.orders_to_redact ?? [] });
  const orderIds = orders.map((o) => o.id);
  const redacted = { customerEmail: null, customerName: null };
  await redactOrders(tx, orderIds);
  const requestMatch = and(
    eq(shopifyReviewRequests.shopId, store.id),
    or(email ? sql`lower(${shopifyReviewRequests.customerEmail}) = ${email}` : sql`false`, orderIds.length ? inArray(shopifyReviewRequests.orderId, orderIds) : sql`false`),
  );
  // Nothing more may be sent to this customer.
  await tx
    .update(shopifyReviewRequests)
    .set({ status: 'cancelled' })
    .where(and(requestMatch, inArray(shopifyReviewRequests.status, [...UNSENT_STATUSES])));
  // last_error may quote the address (an SMTP rejection does): it goes too.
  await tx
    .update(shopifyReviewRequests)
    .set({ ...redacted, lastError: null, updatedAt: new Date() })
    .where(requestMatch);
  if (email) {
    // Ratings stay as anonymous counts; the words and the identity go.
    await tx
      .update(shopifyReviews)
      .set({ ...redacted, comment: null })
      .where(and(eq(shopifyReviews.shopId, store.id), sql`lower(${shopifyReviews.customerEmail}) = ${email}`));
    await tx.delete(emailSuppressions).where(and(eq(emailSuppressions.shopId, store.id), eq(emailSuppressions.email, email)));
    await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = ${email}`);
  }
  ctx.log.child('compliance').info('customer redacted', { storeId: store.id, orders: orderIds.length });
}

/** Erases every row of the shop, on every account that ever connected it. */
export async function handleShopRedact(ctx: AppContext, tx: Transaction, shopDomain: string) {
  const stores = await tx.select({ id: shopifyStores.id }).from(shopifyStores).where(eq(shopifyStores.shopDomain, shopDomain));
  const ids = stores.map((s) => s.id);
  if (ids.length) {
    // The local outbox (development transport) keeps copies of e-mails: drop those to the shop's customers.
    const recipients = await tx
      .selectDistinct({ email: shopifyReviewRequests.customerEmail })
      .from(shopifyReviewRequests)
      .where(and(inArray(shopifyReviewRequests.shopId, ids), sql`${shopifyReviewRequests.customerEmail} IS NOT NULL`));
    const emails = recipients.map((r) => r.email!.toLowerCase());
    if (emails.length) await tx.delete(emailOutbox).where(inArray(sql`lower(${emailOutbox.toAddress})`, emails));
    await tx.delete(shopifyStores).where(inArray(shopifyStores.id, ids));
  }
  await tx.delete(shopPlans).where(eq(shopPlans.shopDomain, shopDomain));
  await tx.delete(shopUsage).where(eq(shopUsage.shopDomain, shopDomain));
  await tx.delete(shopifyWebhookEvents).where(eq(shopifyWebhookEvents.shopDomain, shopDomain));
  ctx.log.child('compliance').info('shop redacted', { shopDomain, stores: stores.length });
}
