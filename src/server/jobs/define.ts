/**
 * Typed jobs. A job is defined once, in its feature's folder, by its name, a zod schema of its
 * payload and its handler (`defineJob`); it is enqueued through its definition (`enqueue`), so the
 * compiler checks the payload and the schema checks it again at run time; the worker parses each
 * stored payload with the same schema before the handler sees it. This module and the worker import
 * no feature: the one list of definitions lives at the composition root (`src/server/job-registry.ts`).
 *
 * Payload schemas describe plain JSON objects (strings, numbers, booleans; no transforms): what is
 * stored is the parsed value, and the worker parses it again.
 */
import { z } from 'zod';
import type { Queryable } from '#db/client';
import type { AppContext } from '../context';
import { enqueueJob, enqueueJobs, type EnqueueOptions } from './queue';

export { tickKey } from './queue';
export type { EnqueueOptions } from './queue';

/** A job's payload: a JSON object. */
export type JobPayloadSchema = z.ZodType<Record<string, unknown>>;

/** The running job, for handlers that need its identity (a worker id, a log line). */
export interface RunningJob {
  id: string;
  attempts: number;
  maxAttempts: number;
  /**
   * Aborted when the worker is stopping (SIGTERM): a long handler stops taking new work, finishes or
   * gives back what it holds, and may throw JobReleasedError to have the job run again elsewhere.
   */
  signal?: AbortSignal;
}

/**
 * Thrown by a handler that stopped early because its worker is stopping: the job goes back to the
 * queue, due at once and without using an attempt, for another worker (or the next start).
 */
export class JobReleasedError extends Error {
  constructor(jobName: string) {
    super(`job ${jobName} released: its worker is stopping`);
    this.name = 'JobReleasedError';
  }
}

export interface JobDefinition<S extends JobPayloadSchema = JobPayloadSchema> {
  readonly name: string;
  readonly payload: S;
  /** Attempts before the job ends `failed` (an enqueue may ask for another number). */
  readonly maxAttempts: number;
  // Method syntax on purpose: a definition of a precise payload is also a JobDefinition of any
  // payload (the registry's list), while enqueue and the handler keep the precise type.
  run(payload: z.output<S>, ctx: AppContext, job: RunningJob): Promise<void>;
}

export function defineJob<S extends JobPayloadSchema>(definition: {
  name: string;
  payload: S;
  maxAttempts?: number;
  run: (payload: z.output<S>, ctx: AppContext, job: RunningJob) => Promise<void>;
}): JobDefinition<S> {
  return { name: definition.name, payload: definition.payload, maxAttempts: definition.maxAttempts ?? 5, run: definition.run };
}

/**
 * A payload its job's schema refuses: at enqueue (a bug in the caller) or in the worker (a row written
 * by hand or by an older version). Never worth a retry. The message names the fields, never their
 * values (a payload may carry an e-mail address, and the message is logged and stored).
 */
export class InvalidJobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    issues: readonly z.core.$ZodIssue[],
  ) {
    const detail = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
      .join('; ');
    super(`invalid payload for job ${jobName}: ${detail}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/** The stored form of `payload`, or InvalidJobPayloadError. */
export function parseJobPayload<S extends JobPayloadSchema>(job: JobDefinition<S>, payload: unknown): z.output<S> {
  const parsed = job.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayloadError(job.name, parsed.error.issues);
  return parsed.data;
}

type Target = Queryable | { db: Queryable };
const dbOf = (target: Target): Queryable => ('execute' in target ? target : target.db);

/**
 * Enqueues `job` with `payload`, checked by the compiler and by the job's schema (which throws
 * InvalidJobPayloadError before anything is written). Pass a transaction to enqueue with the
 * caller's writes. Returns the new job's id, or null when `dedupeKey` already exists.
 */
export async function enqueue<S extends JobPayloadSchema>(
  target: Target,
  job: JobDefinition<S>,
  payload: NoInfer<z.input<S>>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const value = parseJobPayload(job, payload);
  return enqueueJob(dbOf(target), job.name, value, { ...options, maxAttempts: options.maxAttempts ?? job.maxAttempts });
}

/** Several jobs of one definition in one INSERT; every payload is checked before anything is written. */
export async function enqueueMany<S extends JobPayloadSchema>(
  target: Target,
  job: JobDefinition<S>,
  payloads: readonly NoInfer<z.input<S>>[],
  options: { maxAttempts?: number; runAt?: Date } = {},
): Promise<string[]> {
  const values = payloads.map((payload) => parseJobPayload(job, payload));
  return enqueueJobs(dbOf(target), job.name, values, { ...options, maxAttempts: options.maxAttempts ?? job.maxAttempts });
}

/** The payload of a periodic tick, enqueued by every worker once per interval (see PeriodicTask). */
export const tickPayload = z.object({ tick: z.iso.datetime() });
export type TickPayload = z.input<typeof tickPayload>;

export interface PeriodicTask {
  job: JobDefinition;
  intervalSeconds: number;
}

/** A job enqueued once per interval with a tick payload; refused by the compiler if its schema cannot take one. */
export function periodic<S extends JobPayloadSchema>(
  job: JobDefinition<S> & (TickPayload extends z.input<S> ? unknown : { error: 'this job does not accept a tick payload' }),
  intervalSeconds: number,
): PeriodicTask {
  return { job: job as JobDefinition, intervalSeconds };
}
