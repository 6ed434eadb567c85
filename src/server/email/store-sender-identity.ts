/**
 * The sender identity of a store's one-off mails (send-email, the template editor's test, the
 * self-test), read as the sender reads it for review requests (requests/sender.ts): the store's own
 * address, signed, once its domain verified; otherwise the app's address with Reply-To the merchant.
 */
import { eq } from 'drizzle-orm';
import { storeEmailConfig, storeSenderDomains } from '#db/schema';
import type { AppContext } from '../context';
import { senderIdentity, type SenderIdentity } from './sender-identity';

export async function storeSenderIdentity(ctx: AppContext, storeId: string, displayName: string): Promise<SenderIdentity> {
  const [[domain], [config]] = await Promise.all([
    ctx.db.select().from(storeSenderDomains).where(eq(storeSenderDomains.shopId, storeId)),
    ctx.db.select({ owner: storeEmailConfig.ownerNotificationEmail }).from(storeEmailConfig).where(eq(storeEmailConfig.shopId, storeId)),
  ]);
  return senderIdentity(
    ctx.config.mail.from,
    ctx.config.encryptionKey,
    displayName,
    domain
      ? { from_address: domain.fromAddress, domain: domain.domain, selector: domain.selector, dkim_private_key: domain.dkimPrivateKey, verified: domain.verifiedAt !== null }
      : null,
    config?.owner ?? null,
  );
}
