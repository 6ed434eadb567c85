/**
 * The worker loop: heart-beats, enqueues periodic ticks under deterministic keys, reclaims jobs of
 * dead workers, and claims and runs due jobs. Many processes may run it against one PostgreSQL.
 *
 * Faults it survives (decision 023): an outcome the database could not take (a lost connection, a
 * failover) is kept and written by the next pass that reaches the database, so a live worker never
 * leaves a job `running` for the stale timeout; a stop (SIGTERM) claims nothing more, asks running
 * jobs to stop through their signal, and releases what is still running when the grace ends.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { workerHeartbeats } from '#db/schema';
import { enqueue, InvalidJobPayloadError, JobReleasedError, type JobDefinition, type PeriodicTask } from './define';
import { claimJobs, completeJob, failJob, reclaimStaleJobs, releaseJobs, storableErrorText, tickKey, type Job } from './queue';

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
  /**
   * Stops at once: no job is claimed after this call, and running jobs are asked to stop (their
   * `signal`). Waits for them up to `graceMs` (unbounded by default), then puts back in the queue
   * whatever is still running, and forgets its heartbeat.
   */
  stop(graceMs?: number): Promise<void>;
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

  /** What became of a job this process ran: written at once, or kept until the database answers. */
  type Outcome = { kind: 'succeeded' } | { kind: 'released' } | { kind: 'failed'; error: unknown; permanent: boolean };
  const unrecorded = new Map<string, { job: Job; outcome: Outcome }>();
  const stopping = new AbortController();

  async function runJob(job: Job) {
    const definition = byName.get(job.name)!;
    let outcome: Outcome;
    try {
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success) throw new InvalidJobPayloadError(job.name, parsed.error.issues);
      await definition.run(parsed.data, ctx, { id: job.id, attempts: job.attempts, maxAttempts: job.maxAttempts, signal: stopping.signal });
      outcome = { kind: 'succeeded' };
    } catch (error) {
      // A payload a schema refuses (this job's, or one its handler tried to enqueue) is a bug no retry mends.
      outcome = error instanceof JobReleasedError ? { kind: 'released' } : { kind: 'failed', error, permanent: error instanceof InvalidJobPayloadError };
    }
    try {
      await record(job, outcome);
    } catch (recordError) {
      // The database did not take it (a lost connection, a failover): kept, and written by the next
      // pass that reaches the database, not left `running` for the stale timeout.
      unrecorded.set(job.id, { job, outcome });
      log.warn(`job ${job.name}: its outcome is kept until the database answers`, { jobId: job.id, outcome: outcome.kind, error: storableErrorText(recordError) });
    }
  }

  /** Writes a job's outcome, only while this worker still holds the job. Throws when the database does not take it. */
  async function record(job: Job, outcome: Outcome) {
    if (outcome.kind === 'succeeded') return completeJob(ctx.db, job.id, id);
    if (outcome.kind === 'released') {
      await releaseJobs(ctx.db, id, [job.id]);
      return log.info(`job ${job.name} released: the worker is stopping`, { jobId: job.id });
    }
    // The cleaned text: a raw database error carries the statement's parameters (customer data).
    const fields = { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, error: storableErrorText(outcome.error) };
    const result = await failJob(ctx.db, job, outcome.error, { permanent: outcome.permanent, workerId: id });
    // A job failed for good needs an operator (it also shows in /health): error, not warn.
    if (outcome.permanent) log.error(`job ${job.name} failed for good: invalid payload`, fields);
    else if (result === 'failed') log.error(`job ${job.name} failed for good after ${job.attempts} attempts`, fields);
    else log.warn(`job ${job.name} failed (retry)`, fields);
  }

  /** The outcomes kept while the database did not answer, written now; throws if it still does not. */
  async function recordKept() {
    for (const [jobId, { job, outcome }] of unrecorded) {
      await record(job, outcome);
      unrecorded.delete(jobId);
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
    await recordKept();
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
        await recordKept();
        await heartbeat();
        await enqueueTicks();
        await reclaim();
        const batch = await claimJobs(ctx.db, id, names, options.concurrency);
        if (!running) {
          // Stopped while this claim was under way: nothing claimed after the stop runs.
          await releaseJobs(
            ctx.db,
            id,
            batch.map((job) => job.id),
          );
          break;
        }
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
    async stop(graceMs = Infinity) {
      running = false;
      stopping.abort();
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace over'>((resolve) => {
        if (Number.isFinite(graceMs)) timer = setTimeout(() => resolve('grace over'), Math.max(0, graceMs));
      });
      const ended = await Promise.race([loop ?? Promise.resolve(), graceOver]);
      clearTimeout(timer);
      try {
        await recordKept();
        // What is still running when the grace ends goes back to the queue, its attempt given back.
        const released = ended === 'grace over' ? await releaseJobs(ctx.db, id) : [];
        if (released.length) log.warn('jobs still running at the end of the grace period released', { workerId: id, jobs: released.map((j) => j.name) });
      } catch (error) {
        log.error('jobs held at the stop could not be released: the stale timeout will requeue them', { workerId: id, error: storableErrorText(error) });
      }
      await ctx.db
        .delete(workerHeartbeats)
        .where(sql`${workerHeartbeats.workerId} = ${id}`)
        .catch(() => {});
      log.info('worker stopped', { workerId: id });
    },
    drain,
  };
}
