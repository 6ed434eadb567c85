/**
 * The jobs this product runs and the periodic ticks that enqueue them. Later capabilities add their
 * handlers here (webhook processing, reconciliation, the review-request sender).
 */
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { runDueSends } from '../requests/sender';
import { sendReviewNotificationJob } from '../reviews/notify';
import { failExhaustedJobs, purgeFinishedJobs } from './queue';
import { sendPasswordReset } from '../auth/jobs';
import { processWebhook } from '../webhooks/process';
import { reconcileOneStore, reconcileOrders, RECONCILE_ORDERS } from '../webhooks/reconcile';
import type { JobHandler, PeriodicTask } from './worker';

export const PROCESS_REVIEW_REQUESTS = 'process-review-requests';
export const MAINTENANCE = 'maintenance';

/**
 * The hourly sending run (also enqueued at once by an immediate history import): resolves sends
 * abandoned by dead workers, then sends every due request within the quotas.
 */
const processReviewRequests: JobHandler = {
  name: PROCESS_REVIEW_REQUESTS,
  maxAttempts: 3,
  async run(job, ctx) {
    const result = await runDueSends(ctx, { workerId: `${hostname()}:${process.pid}:${job.id}` });
    ctx.log.child('sender').info('review requests sent', { ...result });
  },
};

/**
 * Daily housekeeping: fails jobs left queued past their attempts, keeps infrastructure tables small,
 * drops expired one-time secrets, vacuums PGlite.
 */
const maintenance: JobHandler = {
  name: MAINTENANCE,
  maxAttempts: 3,
  async run(_job, ctx) {
    const exhausted = await failExhaustedJobs(ctx.db);
    for (const job of exhausted) ctx.log.child('maintenance').error(`job ${job.name} past its attempts: failed for good`, { jobId: job.id, attempts: job.attempts });
    const jobs = await purgeFinishedJobs(ctx.db, 7);
    await ctx.db.execute(sql`DELETE FROM oauth_states WHERE expires_at < now() - interval '1 day'`);
    await ctx.db.execute(sql`DELETE FROM verification WHERE expires_at < now() - interval '1 day'`);
    await ctx.db.execute(sql`DELETE FROM worker_heartbeats WHERE last_seen_at < now() - interval '1 day'`);
    await ctx.db.execute(sql`DELETE FROM email_outbox WHERE created_at < now() - interval '30 days'`);
    // Rate-limit windows last an hour at most; the sign-in "known address" markers last 30 days.
    await ctx.db.execute(sql`DELETE FROM rate_limit WHERE last_request < (extract(epoch FROM now() - interval '31 days') * 1000)::bigint`);
    // PGlite runs PostgreSQL in single-user mode, without autovacuum: reclaim dead rows and refresh
    // the planner's statistics here. PostgreSQL servers do this themselves.
    if (ctx.dbHandle.kind === 'pglite') await ctx.db.execute(sql`VACUUM (ANALYZE)`);
    ctx.log.child('maintenance').info('maintenance done', { purgedJobs: jobs });
  },
};

export function jobHandlers(): JobHandler[] {
  return [processReviewRequests, maintenance, sendPasswordReset, processWebhook, reconcileOrders, reconcileOneStore, sendReviewNotificationJob];
}

export function periodicTasks(config: Config): PeriodicTask[] {
  return [
    { name: PROCESS_REVIEW_REQUESTS, intervalSeconds: config.worker.tickIntervalSeconds },
    { name: MAINTENANCE, intervalSeconds: 86_400 },
    { name: RECONCILE_ORDERS, intervalSeconds: 3600 },
  ];
}
