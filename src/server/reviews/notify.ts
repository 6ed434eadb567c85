/**
 * The merchant's alert for a review whose rating is set to alert them (notify_email, or
 * collect_feedback with a notification address). Sent by the `send-review-notification` job
 * (jobs.ts), after the review's commit. A product e-mail (system-email.ts): the review as a table
 * and one button to the reviews list. It goes to the chosen address only once that address is
 * confirmed (or is the account's), otherwise to the account's address, saying why (decision 022);
 * beyond the hourly cap it is held for the hour's digest (alert-cap.ts).
 */
import { eq } from 'drizzle-orm';
import { shopifyOrders, shopifyReviewRequests, shopifyReviews, shopifyStores } from '#db/schema';
import { renderSystemEmail } from '#core/email/system-email';
import { languageOf } from '#core/customer-language';
import { languageName } from '#core/language-names';
import type { AppContext } from '../context';
import { reviewAlertMessages } from '../messages/review-alert';
import { recipientMessages } from '../messages/notification-recipients';
import { alertRecipient } from '../recipients/service';
import { storeDisplayName } from '../stores/service';
import { decideAlert } from './alert-cap';

const t = reviewAlertMessages;

export async function sendReviewNotification(ctx: AppContext, reviewId: string, to: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({
      review: shopifyReviews,
      shopName: shopifyStores.shopName,
      shopDomain: shopifyStores.shopDomain,
      orderNumber: shopifyOrders.orderNumber,
      locale: shopifyReviewRequests.locale,
    })
    .from(shopifyReviews)
    .innerJoin(shopifyStores, eq(shopifyStores.id, shopifyReviews.shopId))
    .leftJoin(shopifyReviewRequests, eq(shopifyReviewRequests.id, shopifyReviews.reviewRequestId))
    .leftJoin(shopifyOrders, eq(shopifyOrders.id, shopifyReviewRequests.orderId))
    .where(eq(shopifyReviews.id, reviewId));
  if (!row) return false; // deleted since (privacy request): nothing to tell
  const { review } = row;
  const recipient = await alertRecipient(ctx.db, review.shopId, to);
  if (!recipient) return false; // the store is gone
  if ((await decideAlert(ctx, review.shopId, review.id, recipient.to)) !== 'sent') return false;
  const store = storeDisplayName(row.shopName, row.shopDomain);
  const order = row.orderNumber ?? (review.shopifyOrderId ? `#${review.shopifyOrderId}` : null);
  const stars = '★'.repeat(review.rating) + '☆'.repeat(5 - review.rating);
  const link = `${ctx.config.appUrl.replace(/\/+$/, '')}/app/feedback`;
  const email = renderSystemEmail({
    subject: t.subject(review.rating, store),
    paragraphs: [t.intro(store), ...(recipient.unconfirmed ? [recipientMessages.fallback(recipient.unconfirmed)] : [])],
    details: [
      { label: t.rating, value: `${stars} (${review.rating}/5)` },
      { label: t.customer, value: review.customerName ?? '' },
      { label: t.email, value: review.customerEmail ?? '' },
      ...(order ? [{ label: t.order, value: order }] : []),
      // The language the customer was asked in, when not the merchant's own: their comment is in it.
      ...(row.locale && languageOf(row.locale) !== 'fr' ? [{ label: t.language, value: languageName(row.locale) }] : []),
      { label: t.comment, value: review.comment || t.noComment },
    ],
    button: { text: t.open, url: link },
    footer: t.footer,
  });
  await ctx.mailer.send({
    to: recipient.to,
    subject: email.subject,
    // Replying goes to the customer, who gave their address for this review.
    replyTo: review.customerEmail ?? undefined,
    messageId: `review-alert-${review.id}@${new URL(ctx.config.appUrl).hostname}`,
    text: email.text,
    html: email.html,
  });
  return true;
}
