/**
 * The worker loop: heart-beats, enqueues periodic ticks under deterministic keys, reclaims jobs of
 * dead workers, and claims and runs due jobs. Many processes may run it against one PostgreSQL.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { workerHeartbeats } from '../../db/schema';
import { claimJobs, completeJob, enqueueJob, failJob, reclaimStaleJobs, storableErrorText, tickKey, type Job } from './queue';

export interface JobHandler {
  name: string;
  maxAttempts?: number;
  run(job: Job, ctx: AppContext): Promise<void>;
}

export interface PeriodicTask {
  /** The job enqueued once per interval. */
  name: string;
  intervalSeconds: number;
}

export interface WorkerOptions {
  workerId?: string;
  pollIntervalMs: number;
  concurrency: number;
  heartbeatIntervalMs?: number;
  /** A running job not finished after this long is considered abandoned and requeued. */
  staleTimeoutSeconds?: number;
  now?: () => Date;
}

export interface Worker {
  readonly id: string;
  start(): void;
  stop(): Promise<void>;
  /** One pass: heartbeat, ticks, reclaim, then claim and run jobs until none are due. Returns how many ran. */
  drain(): Promise<number>;
}

export function createWorker(ctx: AppContext, handlers: JobHandler[], periodic: PeriodicTask[], options: WorkerOptions): Worker {
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const byName = new Map(handlers.map((h) => [h.name, h]));
  const names = [...byName.keys()];
  const log = ctx.log.child('worker');
  const now = options.now ?? (() => new Date());
  const heartbeatEvery = options.heartbeatIntervalMs ?? 10_000;
  const staleAfter = options.staleTimeoutSeconds ?? 15 * 60;
  let lastHeartbeat = 0;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function heartbeat(force = false) {
    if (!force && Date.now() - lastHeartbeat < heartbeatEvery) return;
    lastHeartbeat = Date.now();
    await ctx.db
      .insert(workerHeartbeats)
      .values({ workerId: id, role: ctx.config.role, lastSeenAt: now() })
      .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { lastSeenAt: sql`now()` } });
  }

  async function enqueueTicks() {
    const at = now();
    for (const task of periodic) {
      await enqueueJob(ctx.db, task.name, { tick: at.toISOString() }, {
        dedupeKey: tickKey(task.name, task.intervalSeconds, at),
        maxAttempts: byName.get(task.name)?.maxAttempts ?? 3,
      });
    }
  }

  async function runJob(job: Job) {
    const handler = byName.get(job.name)!;
    try {
      await handler.run(job, ctx);
      await completeJob(ctx.db, job.id);
    } catch (error) {
      // The cleaned text: a raw database error carries the statement's parameters (customer data).
      const fields = { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, error: storableErrorText(error) };
      let outcome: 'retry' | 'failed';
      try {
        outcome = await failJob(ctx.db, job, error);
      } catch (recordError) {
        // The database refused even the generic text: the job stays running until reclaimStaleJobs,
        // which counts this attempt. The other jobs of the batch carry on.
        log.error(`job ${job.name} failed and its failure could not be recorded`, { ...fields, recordError: storableErrorText(recordError) });
        return;
      }
      // A job failed for good needs an operator (it also shows in /health): error, not warn.
      if (outcome === 'failed') log.error(`job ${job.name} failed for good after ${job.attempts} attempts`, fields);
      else log.warn(`job ${job.name} failed (retry)`, fields);
    }
  }

  async function reclaim() {
    const { requeued, failed } = await reclaimStaleJobs(ctx.db, staleAfter);
    if (requeued > 0) log.warn('jobs of a dead worker requeued', { count: requeued });
    for (const job of failed) {
      log.error(`job ${job.name} abandoned on its last attempt: failed for good`, { jobId: job.id, attempts: job.attempts });
    }
  }

  async function drain(): Promise<number> {
    await heartbeat(true);
    await enqueueTicks();
    await reclaim();
    let ran = 0;
    for (;;) {
      const batch = await claimJobs(ctx.db, id, names, options.concurrency);
      if (batch.length === 0) return ran;
      await Promise.all(batch.map(runJob));
      ran += batch.length;
    }
  }

  async function runLoop() {
    log.info('worker started', { workerId: id, jobs: names });
    while (running) {
      try {
        await heartbeat();
        await enqueueTicks();
        await reclaim();
        const batch = await claimJobs(ctx.db, id, names, options.concurrency);
        if (batch.length > 0) {
          await Promise.all(batch.map(runJob));
          continue; // more may be due: poll again at once
        }
      } catch (error) {
        log.error('worker pass failed', { error: (error as Error).message });
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      loop = runLoop();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      await ctx.db.delete(workerHeartbeats).where(sql`${workerHeartbeats.workerId} = ${id}`).catch(() => {});
      log.info('worker stopped', { workerId: id });
    },
    drain,
  };
}
