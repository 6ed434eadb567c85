/**
 * The quota e-mail itself (sent by the `send-quota-alert` job, jobs.ts, after the reservation that
 * crossed the threshold committed): a product e-mail (system-email.ts) to the store's notification
 * address, saying which plan, what was used of it, what happens next, and one button to /app/plans.
 * It tells the facts of the crossing (the job's payload), not whatever the usage is when it runs.
 */
import { eq } from 'drizzle-orm';
import { shopifyStores, subscriptionPlans } from '#db/schema';
import { renderSystemEmail } from '#core/email/system-email';
import { formatDate } from '#core/french-format';
import type { AppContext } from '../context';
import { quotaAlertMessages as t } from '../messages/plans';
import { alertRecipient } from '../recipients/service';
import { readSettings } from '../settings/service';
import { storeDisplayName } from '../stores/service';

export interface QuotaAlertPayload {
  storeId: string;
  percent: 80 | 100;
  plan: string;
  quota: number;
  used: number;
  periodStart: string;
  periodEnd: string;
}

/** '31 janvier 2026', and '1er février 2026' as French writes the first of a month (UTC days, as the period). */
const frenchDate = { format: (date: Date) => formatDate(date, { timeZone: 'UTC' }) };

/** The Message-ID of one alert: the same on every attempt, so a retry can tell it already went. */
export function quotaAlertMessageId(ctx: AppContext, payload: QuotaAlertPayload): string {
  return `quota-alert-${payload.storeId}-${Date.parse(payload.periodStart)}-${payload.percent}@${new URL(ctx.config.appUrl).hostname}`;
}

/** Sends the alert; false when there is nobody to tell (the store is gone) or it already went. */
export async function sendQuotaAlert(ctx: AppContext, payload: QuotaAlertPayload): Promise<boolean> {
  const [store] = await ctx.db.select({ shopName: shopifyStores.shopName, shopDomain: shopifyStores.shopDomain }).from(shopifyStores).where(eq(shopifyStores.id, payload.storeId));
  if (!store) return false; // removed since (shop/redact): nothing to tell
  const messageId = quotaAlertMessageId(ctx, payload);
  // A retry after the transport took it (the outbox can tell; SMTP cannot): never a second e-mail.
  if ((await ctx.mailer.wasAccepted(messageId)) === true) return false;
  // The notification address once confirmed, else the account's (decision 022).
  const { owner_notification_email: owner } = await readSettings(ctx.db, payload.storeId);
  const to = (await alertRecipient(ctx.db, payload.storeId, owner))?.to;
  if (!to) return false;
  const [plan] = await ctx.db.select({ name: subscriptionPlans.name }).from(subscriptionPlans).where(eq(subscriptionPlans.code, payload.plan));
  const planName = plan?.name ?? payload.plan;
  const storeName = storeDisplayName(store.shopName, store.shopDomain);
  const renewal = frenchDate.format(new Date(payload.periodEnd));
  const email = renderSystemEmail({
    subject: t.subject(payload.percent),
    paragraphs: [t.greeting, t.usage(payload.percent, { store: storeName, plan: planName, used: payload.used, quota: payload.quota }), t.next(payload.percent, renewal)],
    details: [
      { label: t.plan, value: planName },
      { label: t.sent, value: t.sentValue(payload.used, payload.quota) },
      { label: t.period, value: t.periodValue(frenchDate.format(new Date(payload.periodStart)), renewal) },
    ],
    button: { text: t.button, url: `${ctx.config.appUrl.replace(/\/+$/, '')}/app/plans` },
    footer: t.footer,
  });
  await ctx.mailer.send({ to, subject: email.subject, messageId, text: email.text, html: email.html });
  return true;
}
