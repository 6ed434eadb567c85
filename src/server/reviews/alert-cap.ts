/**
 * The hourly cap of merchant alerts (decision 022; the numbers in core/alert-limits.ts). Each alert
 * about a review is decided once, in a transaction that holds the store's and the recipient's
 * advisory locks (always in that order): sent while the store and the address have had fewer than
 * their cap of alerts this UTC hour, otherwise held. The first held alert of an hour enqueues that
 * hour's digest, run once the hour is over: one e-mail that sums up the held alerts (how many, per
 * rating; no reviewer's words), so nothing is dropped silently.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { queryRows } from '#db/client';
import { merchantAlerts, shopifyReviews, shopifyStores } from '#db/schema';
import { ALERT_LIMITS } from '#core/alert-limits';
import { renderSystemEmail } from '#core/email/system-email';
import type { AppContext } from '../context';
import { defineJob, enqueue } from '../jobs/define';
import { recipientMessages } from '../messages/notification-recipients';
import { storeDisplayName } from '../stores/service';

export type AlertStatus = 'sent' | 'held' | 'digested';

const HOUR = 3600_000;
/** The start of the UTC hour `at` falls in. */
export const hourOf = (at: number) => new Date(Math.floor(at / HOUR) * HOUR);

export const sendAlertDigestJob = defineJob({
  name: 'send-alert-digest',
  payload: z.object({ storeId: z.guid(), recipient: z.string().min(1), hour: z.iso.datetime() }),
  maxAttempts: 8,
  async run(payload, ctx) {
    await sendAlertDigest(ctx, payload);
  },
});

/**
 * Decides the alert about `reviewId` to `recipient`, once: 'sent' (send it now) or 'held' (the
 * hour's digest will count it). A retry finds the first decision.
 */
export async function decideAlert(ctx: AppContext, storeId: string, reviewId: string, recipient: string, now = Date.now()): Promise<AlertStatus> {
  const hour = hourOf(now);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`merchant-alerts:store:${storeId}`}))`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`merchant-alerts:to:${recipient}`}))`);
    const [existing] = await tx.select({ status: merchantAlerts.status }).from(merchantAlerts).where(eq(merchantAlerts.reviewId, reviewId));
    if (existing) return existing.status;
    const [counts] = await queryRows<{ store: number; to: number }>(
      tx,
      sql`SELECT count(*) FILTER (WHERE shop_id = ${storeId}::uuid)::int AS store, count(*) FILTER (WHERE recipient = ${recipient})::int AS "to"
          FROM merchant_alerts
          WHERE hour = ${hour.toISOString()}::timestamptz AND status = 'sent' AND (shop_id = ${storeId}::uuid OR recipient = ${recipient})`,
    );
    const over = (counts?.store ?? 0) >= ALERT_LIMITS.perStorePerHour || (counts?.to ?? 0) >= ALERT_LIMITS.perRecipientPerHour;
    const status: AlertStatus = over ? 'held' : 'sent';
    await tx.insert(merchantAlerts).values({ shopId: storeId, reviewId, recipient, hour, status });
    if (over) {
      await enqueue(
        tx,
        sendAlertDigestJob,
        { storeId, recipient, hour: hour.toISOString() },
        { dedupeKey: `alert-digest:${storeId}:${recipient}:${hour.toISOString()}`, runAt: new Date(hour.getTime() + HOUR) },
      );
    }
    return status;
  });
}

/** The hour's digest for one store and address: sent once, then its alerts are marked digested. */
export async function sendAlertDigest(ctx: AppContext, payload: { storeId: string; recipient: string; hour: string }): Promise<boolean> {
  const hour = new Date(payload.hour);
  const held = await ctx.db
    .select({ id: merchantAlerts.id, rating: shopifyReviews.rating })
    .from(merchantAlerts)
    .innerJoin(shopifyReviews, eq(shopifyReviews.id, merchantAlerts.reviewId))
    .where(and(eq(merchantAlerts.shopId, payload.storeId), eq(merchantAlerts.recipient, payload.recipient), eq(merchantAlerts.hour, hour), eq(merchantAlerts.status, 'held')));
  const [store] = await ctx.db.select({ name: shopifyStores.shopName, domain: shopifyStores.shopDomain }).from(shopifyStores).where(eq(shopifyStores.id, payload.storeId));
  if (held.length === 0 || !store) return false;
  const host = new URL(ctx.config.appUrl).hostname;
  const to = createHash('sha256').update(payload.recipient).digest('hex').slice(0, 16);
  const messageId = `alert-digest-${payload.storeId}-${hour.getTime()}-${to}@${host}`;
  // A retry after the transport took it (the outbox can tell): never a second digest.
  if ((await ctx.mailer.wasAccepted(messageId)) !== true) {
    const t = recipientMessages.digest;
    const name = storeDisplayName(store.name, store.domain);
    const byRating = [5, 4, 3, 2, 1].map((rating) => ({ rating, count: held.filter((h) => h.rating === rating).length })).filter((r) => r.count > 0);
    const email = renderSystemEmail({
      subject: t.subject(held.length, name),
      paragraphs: [t.intro(held.length, name, Math.min(ALERT_LIMITS.perStorePerHour, ALERT_LIMITS.perRecipientPerHour))],
      details: byRating.map((r) => ({ label: t.rating(r.rating), value: t.count(r.count) })),
      button: { text: t.button, url: `${ctx.config.appUrl.replace(/\/+$/, '')}/app/feedback` },
      footer: t.footer,
    });
    await ctx.mailer.send({ to: payload.recipient, subject: email.subject, text: email.text, html: email.html, messageId });
  }
  await ctx.db
    .update(merchantAlerts)
    .set({ status: 'digested' })
    .where(
      inArray(
        merchantAlerts.id,
        held.map((h) => h.id),
      ),
    );
  return true;
}
