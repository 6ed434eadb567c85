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
 * A row leaving for any of these reasons leaves its hash and the reason in spent_email_change_links
 * until the link would have expired, so its landing page says which (issue 45).
 */
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '#db/client';
import { emailChangeLinks, spentEmailChangeLinks } from '#db/schema';
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

/** Why a link stopped working before its expiry. */
export type SpentReason = 'used' | 'replaced' | 'cancelled';

/** Keeps why the link of `tokenHash` stopped working, until it would have expired. */
async function recordSpent(db: Queryable, rows: { tokenHash: string; expiresAt: Date }[], reason: SpentReason): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(spentEmailChangeLinks)
    .values(rows.map((row) => ({ ...row, reason })))
    .onConflictDoNothing();
}

/**
 * Cancels the account's pending change, if any: `replaced` by a newer request, `cancelled` by a
 * password change or reset.
 */
export async function cancelEmailChangeLink(db: Queryable, userId: string, reason: Exclude<SpentReason, 'used'>): Promise<void> {
  const rows = await db
    .delete(emailChangeLinks)
    .where(eq(emailChangeLinks.userId, userId))
    .returning({ tokenHash: emailChangeLinks.tokenHash, expiresAt: emailChangeLinks.expiresAt });
  await recordSpent(db, rows, reason);
}

/**
 * What a followed link finds: live (with the address it moves the account to), or why it is
 * refused. `invalid` is a token never ours, or one whose record is gone (a day after its expiry).
 */
export type EmailChangeLinkState = { live: true; newEmail: string } | { live: false; refusal: 'expired' | SpentReason | 'invalid' };

/**
 * Takes the link's row, in one statement, so two follows of one link cannot both pass: live when it
 * was (the gateway then lets better-auth check the signature and change the address; the link counts
 * as used either way), else why it is refused.
 */
export async function takeEmailChangeLink(db: Queryable, token: string): Promise<EmailChangeLinkState> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .delete(emailChangeLinks)
    .where(eq(emailChangeLinks.tokenHash, tokenHash))
    .returning({ newEmail: emailChangeLinks.newEmail, expiresAt: emailChangeLinks.expiresAt, live: sql<boolean>`${emailChangeLinks.expiresAt} > now()` });
  if (row) {
    if (!row.live) return { live: false, refusal: 'expired' };
    await recordSpent(db, [{ tokenHash, expiresAt: row.expiresAt }], 'used');
    return { live: true, newEmail: row.newEmail };
  }
  const [spent] = await db.select({ reason: spentEmailChangeLinks.reason }).from(spentEmailChangeLinks).where(eq(spentEmailChangeLinks.tokenHash, tokenHash));
  const reason = spent?.reason;
  return { live: false, refusal: reason === 'used' || reason === 'replaced' || reason === 'cancelled' ? reason : 'invalid' };
}
