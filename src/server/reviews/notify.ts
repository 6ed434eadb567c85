/**
 * The merchant's alert for a review whose rating is set to alert them (notify_email, or
 * collect_feedback with a notification address). Sent by the `send-review-notification` job
 * (jobs.ts), after the review's commit.
 */
import { eq } from 'drizzle-orm';
import { shopifyOrders, shopifyReviewRequests, shopifyReviews, shopifyStores } from '../../db/schema';
import { escapeHtml as e } from '../../core/email/review-email';
import type { AppContext } from '../context';
import { reviewPageMessages } from '../messages/review-page';
import { storeDisplayName } from '../stores/service';

const t = reviewPageMessages.notification;

export async function sendReviewNotification(ctx: AppContext, reviewId: string, to: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ review: shopifyReviews, shopName: shopifyStores.shopName, shopDomain: shopifyStores.shopDomain, orderNumber: shopifyOrders.orderNumber })
    .from(shopifyReviews)
    .innerJoin(shopifyStores, eq(shopifyStores.id, shopifyReviews.shopId))
    .leftJoin(shopifyReviewRequests, eq(shopifyReviewRequests.id, shopifyReviews.reviewRequestId))
    .leftJoin(shopifyOrders, eq(shopifyOrders.id, shopifyReviewRequests.orderId))
    .where(eq(shopifyReviews.id, reviewId));
  if (!row) return false; // deleted since (privacy request): nothing to tell
  const { review } = row;
  const store = storeDisplayName(row.shopName, row.shopDomain);
  const order = row.orderNumber ?? (review.shopifyOrderId ? `#${review.shopifyOrderId}` : null);
  const stars = '★'.repeat(review.rating) + '☆'.repeat(5 - review.rating);
  const lines: [string, string][] = [
    [t.rating, `${stars} (${review.rating}/5)`],
    [t.customer, review.customerName ?? ''],
    [t.email, review.customerEmail ?? ''],
    ...(order ? ([[t.order, order]] as [string, string][]) : []),
    [t.comment, review.comment || t.noComment],
  ];
  const link = `${ctx.config.appUrl.replace(/\/+$/, '')}/app/feedback`;
  await ctx.mailer.send({
    to,
    subject: t.subject(review.rating, store),
    // Replying goes to the customer, who gave their address for this review.
    replyTo: review.customerEmail ?? undefined,
    messageId: `review-alert-${review.id}@${new URL(ctx.config.appUrl).hostname}`,
    text: [t.intro(store), '', ...lines.map(([k, v]) => `${k} : ${v}`), '', `${t.open} : ${link}`, '', t.footer].join('\n'),
    html: `<!DOCTYPE html><html lang="fr"><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:600px;margin:0 auto;padding:16px">
<p>${e(t.intro(store))}</p><table role="presentation" cellpadding="6" style="border-collapse:collapse">${lines
      .map(([k, v]) => `<tr><th align="left" style="vertical-align:top">${e(k)}</th><td style="white-space:pre-wrap">${e(v)}</td></tr>`)
      .join('')}</table>
<p><a href="${e(link)}">${e(t.open)}</a></p><p style="font-size:12px;color:#6b7280">${e(t.footer)}</p></body></html>`,
  });
  return true;
}
