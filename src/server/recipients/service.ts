/**
 * Notification addresses and their confirmation (decision 022). An alert address other than the
 * account's own (the owner notification address of the settings, a rating action's) gets a link
 * e-mailed to it; until it is followed, no alert goes there: the account's address receives them
 * instead (`alertRecipient`), so nothing is lost and nothing a reviewer wrote reaches a stranger.
 * The link's token is made by the worker (`send-recipient-confirmation`), single-use, expiring, and
 * stored only as its SHA-256, like the other one-time secrets here.
 */
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '#db/client';
import { notificationRecipients, ratingActions, shopifyStores, storeEmailConfig, user } from '#db/schema';
import { ALERT_LIMITS } from '#core/alert-limits';
import type { NotificationRecipient, NotificationRecipients, RecipientLinkStatus } from '#core/api/notification-recipients';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { enqueue } from '../jobs/define';
import { hitRateLimit, type LimitResult } from '../security/rate-limit';
import { hashToken } from '../security/tokens';
import { storeDisplayName } from '../stores/service';
import { sendRecipientConfirmationJob } from './jobs';

type RecipientRow = typeof notificationRecipients.$inferSelect;

const normalise = (address: string) => address.trim().toLowerCase();

/** The account's address of the store's owner, or null when the store is gone. */
async function accountEmailOf(db: Queryable, storeId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(shopifyStores).innerJoin(user, eq(user.id, shopifyStores.userId)).where(eq(shopifyStores.id, storeId));
  return row ? normalise(row.email) : null;
}

/** The addresses the store names for alerts (its settings, its alerting rating actions), each once, lower-cased. */
async function addressesInUse(db: Queryable, storeId: string): Promise<string[]> {
  const [[config], actions] = await Promise.all([
    db.select({ owner: storeEmailConfig.ownerNotificationEmail }).from(storeEmailConfig).where(eq(storeEmailConfig.shopId, storeId)),
    db
      .select({ email: ratingActions.notificationEmail })
      .from(ratingActions)
      .where(and(eq(ratingActions.shopId, storeId), isNotNull(ratingActions.notificationEmail), inArray(ratingActions.actionType, ['notify_email', 'collect_feedback']))),
  ]);
  const all = [config?.owner, ...actions.map((a) => a.email)].filter((a): a is string => !!a && a.trim() !== '').map(normalise);
  return [...new Set(all)];
}

function stateOf(email: string, account: string, row: RecipientRow | undefined): NotificationRecipient {
  if (email === account) return { email, state: 'account', link_sent_at: null };
  if (row?.confirmedAt) return { email, state: 'confirmed', link_sent_at: null };
  return { email, state: 'pending', link_sent_at: row?.linkSentAt?.toISOString() ?? null };
}

async function rowsOf(db: Queryable, storeId: string, emails: string[]): Promise<Map<string, RecipientRow>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select()
    .from(notificationRecipients)
    .where(and(eq(notificationRecipients.shopId, storeId), inArray(notificationRecipients.email, emails)));
  return new Map(rows.map((r) => [r.email, r]));
}

/** GET /api/notification-recipients: each address in use and its state. */
export async function readRecipients(db: Queryable, storeId: string): Promise<NotificationRecipients> {
  const account = await accountEmailOf(db, storeId);
  if (!account) throw new DomainError('no_store');
  const emails = await addressesInUse(db, storeId);
  const rows = await rowsOf(db, storeId, emails);
  return { account_email: account, recipients: emails.map((email) => stateOf(email, account, rows.get(email))) };
}

/**
 * Sends a link to `row` if the address's limit allows (ALERT_LIMITS.confirmationLinks, per address
 * whatever the store, so no merchant can use the links to flood someone). Marks when it was asked.
 */
async function sendLink(ctx: AppContext, row: RecipientRow): Promise<LimitResult> {
  const limit = await hitRateLimit(ctx.db, `recipient-link:${row.email}`, ALERT_LIMITS.confirmationLinks);
  if (!limit.allowed) return limit;
  await ctx.db.transaction(async (tx) => {
    await tx.update(notificationRecipients).set({ linkSentAt: new Date() }).where(eq(notificationRecipients.id, row.id));
    await enqueue(tx, sendRecipientConfirmationJob, { recipientId: row.id });
  });
  return limit;
}

async function ensureRow(db: Queryable, storeId: string, email: string): Promise<RecipientRow> {
  await db.insert(notificationRecipients).values({ shopId: storeId, email }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(notificationRecipients)
    .where(and(eq(notificationRecipients.shopId, storeId), eq(notificationRecipients.email, email)));
  return row!;
}

/**
 * After the settings or the rating actions are saved: every address they name other than the
 * account's gets its row and, unless it is confirmed or a link went within a link's life, a link.
 * Over the address's limit nothing is sent now: « Renvoyer le lien » can do it later.
 */
export async function requestConfirmations(ctx: AppContext, storeId: string): Promise<void> {
  const account = await accountEmailOf(ctx.db, storeId);
  if (!account) return;
  const recent = Date.now() - ALERT_LIMITS.confirmationLinkHours * 3600_000;
  for (const email of await addressesInUse(ctx.db, storeId)) {
    if (email === account) continue;
    const row = await ensureRow(ctx.db, storeId, email);
    if (row.confirmedAt || (row.linkSentAt && row.linkSentAt.getTime() > recent)) continue;
    await sendLink(ctx, row);
  }
}

/** POST /api/notification-recipients/resend: a fresh link to an address in use and waiting (rate limited). */
export async function resendLink(ctx: AppContext, storeId: string, address: string): Promise<NotificationRecipient> {
  const email = normalise(address);
  const account = await accountEmailOf(ctx.db, storeId);
  if (!account) throw new DomainError('no_store');
  if (!(await addressesInUse(ctx.db, storeId)).includes(email)) throw new DomainError('recipient_not_in_use');
  if (email === account) throw new DomainError('recipient_already_confirmed');
  const row = await ensureRow(ctx.db, storeId, email);
  if (row.confirmedAt) throw new DomainError('recipient_already_confirmed');
  const sent = await sendLink(ctx, row);
  if (!sent.allowed) throw new DomainError('rate_limited', { retryAfterSeconds: sent.retryAfterSeconds });
  return stateOf(email, account, { ...row, linkSentAt: new Date() });
}

const liveToken = (token: string) =>
  and(eq(notificationRecipients.tokenHash, hashToken(token)), gt(notificationRecipients.tokenExpiresAt, sql`now()`), isNull(notificationRecipients.confirmedAt));

async function linkStatus(db: Queryable, row: { email: string; storeId: string } | undefined, confirmed: boolean): Promise<RecipientLinkStatus> {
  if (!row) throw new DomainError('recipient_link_invalid');
  const [store] = await db.select({ name: shopifyStores.shopName, domain: shopifyStores.shopDomain }).from(shopifyStores).where(eq(shopifyStores.id, row.storeId));
  if (!store) throw new DomainError('recipient_link_invalid');
  return { store_name: storeDisplayName(store.name, store.domain), email: row.email, confirmed };
}

/**
 * The live link's row, if its address is still one the store names for alerts: a link sent to an
 * address the merchant removed since confirms nothing (issue 45), and says so like a used one.
 */
async function linkInUse(db: Queryable, token: string): Promise<{ id: string; email: string; storeId: string } | undefined> {
  const [row] = await db
    .select({ id: notificationRecipients.id, email: notificationRecipients.email, storeId: notificationRecipients.shopId })
    .from(notificationRecipients)
    .where(liveToken(token));
  if (!row || !(await addressesInUse(db, row.storeId)).includes(row.email)) return undefined;
  return row;
}

/** GET /api/public/recipients/{token}: reads only (mail scanners prefetch links). */
export async function readRecipientLink(db: Queryable, token: string): Promise<RecipientLinkStatus> {
  return linkStatus(db, await linkInUse(db, token), false);
}

/** POST /api/public/recipients/{token}: confirms the address, if the store still names it, and uses the link up. */
export async function confirmRecipientLink(db: Database, token: string): Promise<RecipientLinkStatus> {
  const row = await db.transaction(async (tx) => {
    const live = await linkInUse(tx, token);
    if (!live) return undefined;
    // The token in the condition: of two confirmations at once, one uses the link.
    const [confirmed] = await tx
      .update(notificationRecipients)
      .set({ confirmedAt: sql`now()`, tokenHash: null, tokenExpiresAt: null })
      .where(and(eq(notificationRecipients.id, live.id), liveToken(token)))
      .returning({ email: notificationRecipients.email, storeId: notificationRecipients.shopId });
    return confirmed;
  });
  return linkStatus(db, row, true);
}

export interface AlertRecipient {
  /** Where the alert goes. */
  to: string;
  /** The chosen address when it is not confirmed yet (the alert then goes to the account's). */
  unconfirmed: string | null;
}

/**
 * Where an alert meant for `address` goes now: there when it is the account's own address or a
 * confirmed one, otherwise to the account's address. Null when the store is gone.
 */
export async function alertRecipient(db: Queryable, storeId: string, address: string | null | undefined): Promise<AlertRecipient | null> {
  const account = await accountEmailOf(db, storeId);
  if (!account) return null;
  const email = address ? normalise(address) : account;
  if (email === account) return { to: account, unconfirmed: null };
  const [row] = await db
    .select({ id: notificationRecipients.id })
    .from(notificationRecipients)
    .where(and(eq(notificationRecipients.shopId, storeId), eq(notificationRecipients.email, email), isNotNull(notificationRecipients.confirmedAt)));
  return row ? { to: email, unconfirmed: null } : { to: account, unconfirmed: email };
}
