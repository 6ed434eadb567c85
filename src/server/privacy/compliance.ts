/**
 * Shopify's mandatory privacy topics.
 * - customers/data_request: gather everything held on the customer into a downloadable export and
 *   tell the merchant by e-mail;
 * - customers/redact: erase the customer's personal data wherever it is (decision 020): orders,
 *   requests, reviews (found by the customer's requests, orders and e-mail), suppressions, e-mails
 *   kept by the outbox (to the customer, and the merchant's alerts about their reviews), the alert
 *   still queued, errors quoting an address, and the exports made earlier; anonymous counts stay
 *   (ratings, dates, engagement), names, addresses and words go. personal-data.ts classifies every
 *   column of the schema against this;
 * - shop/redact: erase everything of the shop.
 * Logs name the store and counts, never the customer.
 */
import { complianceMessages } from '../messages/compliance';
import { renderSystemEmail } from '#core/email/system-email';
import { and, eq, inArray, or, sql, type Column } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '#db/client';
import {
  complianceExports,
  emailOutbox,
  emailSuppressions,
  jobs,
  shopifyOrders,
  shopifyReviewRequests,
  shopifyReviews,
  shopifyStores,
  shopifyWebhookEvents,
  shopPlans,
  shopUsage,
  storeEmailConfig,
} from '#db/schema';
import type { AppContext } from '../context';
import { UNSENT_STATUSES } from '#core/domain';
import { customerOrders, redactOrders } from '../orders/customer';
import { sendReviewNotificationJob } from '../reviews/jobs';
import { alertRecipient } from '../recipients/service';
import { schedulePublish } from '../storefront/publish';
import { deleteReviewPhotos, photoKeysOfStores, photosOf } from '../reviews/photos';
import { removeStoredFiles } from '../media/jobs';

const id = z.union([z.number(), z.string()]).transform(String);
const customerRequest = z.object({
  shop_domain: z.string(),
  customer: z.object({ id: id.optional(), email: z.string().nullish() }),
  orders_requested: z.array(id).nullish(),
  orders_to_redact: z.array(id).nullish(),
  data_request: z.object({ id }).nullish(),
});

type Store = typeof shopifyStores.$inferSelect;

const unique = <T>(values: readonly (T | null | undefined)[]) => [...new Set(values.filter((v): v is T => v !== null && v !== undefined))];

/** The store's rows whose address is `email` (any case) or whose link column holds one of its values. */
function ofCustomer(shop: Column, storeId: string, address: Column, email: string | null, ...links: [Column, readonly string[]][]) {
  return and(
    eq(shop, storeId),
    or(email ? sql`lower(${address}) = ${email}` : sql`false`, ...links.map(([column, values]) => (values.length ? inArray(column, [...values]) : sql`false`))),
  );
}

/**
 * Everything a store holds on one customer: the orders found by e-mail (any case) or by the Shopify
 * order ids the request lists; the review requests of that e-mail or of those orders (and the orders
 * those requests name); the reviews left through those requests, about those orders, or signed with
 * that e-mail. A review left through the customer's link keeps whatever address was typed there:
 * found by its request and its order, not by the address.
 */
async function customerFootprint(tx: Transaction, storeId: string, email: string | null, listedOrderIds: readonly string[]) {
  const found = await customerOrders(tx, storeId, { email, shopifyOrderIds: listedOrderIds });
  const r = shopifyReviewRequests;
  const requests = await tx
    .select()
    .from(r)
    .where(
      ofCustomer(
        r.shopId,
        storeId,
        r.customerEmail,
        email,
        [r.orderId, found.map((o) => o.id)],
        [r.shopifyOrderId, unique([...listedOrderIds, ...found.map((o) => o.shopifyOrderId)])],
      ),
    );
  const foundIds = new Set(found.map((o) => o.id));
  const reached = unique(requests.map((q) => q.orderId)).filter((orderId) => !foundIds.has(orderId));
  const orders = reached.length
    ? [
        ...found,
        ...(await tx
          .select()
          .from(shopifyOrders)
          .where(and(eq(shopifyOrders.shopId, storeId), inArray(shopifyOrders.id, reached)))),
      ]
    : found;
  const shopifyOrderIds = unique([...listedOrderIds, ...orders.map((o) => o.shopifyOrderId)]);
  const v = shopifyReviews;
  const reviews = await tx
    .select()
    .from(v)
    .where(ofCustomer(v.shopId, storeId, v.customerEmail, email, [v.reviewRequestId, requests.map((q) => q.id)], [v.shopifyOrderId, shopifyOrderIds]));
  return { orders, requests, reviews, shopifyOrderIds };
}

/** Returns the e-mail to send once the transaction has committed (the mailer must not run inside it). */
export async function handleDataRequest(ctx: AppContext, tx: Transaction, store: Store, payload: unknown, at: Date): Promise<(() => Promise<void>) | undefined> {
  const dataRequest = customerRequest.parse(payload);
  const email = dataRequest.customer.email?.toLowerCase() ?? null;
  const { orders, requests, reviews } = await customerFootprint(tx, store.id, email, dataRequest.orders_requested ?? []);
  const photos = await photosOf(
    ctx,
    tx,
    reviews.map((r) => r.id),
  );
  const suppressed = email
    ? await tx
        .select()
        .from(emailSuppressions)
        .where(and(eq(emailSuppressions.shopId, store.id), eq(emailSuppressions.email, email)))
    : [];
  const requestId = dataRequest.data_request?.id ?? `request-${at.getTime()}`;
  const data = {
    generated_at: at.toISOString(),
    shop_domain: store.shopDomain,
    customer: { shopify_id: dataRequest.customer.id ?? null, email },
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
    reviews: reviews.map((r) => ({
      rating: r.rating,
      comment: r.comment,
      name: r.customerName,
      email: r.customerEmail,
      published: r.isPublished,
      origin: r.origin,
      created_at: r.createdAt,
      // The photos as stored (decision 058: without their metadata), by their links.
      photos: (photos.get(r.id) ?? []).map((photo) => photo.url),
    })),
    unsubscribed: suppressed.map((s) => ({ since: s.createdAt })),
  };
  const [saved] = await tx
    .insert(complianceExports)
    .values({ shopId: store.id, requestId, data })
    .onConflictDoUpdate({ target: [complianceExports.shopId, complianceExports.requestId], set: { data, createdAt: at } })
    .returning({ id: complianceExports.id });

  const [config] = await tx.select().from(storeEmailConfig).where(eq(storeEmailConfig.shopId, store.id));
  // The notification address once confirmed, else the account's (decision 022).
  const to = (await alertRecipient(tx, store.id, config?.ownerNotificationEmail))?.to;
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

/** The payload key of send-review-notification naming the review: a rename of it fails to compile here. */
const ALERT_REVIEW_KEY = 'reviewId' satisfies keyof z.input<typeof sendReviewNotificationJob.payload>;

/**
 * The local part of the Message-IDs the app gives a request's e-mail (requests/sender.ts:
 * review-{requestId}@host) and a review's alert (reviews/notify.ts: review-alert-{reviewId}@host).
 */
const messageKeys = (requestIds: readonly string[], reviewIds: readonly string[]) => [...requestIds.map((r) => `review-${r}`), ...reviewIds.map((r) => `review-alert-${r}`)];

export async function handleCustomerRedact(ctx: AppContext, tx: Transaction, store: Store, payload: unknown) {
  const dataRequest = customerRequest.parse(payload);
  const email = dataRequest.customer.email?.toLowerCase() ?? null;
  const at = new Date();
  const { orders, requests, reviews, shopifyOrderIds } = await customerFootprint(tx, store.id, email, dataRequest.orders_to_redact ?? []);
  const requestIds = requests.map((r) => r.id);
  const reviewIds = reviews.map((r) => r.id);
  // The customer's own addresses (Shopify's, on their orders and requests), and the ones typed on
  // their reviews: every copy of any of them goes.
  const ownAddresses = unique([email, ...orders.map((o) => o.customerEmail?.toLowerCase()), ...requests.map((r) => r.customerEmail?.toLowerCase())]);
  const addresses = unique([...ownAddresses, ...reviews.map((r) => r.customerEmail?.toLowerCase())]);
  const redacted = { customerEmail: null, customerName: null };

  await redactOrders(
    tx,
    orders.map((o) => o.id),
    at,
  );
  if (requestIds.length) {
    // Nothing more may be sent to this customer.
    await tx
      .update(shopifyReviewRequests)
      .set({ status: 'cancelled' })
      .where(and(inArray(shopifyReviewRequests.id, requestIds), inArray(shopifyReviewRequests.status, [...UNSENT_STATUSES])));
    // last_error may quote the address (an SMTP rejection does): it goes too. An unconfirmed send is
    // no longer offered for a re-send: nothing more goes to this customer (decision 051).
    await tx
      .update(shopifyReviewRequests)
      .set({ ...redacted, lastError: null, unconfirmed: false, updatedAt: at })
      .where(inArray(shopifyReviewRequests.id, requestIds));
  }
  // Their photos go, rows now and files by a job committed with this erasure (decision 058).
  const photos = await deleteReviewPhotos(tx, reviewIds);
  // Ratings stay as anonymous counts (the dashboard's figures, what was shown); the words and the identity go.
  if (reviewIds.length)
    await tx
      .update(shopifyReviews)
      .set({ ...redacted, comment: null })
      .where(inArray(shopifyReviews.id, reviewIds));
  if (ownAddresses.length) await tx.delete(emailSuppressions).where(and(eq(emailSuppressions.shopId, store.id), inArray(emailSuppressions.email, ownAddresses)));
  // The local outbox keeps copies: the e-mails to the customer, and the merchant's alerts quoting their review.
  const keys = messageKeys(requestIds, reviewIds);
  if (addresses.length || keys.length) {
    const to = sql`lower(${emailOutbox.toAddress})`;
    const localPart = sql`split_part(${emailOutbox.messageId}, '@', 1)`;
    await tx.delete(emailOutbox).where(or(addresses.length ? inArray(to, addresses) : undefined, keys.length ? inArray(localPart, keys) : undefined));
  }
  // An alert not sent yet would e-mail what is left of the review: it is not sent.
  if (reviewIds.length) {
    await tx.delete(jobs).where(and(eq(jobs.name, sendReviewNotificationJob.name), eq(jobs.status, 'queued'), inArray(sql`${jobs.payload}->>${ALERT_REVIEW_KEY}`, reviewIds)));
  }
  // A failure kept on a job may quote a recipient's address.
  if (addresses.length) await tx.update(jobs).set({ lastError: null }).where(mentionsAny(jobs.lastError, addresses));
  // The storefront's metafield still shows their name and words until it is written again (decision 028).
  if (reviewIds.length) await schedulePublish(tx, store.id, at);
  const exports = await anonymiseExports(tx, store.id, { shopifyId: dataRequest.customer.id ?? null, addresses, shopifyOrderIds }, at);
  ctx.log.child('compliance').info('customer redacted', { storeId: store.id, orders: orders.length, requests: requestIds.length, reviews: reviewIds.length, photos, exports });
}

/** The column's text contains one of these (lower-cased) addresses. */
const mentionsAny = (column: Column, addresses: readonly string[]) => or(...addresses.map((a) => sql`strpos(lower(${column}), ${a}) > 0`));

/** An earlier export's content (handleDataRequest), as far as erasure reads it. */
interface ExportData {
  generated_at?: string;
  shop_domain?: string;
  customer?: { shopify_id?: string | null; email?: string | null } | null;
  orders?: { shopify_order_id?: string; email?: string | null }[];
  review_requests?: { email?: string | null }[];
  reviews?: { email?: string | null }[];
  [key: string]: unknown;
}

/**
 * Exports made earlier (compliance_exports) hold the customer as they were: an export about this
 * customer keeps only that it was made (its request id and dates; the content emptied, erased_at
 * set); any other export loses the entries naming one of the customer's addresses or orders.
 * Returns how many exports changed.
 */
async function anonymiseExports(
  tx: Transaction,
  storeId: string,
  customer: { shopifyId: string | null; addresses: string[]; shopifyOrderIds: string[] },
  at: Date,
): Promise<number> {
  const rows = await tx.select({ id: complianceExports.id, data: complianceExports.data }).from(complianceExports).where(eq(complianceExports.shopId, storeId));
  const addresses = new Set(customer.addresses);
  const orderIds = new Set(customer.shopifyOrderIds);
  const named = (email: string | null | undefined) => typeof email === 'string' && addresses.has(email.toLowerCase());
  let changed = 0;
  for (const row of rows) {
    const data = row.data as ExportData;
    const about = named(data.customer?.email) || (customer.shopifyId !== null && data.customer?.shopify_id === customer.shopifyId);
    const next: ExportData = about
      ? {
          generated_at: data.generated_at,
          shop_domain: data.shop_domain,
          erased_at: at.toISOString(),
          customer: null,
          orders: [],
          review_requests: [],
          reviews: [],
          unsubscribed: [],
        }
      : {
          ...data,
          orders: data.orders?.filter((o) => !named(o.email) && !(o.shopify_order_id && orderIds.has(o.shopify_order_id))),
          review_requests: data.review_requests?.filter((r) => !named(r.email)),
          reviews: data.reviews?.filter((r) => !named(r.email)),
        };
    if (JSON.stringify(next) === JSON.stringify(data)) continue;
    await tx.update(complianceExports).set({ data: next }).where(eq(complianceExports.id, row.id));
    changed += 1;
  }
  return changed;
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
    // And the merchant's alerts, which quote the reviews (and any e-mail of a request sent to another address since).
    const localPart = sql`split_part(${emailOutbox.messageId}, '@', 1)`;
    await tx.delete(emailOutbox).where(
      or(
        inArray(
          localPart,
          tx
            .select({ key: sql`'review-' || ${shopifyReviewRequests.id}::text` })
            .from(shopifyReviewRequests)
            .where(inArray(shopifyReviewRequests.shopId, ids)),
        ),
        inArray(
          localPart,
          tx
            .select({ key: sql`'review-alert-' || ${shopifyReviews.id}::text` })
            .from(shopifyReviews)
            .where(inArray(shopifyReviews.shopId, ids)),
        ),
      ),
    );
    // The customers' photos: their rows go with the stores, their files by a job committed with this erasure.
    await removeStoredFiles(tx, await photoKeysOfStores(tx, ids));
    await tx.delete(shopifyStores).where(inArray(shopifyStores.id, ids));
  }
  await tx.delete(shopPlans).where(eq(shopPlans.shopDomain, shopDomain));
  await tx.delete(shopUsage).where(eq(shopUsage.shopDomain, shopDomain));
  await tx.delete(shopifyWebhookEvents).where(eq(shopifyWebhookEvents.shopDomain, shopDomain));
  ctx.log.child('compliance').info('shop redacted', { shopDomain, stores: stores.length });
}
