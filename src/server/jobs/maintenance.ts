/**
 * `maintenance`, daily housekeeping: fails jobs left queued past their attempts, keeps infrastructure
 * tables small, drops expired one-time secrets, vacuums PGlite. It reads and writes tables only (no
 * feature module), so it lives beside the queue.
 */
import { sql } from 'drizzle-orm';
import { defineJob, tickPayload } from './define';
import { failExhaustedJobs, purgeFinishedJobs } from './queue';

export const maintenanceJob = defineJob({
  name: 'maintenance',
  payload: tickPayload,
  maxAttempts: 3,
  async run(_payload, ctx) {
    const exhausted = await failExhaustedJobs(ctx.db);
    for (const job of exhausted) ctx.log.child('maintenance').error(`job ${job.name} past its attempts: failed for good`, { jobId: job.id, attempts: job.attempts });
    const jobs = await purgeFinishedJobs(ctx.db, 7);
    await ctx.db.execute(sql`DELETE FROM oauth_states WHERE expires_at < now() - interval '1 day'`);
    await ctx.db.execute(sql`DELETE FROM verification WHERE expires_at < now() - interval '1 day'`);
    await ctx.db.execute(sql`DELETE FROM email_change_links WHERE expires_at < now() - interval '1 day'`);
    await ctx.db.execute(sql`DELETE FROM spent_email_change_links WHERE expires_at < now() - interval '1 day'`);
    await ctx.db.execute(sql`DELETE FROM worker_heartbeats WHERE last_seen_at < now() - interval '1 day'`);
    await ctx.db.execute(sql`DELETE FROM email_outbox WHERE created_at < now() - interval '30 days'`);
    // Rate-limit windows last an hour at most; the sign-in "known address" markers last 30 days.
    await ctx.db.execute(sql`DELETE FROM rate_limit WHERE last_request < (extract(epoch FROM now() - interval '31 days') * 1000)::bigint`);
    // PGlite runs PostgreSQL in single-user mode, without autovacuum: reclaim dead rows and refresh
    // the planner's statistics here. PostgreSQL servers do this themselves.
    if (ctx.dbHandle.kind === 'pglite') await ctx.db.execute(sql`VACUUM (ANALYZE)`);
    ctx.log.child('maintenance').info('maintenance done', { purgedJobs: jobs });
  },
});
