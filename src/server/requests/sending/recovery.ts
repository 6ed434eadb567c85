/**
 * The lease recovery (decision 008): sends left open by a worker that died, older than
 * SEND_LEASE_SECONDS. `reserved` never reached the transport: scheduled again, quota given back.
 * `transmitting` may have: the transport is asked (the outbox knows; SMTP cannot tell, and the
 * request is counted sent « non confirmé » rather than risk a second e-mail).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import type { AppContext } from '#server/context';
import { addUsage } from '#server/plans/quota';
import { scheduleFlowReminders } from '../reminders';

type OpenEntry = { request_id: string; state: 'reserved' | 'transmitting'; message_id: string; shop_domain: string; month_period_start: string | null; day_start: string };

/** Resolves sends left open by workers that died (older than the lease). Returns how many. */
export async function recoverAbandoned(ctx: AppContext, now = new Date()): Promise<{ rescheduled: number; confirmed: number; unconfirmed: number }> {
  const cutoff = new Date(now.getTime() - ctx.config.sending.leaseSeconds * 1000).toISOString();
  const open = await queryRows<OpenEntry>(
    ctx.db,
    sql`SELECT l.request_id::text, l.state, l.message_id, s.shop_domain, l.month_period_start::text, l.day_start::text
        FROM email_send_ledger l JOIN shopify_stores s ON s.id = l.shop_id
        WHERE l.state IN ('reserved', 'transmitting') AND coalesce(l.transmitting_at, l.reserved_at) < ${cutoff}::timestamptz
        LIMIT 1000`,
  );
  const tally = { rescheduled: 0, confirmed: 0, unconfirmed: 0 };
  for (const entry of open) {
    // Asked outside any transaction: the outbox transport reads the database itself.
    const accepted = entry.state === 'transmitting' ? await ctx.mailer.wasAccepted(entry.message_id) : false;
    await ctx.db.transaction(async (tx) => {
      const [still] = await queryRows<{ state: string }>(
        tx,
        sql`SELECT state FROM email_send_ledger WHERE request_id = ${entry.request_id}::uuid AND state = ${entry.state}
              AND coalesce(transmitting_at, reserved_at) < ${cutoff}::timestamptz FOR UPDATE SKIP LOCKED`,
      );
      if (!still) return;
      if (accepted === false) {
        // The transport never had it: give the quota back and let the next claim send it, once.
        await addUsage(tx, entry.shop_domain, entry.month_period_start ? new Date(entry.month_period_start) : null, new Date(entry.day_start), -1);
        await tx.execute(sql`DELETE FROM email_send_ledger WHERE request_id = ${entry.request_id}::uuid`);
        await tx.execute(sql`UPDATE shopify_review_requests SET status = 'scheduled', updated_at = now() WHERE id = ${entry.request_id}::uuid AND status = 'processing'`);
        tally.rescheduled++;
      } else {
        await tx.execute(sql`UPDATE email_send_ledger SET state = 'sent', completed_at = now() WHERE request_id = ${entry.request_id}::uuid`);
        await tx.execute(sql`UPDATE shopify_review_requests SET status = 'sent', sent_at = coalesce(sent_at, now()), attempts = attempts + 1,
                               last_error = NULL, unconfirmed = ${accepted === null}, updated_at = now()
                             WHERE id = ${entry.request_id}::uuid AND status = 'processing'`);
        await scheduleFlowReminders(tx, [entry.request_id]);
        if (accepted === null) tally.unconfirmed++;
        else tally.confirmed++;
      }
    });
  }
  if (open.length) ctx.log.child('sender').warn('abandoned sends resolved', tally);
  return tally;
}
