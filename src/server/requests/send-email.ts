/**
 * `send-email` (docs/product/calls.md): a one-off e-mail from the merchant's store. Behind the session (the
 * spec shows it open: an open relay), counted against the same quotas as review requests, never to
 * an address that unsubscribed from the store, and with an unsubscribe link and headers of its own.
 */
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { emailSuppressions, shopifyStores } from '#db/schema';
import type { SendEmailInput } from '#core/api/review-requests';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { classifyMailError } from '../email/mailer';
import { addUsage, planDisplayName, reserveSends } from '../plans/quota';
import { storeSenderIdentity } from '../email/store-sender-identity';
import { storeDisplayName } from '../stores/service';
import type { TenantStore } from '../stores/tenancy';
import { reviewEmailTexts, type ReviewEmailTexts } from '#core/email/texts';
import { escapeHtml } from '#core/email/review-email';
import { oneClickUnsubscribeHeaders, requestLinks } from './links';
import { oneOffUnsubscribeToken } from './one-off-unsubscribe';

export async function sendOneOff(ctx: AppContext, store: TenantStore, input: SendEmailInput) {
  const [suppressed] = await ctx.db
    .select({ id: emailSuppressions.id })
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.shopId, store.id), eq(emailSuppressions.email, input.recipientEmail)));
  if (suppressed) throw new DomainError('recipient_unsubscribed');

  const now = new Date();
  const reservation = await ctx.db.transaction((tx) => reserveSends(tx, { id: store.id, shopDomain: store.shop_domain }, 1, now));
  if (reservation.granted === 0) {
    const { state } = reservation;
    if (state.quota !== null && state.used >= state.quota) {
      const plan = await planDisplayName(ctx.db, state.plan);
      throw new DomainError('quota_exceeded', { values: { plan, quota: state.quota, used: state.used } });
    }
    throw new DomainError('daily_limit_reached', { values: { limit: state.dailyLimit } });
  }
  const storeName = storeDisplayName(store.shop_name, store.shop_domain);
  const links = requestLinks(ctx.config.appUrl, oneOffUnsubscribeToken(ctx.config.authSecret, store.id, input.recipientEmail));
  // The footer in the store's language, which its unsubscribe page speaks for a one-off e-mail (decision 056).
  const [{ language } = { language: 'fr' as const }] = await ctx.db
    .select({ language: shopifyStores.defaultCustomerLanguage })
    .from(shopifyStores)
    .where(eq(shopifyStores.id, store.id));
  const body = withUnsubscribeFooter(input, storeName, links.unsubscribePage, reviewEmailTexts[language]);
  try {
    // As for review requests: the store's own address, signed, once its domain verified; else ours with Reply-To the merchant.
    const identity = await storeSenderIdentity(ctx, store.id, storeName);
    const sent = await ctx.mailer.send({
      to: input.recipientName ? `"${input.recipientName.replace(/["\\\r\n<>]/g, '')}" <${input.recipientEmail}>` : input.recipientEmail,
      from: identity.from,
      replyTo: identity.replyTo,
      dkim: identity.dkim,
      subject: input.subject,
      html: body.html,
      text: body.text,
      messageId: `one-off-${randomUUID()}@${new URL(ctx.config.appUrl).hostname}`,
      // Like every e-mail of the product: a visible link and RFC 8058 one-click unsubscribe.
      headers: oneClickUnsubscribeHeaders(links),
    });
    return { success: true as const, message_id: sent.messageId };
  } catch (error) {
    const { state } = reservation;
    const kind = classifyMailError(error);
    // Whatever the error, the merchant is told it failed, so it is not charged: at worst one
    // message that went out after a timeout is free (the sender, which never re-sends, decides
    // otherwise for review requests; a one-off is never retried by us).
    await addUsage(ctx.db, store.shop_domain, state.periodStart, state.dayStart, -1);
    ctx.log.child('send-email').warn('one-off send failed', { storeId: store.id, kind });
    throw new DomainError('send_failed');
  }
}

/** The merchant's content with the unsubscribe line at its foot (before </body> when there is one). */
function withUnsubscribeFooter(input: SendEmailInput, storeName: string, url: string, texts: ReviewEmailTexts) {
  const line = texts.oneOffUnsubscribeText(storeName);
  const footer = `<p style="font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#6b7280;margin:16px 0 0 0;">${escapeHtml(line)} <a href="${escapeHtml(url)}" style="color:#6b7280;">${escapeHtml(texts.unsubscribeLink)}</a></p>`;
  const html = input.html_content?.trim()
    ? /<\/body>/i.test(input.html_content)
      ? input.html_content.replace(/<\/body>/i, () => `${footer}</body>`)
      : input.html_content + footer
    : undefined;
  const text = input.text_content?.trim() ? `${input.text_content}\n\n${line} ${url}` : undefined;
  return { html, text };
}
