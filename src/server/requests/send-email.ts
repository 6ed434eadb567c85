/**
 * `send-email` (spec section 7): a one-off e-mail from the merchant's store. Behind the session (the
 * spec shows it open: an open relay), counted against the same quotas as review requests, never to
 * an address that unsubscribed from the store, and with an unsubscribe link and headers of its own.
 */
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { emailSuppressions, type shopifyStores } from '../../db/schema';
import type { AppContext } from '../context';
import { classifyMailError } from '../email/mailer';
import { ApiError } from '../http/errors';
import { addUsage, planDisplayName, reserveSends } from './quota';
import { fromHeader } from './sender';
import { storeDisplayName } from '../stores/service';
import { emailMessages } from '../../core/email/messages';
import { escapeHtml } from '../../core/email/review-email';
import { requestLinks } from './links';
import { oneOffUnsubscribeToken } from './one-off-unsubscribe';

const MAX_BODY = 100_000; // Gmail clips messages over ~102 KB.

export const sendEmailInput = z
  .object({
    shopifyStoreId: z.string().uuid({ message: 'Aucune boutique Shopify active trouvée' }),
    recipientEmail: z.string().trim().toLowerCase().email({ message: 'Adresse e-mail du destinataire invalide' }).max(254),
    recipientName: z.string().trim().max(200).optional().default(''),
    subject: z.string().trim().min(1, "L'objet est requis").max(200, "L'objet ne peut pas dépasser 200 caractères").refine((s) => !/[\r\n]/.test(s), "L'objet ne peut pas contenir de retour à la ligne"),
    html_content: z.string().max(MAX_BODY, 'Le contenu HTML dépasse 100 Ko').optional(),
    text_content: z.string().max(MAX_BODY, 'Le contenu texte dépasse 100 Ko').optional(),
  })
  .refine((b) => Boolean(b.html_content?.trim() || b.text_content?.trim()), { message: "Le contenu de l'e-mail est requis" });
export type SendEmailInput = z.infer<typeof sendEmailInput>;

type Store = typeof shopifyStores.$inferSelect;

export async function sendOneOff(ctx: AppContext, store: Store, input: SendEmailInput) {
  const [suppressed] = await ctx.db
    .select({ id: emailSuppressions.id })
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.shopId, store.id), eq(emailSuppressions.email, input.recipientEmail)));
  if (suppressed) throw new ApiError(409, "Cette adresse s'est désabonnée des e-mails de votre boutique : aucun e-mail n'a été envoyé.");

  const now = new Date();
  const reservation = await ctx.db.transaction((tx) => reserveSends(tx, { id: store.id, shopDomain: store.shopDomain }, 1, now));
  if (reservation.granted === 0) {
    const { state } = reservation;
    if (state.quota !== null && state.used >= state.quota) {
      const plan = await planDisplayName(ctx.db, state.plan);
      throw new ApiError(429, `Quota dépassé ! Votre plan ${plan} permet ${state.quota} emails/mois. Vous en avez utilisé ${state.used}. Veuillez passer à un plan supérieur.`, {
        quota_exceeded: true,
        plan,
        quota: state.quota,
        used: state.used,
      });
    }
    throw new ApiError(429, `Limite d'envoi quotidienne atteinte (${state.dailyLimit} emails par jour).`);
  }
  const storeName = storeDisplayName(store.shopName, store.shopDomain);
  const links = requestLinks(ctx.config.appUrl, oneOffUnsubscribeToken(ctx.config.authSecret, store.id, input.recipientEmail));
  const body = withUnsubscribeFooter(input, storeName, links.unsubscribePage);
  try {
    const sent = await ctx.mailer.send({
      to: input.recipientName ? `"${input.recipientName.replace(/["\\\r\n<>]/g, '')}" <${input.recipientEmail}>` : input.recipientEmail,
      from: fromHeader(ctx.config.mail.from, storeName),
      subject: input.subject,
      html: body.html,
      text: body.text,
      messageId: `one-off-${randomUUID()}@${new URL(ctx.config.appUrl).hostname}`,
      // Like every e-mail of the product: a visible link and RFC 8058 one-click unsubscribe.
      headers: { 'List-Unsubscribe': `<${links.oneClickUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    return { success: true, message_id: sent.messageId };
  } catch (error) {
    const { state } = reservation;
    const kind = classifyMailError(error);
    // Whatever the error, the merchant is told it failed, so it is not charged: at worst one
    // message that went out after a timeout is free (the sender, which never re-sends, decides
    // otherwise for review requests; a one-off is never retried by us).
    await addUsage(ctx.db, store.shopDomain, state.periodStart, state.dayStart, -1);
    ctx.log.child('send-email').warn('one-off send failed', { storeId: store.id, kind });
    throw new ApiError(502, "L'envoi de l'email a échoué. Vérifiez la configuration de votre email.");
  }
}

/** The merchant's content with the unsubscribe line at its foot (before </body> when there is one). */
function withUnsubscribeFooter(input: SendEmailInput, storeName: string, url: string) {
  const line = emailMessages.oneOffUnsubscribeText(storeName);
  const footer = `<p style="font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#6b7280;margin:16px 0 0 0;">${escapeHtml(line)} <a href="${escapeHtml(url)}" style="color:#6b7280;">${emailMessages.unsubscribeLink}</a></p>`;
  const html = input.html_content?.trim() ? (/<\/body>/i.test(input.html_content) ? input.html_content.replace(/<\/body>/i, () => `${footer}</body>`) : input.html_content + footer) : undefined;
  const text = input.text_content?.trim() ? `${input.text_content}\n\n${line} ${url}` : undefined;
  return { html, text };
}
