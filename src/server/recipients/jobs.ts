/**
 * The jobs of notification addresses. Registered in src/server/job-registry.ts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#db/client';
import { notificationRecipients, shopifyStores } from '#db/schema';
import { ALERT_LIMITS } from '#core/alert-limits';
import { renderSystemEmail } from '#core/email/system-email';
import { defineJob } from '../jobs/define';
import { recipientMessages } from '../messages/notification-recipients';
import { hashToken, newPublicToken } from '../security/tokens';
import { storeDisplayName } from '../stores/service';

const t = recipientMessages.confirmation;

/**
 * The worker's side: a fresh token (the previous link stops working), its hash and expiry stored,
 * the link returned with the store's name. Null when the address was confirmed or removed since.
 */
async function issueLinkToken(db: Database, recipientId: string, token: string): Promise<{ email: string; storeName: string } | null> {
  const expires = new Date(Date.now() + ALERT_LIMITS.confirmationLinkHours * 3600_000);
  const [row] = await db
    .update(notificationRecipients)
    .set({ tokenHash: hashToken(token), tokenExpiresAt: expires })
    .where(and(eq(notificationRecipients.id, recipientId), isNull(notificationRecipients.confirmedAt)))
    .returning({ email: notificationRecipients.email, storeId: notificationRecipients.shopId });
  if (!row) return null;
  const [store] = await db.select({ name: shopifyStores.shopName, domain: shopifyStores.shopDomain }).from(shopifyStores).where(eq(shopifyStores.id, row.storeId));
  return store ? { email: row.email, storeName: storeDisplayName(store.name, store.domain) } : null;
}

/**
 * E-mails a confirmation link to an alert address. The token is made here, in the worker, and only
 * its hash is stored: neither the job's payload nor any table holds a working link.
 */
export const sendRecipientConfirmationJob = defineJob({
  name: 'send-recipient-confirmation',
  payload: z.object({ recipientId: z.guid() }),
  maxAttempts: 5,
  async run({ recipientId }, ctx) {
    const token = newPublicToken();
    const issued = await issueLinkToken(ctx.db, recipientId, token);
    if (!issued) return; // confirmed or removed since
    const link = `${ctx.config.appUrl.replace(/\/+$/, '')}/confirm-recipient/${token}`;
    // Nothing a reviewer wrote, nothing the merchant wrote: the store's name and the link only.
    const email = renderSystemEmail({
      subject: t.subject(issued.storeName),
      paragraphs: [t.intro(issued.storeName), t.action],
      button: { text: t.button, url: link },
      footer: t.footer(ALERT_LIMITS.confirmationLinkHours),
    });
    await ctx.mailer.send({ to: issued.email, subject: email.subject, text: email.text, html: email.html });
  },
});
