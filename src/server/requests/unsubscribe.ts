/**
 * Unsubscribing from a store's e-mails, by a review request's public token (or a one-off e-mail's
 * signed link), without login:
 * the address joins the store's suppression list and its pending requests are cancelled.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client';
import { emailSuppressions, shopifyReviewRequests, shopifyStores } from '#db/schema';
import { DomainError } from '../domain-error';
import { unsubscribeMessages } from '../messages/unsubscribe';
import { storeDisplayName } from '../stores/service';
import { isOneOffToken, readOneOffUnsubscribeToken } from './one-off-unsubscribe';
import { UNSENT_IDLE_STATUSES } from '#core/domain';

/** Kept on a request that will not be sent because its address unsubscribed (shown in the calendar). */
export const UNSUBSCRIBED_NOTE = unsubscribeMessages.unsubscribedNote;

/** j***@example.com: enough for the customer to recognise the address, not to read it off a shared screen. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Who a token unsubscribes from which store: a review request's token, or a one-off e-mail's signed link. */
async function findByToken(db: Database, token: string, secret: string) {
  // A review request's random token may also begin with 'o-': only a genuine signature makes it a one-off link.
  const signed = isOneOffToken(token) ? readOneOffUnsubscribeToken(secret, token) : null;
  if (signed) {
    const [store] = await db
      .select({ shopName: shopifyStores.shopName, shopDomain: shopifyStores.shopDomain, language: shopifyStores.defaultCustomerLanguage })
      .from(shopifyStores)
      .where(eq(shopifyStores.id, signed.storeId));
    if (!store) throw new DomainError('unsubscribe_link_invalid');
    // A one-off e-mail names no request: the store's language.
    return { shopId: signed.storeId, email: signed.email, storeName: storeDisplayName(store.shopName, store.shopDomain), locale: store.language as string };
  }
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw new DomainError('unsubscribe_link_invalid');
  const [row] = await db
    .select({
      shopId: shopifyReviewRequests.shopId,
      email: shopifyReviewRequests.customerEmail,
      locale: shopifyReviewRequests.locale,
      shopName: shopifyStores.shopName,
      shopDomain: shopifyStores.shopDomain,
    })
    .from(shopifyReviewRequests)
    .innerJoin(shopifyStores, eq(shopifyStores.id, shopifyReviewRequests.shopId))
    .where(eq(shopifyReviewRequests.token, token));
  if (!row?.email) throw new DomainError('unsubscribe_link_invalid');
  return { shopId: row.shopId, email: row.email.toLowerCase(), storeName: storeDisplayName(row.shopName, row.shopDomain), locale: row.locale };
}

export async function unsubscribeStatus(db: Database, token: string, secret: string) {
  const found = await findByToken(db, token, secret);
  const [suppressed] = await db
    .select({ id: emailSuppressions.id })
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.shopId, found.shopId), eq(emailSuppressions.email, found.email)));
  return { store_name: found.storeName, email: maskEmail(found.email), unsubscribed: Boolean(suppressed), locale: found.locale };
}

export async function unsubscribe(db: Database, token: string, secret: string) {
  const found = await findByToken(db, token, secret);
  await db.transaction(async (tx) => {
    await tx.insert(emailSuppressions).values({ shopId: found.shopId, email: found.email, reason: 'unsubscribe' }).onConflictDoNothing();
    await tx
      .update(shopifyReviewRequests)
      .set({ status: 'cancelled', withdrawnReason: 'unsubscribed', lastError: UNSUBSCRIBED_NOTE, updatedAt: new Date() })
      .where(
        and(
          eq(shopifyReviewRequests.shopId, found.shopId),
          sql`lower(${shopifyReviewRequests.customerEmail}) = ${found.email}`,
          inArray(shopifyReviewRequests.status, [...UNSENT_IDLE_STATUSES]),
        ),
      );
  });
  return { ok: true as const, store_name: found.storeName };
}
