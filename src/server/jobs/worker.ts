/**
 * The worker loop: heart-beats, enqueues periodic ticks under deterministic keys, reclaims jobs of
 * dead workers, and claims and runs due jobs. Many processes may run it against one PostgreSQL.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { workerHeartbeats } from '../../db/schema';
import { enqueue, InvalidJobPayloadError, type JobDefinition, type PeriodicTask } from './define';
import { claimJobs, completeJob, failJob, reclaimStaleJobs, storableErrorText, tickKey, type Job } from './queue';

export type { PeriodicTask } from './define';

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

/**
 * A worker for `jobs` (the definitions it runs: the registry's list in the product) and the periodic
 * ticks it enqueues. Each stored payload is parsed with its job's schema before the handler runs; a
 * payload the schema refuses fails the job at once, for good.
 */
export function createWorker(ctx: AppContext, jobs: readonly JobDefinition[], periodic: readonly PeriodicTask[], options: WorkerOptions): Worker {
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const byName = new Map<string, JobDefinition>();
  for (const job of jobs) {
    if (byName.has(job.name)) throw new Error(`two job definitions are named ${job.name}`);
    byName.set(job.name, job);
  }
  for (const task of periodic) {
    if (byName.get(task.job.name) !== task.job) throw new Error(`periodic job ${task.job.name} is not among the worker's jobs`);
  }
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
      await enqueue(ctx.db, task.job, { tick: at.toISOString() }, { dedupeKey: tickKey(task.job.name, task.intervalSeconds, at) });
    }
  }

  async function runJob(job: Job) {
    const definition = byName.get(job.name)!;
    try {
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success) throw new InvalidJobPayloadError(job.name, parsed.error.issues);
      await definition.run(parsed.data, ctx, { id: job.id, attempts: job.attempts, maxAttempts: job.maxAttempts });
      await completeJob(ctx.db, job.id);
    } catch (error) {
      // The cleaned text: a raw database error carries the statement's parameters (customer data).
      const fields = { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, error: storableErrorText(error) };
      // A payload a schema refuses (this job's, or one its handler tried to enqueue) is a bug no retry mends.
      const permanent = error instanceof InvalidJobPayloadError;
      let outcome: 'retry' | 'failed';
      try {
        outcome = await failJob(ctx.db, job, error, { permanent });
      } catch (recordError) {
        // The database refused even the generic text: the job stays running until reclaimStaleJobs,
        // which counts this attempt. The other jobs of the batch carry on.
        log.error(`job ${job.name} failed and its failure could not be recorded`, { ...fields, recordError: storableErrorText(recordError) });
        return;
      }
      // A job failed for good needs an operator (it also shows in /health): error, not warn.
      if (permanent) log.error(`job ${job.name} failed for good: invalid payload`, fields);
      else if (outcome === 'failed') log.error(`job ${job.name} failed for good after ${job.attempts} attempts`, fields);
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
      await ctx.db
        .delete(workerHeartbeats)
        .where(sql`${workerHeartbeats.workerId} = ${id}`)
        .catch(() => {});
      log.info('worker stopped', { workerId: id });
    },
    drain,
  };
}
