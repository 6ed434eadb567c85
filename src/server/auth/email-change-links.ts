/**
 * The e-mail change link, made single-use (decision 046). better-auth's link is a signed token that
 * it never stores: valid for 24 hours and bound only to the account's current address, so once the
 * address came back to what it was (changed to N, then back), the first link worked again and moved
 * the account to N without a session. Each link e-mailed is therefore recorded here, one per account
 * and only as its SHA-256, and the gateway (routes.ts) forwards a followed link to better-auth only
 * after taking its row: a link is live while its row is, and
 * - following it deletes the row (used once, whoever follows it and however often);
 * - a newer change request replaces the row (the earlier link is cancelled);
 * - a password change or reset deletes the row: the notice to the old address tells its owner to
 *   change the password if the request was not theirs, and that must stop the pending change too.
 */
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '#db/client';
import { emailChangeLinks } from '#db/schema';
import { hashToken } from '../security/tokens';

/** Records the link just made for `userId` (better-auth's sendVerificationEmail), replacing any earlier one. */
export async function recordEmailChangeLink(db: Queryable, link: { userId: string; newEmail: string; token: string; ttlSeconds: number }): Promise<void> {
  const values = {
    tokenHash: hashToken(link.token),
    newEmail: link.newEmail.toLowerCase(),
    expiresAt: new Date(Date.now() + link.ttlSeconds * 1000),
    createdAt: new Date(),
  };
  await db
    .insert(emailChangeLinks)
    .values({ userId: link.userId, ...values })
    .onConflictDoUpdate({ target: emailChangeLinks.userId, set: values });
}

/** Cancels the account's pending change, if any (a newer request, a password change or reset). */
export async function cancelEmailChangeLink(db: Queryable, userId: string): Promise<void> {
  await db.delete(emailChangeLinks).where(eq(emailChangeLinks.userId, userId));
}

/** Why a followed link is refused, as better-auth's codes say it (the landing page reads `error`). */
export type EmailChangeLinkRefusal = 'INVALID_TOKEN' | 'TOKEN_EXPIRED';

/**
 * Takes the link's row, in one statement, so two follows of one link cannot both pass: null when it
 * was live (the gateway then lets better-auth check the signature and change the address), else why
 * it is refused. An unknown token (used, replaced, cancelled, or never ours) is INVALID_TOKEN.
 */
export async function takeEmailChangeLink(db: Queryable, token: string): Promise<EmailChangeLinkRefusal | null> {
  const [row] = await db
    .delete(emailChangeLinks)
    .where(eq(emailChangeLinks.tokenHash, hashToken(token)))
    .returning({ live: sql<boolean>`${emailChangeLinks.expiresAt} > now()` });
  if (!row) return 'INVALID_TOKEN';
  return row.live ? null : 'TOKEN_EXPIRED';
}
