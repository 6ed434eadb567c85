import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client';
import { jobs } from '#db/schema';
import { recordingLogger } from '#tests/support/recording-logger';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { testDbKind } from '#tests/support/test-db';
import { claimJobs, completeJob, enqueueJob, failExhaustedJobs, failJob, reclaimStaleJobs, retryDelaySeconds, tickKey } from './queue';
import { z } from 'zod';
import { defineJob, enqueue, InvalidJobPayloadError, periodic, tickPayload } from './define';
import { createWorker } from './worker';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.destroy());

const statusOf = async (id: string) =>
  (await queryRows<{ status: string; attempts: number; last_error: string | null }>(ctx.db, sql`SELECT status, attempts::int, last_error FROM jobs WHERE id = ${id}`))[0];

describe('job queue', () => {
  it('enqueues once per dedupe key', async () => {
    const first = await enqueueJob(ctx.db, 'x', {}, { dedupeKey: 'k1' });
    const second = await enqueueJob(ctx.db, 'x', {}, { dedupeKey: 'k1' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(await ctx.db.select().from(jobs)).toHaveLength(1);
  });

  it('claims only due jobs of the asked names, and each job once', async () => {
    await enqueueJob(ctx.db, 'a', { n: 1 });
    await enqueueJob(ctx.db, 'b', { n: 2 });
    await enqueueJob(ctx.db, 'a', { n: 3 }, { runAt: new Date(Date.now() + 60_000) });
    const claimed = await claimJobs(ctx.db, 'w1', ['a'], 10);
    expect(claimed.map((j) => j.payload)).toEqual([{ n: 1 }]);
    expect(claimed[0]!.attempts).toBe(1);
    expect(await claimJobs(ctx.db, 'w2', ['a'], 10)).toEqual([]);
  });

  it('retries a failure with backoff, then fails for good after max attempts', async () => {
    const id = (await enqueueJob(ctx.db, 'a', {}, { maxAttempts: 2 }))!;
    const [job] = await claimJobs(ctx.db, 'w', ['a'], 1);
    expect(await failJob(ctx.db, job!, new Error('boom'))).toBe('retry');
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom' });
    expect(await claimJobs(ctx.db, 'w', ['a'], 1)).toEqual([]); // not due yet: backoff
    await ctx.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`);
    const [again] = await claimJobs(ctx.db, 'w', ['a'], 1);
    expect(await failJob(ctx.db, again!, new Error('boom again'))).toBe('failed');
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([15, 30, 60, 120]);
    expect(retryDelaySeconds(30)).toBe(3600);
  });

  it('reclaims a job whose worker died mid-run', async () => {
    const id = (await enqueueJob(ctx.db, 'a'))!;
    await claimJobs(ctx.db, 'dead-worker', ['a'], 1);
    await ctx.db.execute(sql`UPDATE jobs SET locked_at = now() - interval '1 hour' WHERE id = ${id}`);
    expect(await reclaimStaleJobs(ctx.db, 600)).toEqual({ requeued: 1, failed: [] });
    const [job] = await claimJobs(ctx.db, 'w2', ['a'], 1);
    expect(job?.attempts).toBe(2);
    await completeJob(ctx.db, job!.id);
    expect((await statusOf(id))?.status).toBe('succeeded');
  });

  it('a reclaimed job that has used its attempts ends failed, never queued again', async () => {
    const id = (await enqueueJob(ctx.db, 'a', {}, { maxAttempts: 2 }))!;
    const stale = () => ctx.db.execute(sql`UPDATE jobs SET locked_at = now() - interval '1 hour' WHERE id = ${id}`);
    await claimJobs(ctx.db, 'dead-worker', ['a'], 1);
    await stale();
    expect(await reclaimStaleJobs(ctx.db, 600)).toEqual({ requeued: 1, failed: [] });
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 1 });
    // The last attempt dies too (a payload that kills its worker): the job is dead, not requeued.
    await claimJobs(ctx.db, 'dead-again', ['a'], 1);
    await stale();
    expect(await reclaimStaleJobs(ctx.db, 600)).toEqual({ requeued: 0, failed: [{ id, name: 'a', attempts: 2 }] });
    const row = await statusOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row!.last_error).toBe('abandoned after worker timeout on its last attempt (2 of 2); before: reclaimed after worker timeout');
    expect(await reclaimStaleJobs(ctx.db, 600)).toEqual({ requeued: 0, failed: [] });
    expect(await claimJobs(ctx.db, 'w', ['a'], 1)).toEqual([]);
  });

  it('never hands out a job past max_attempts; such a queued job is failed by the sweep', async () => {
    const id = (await enqueueJob(ctx.db, 'a', {}, { maxAttempts: 3 }))!;
    const fine = (await enqueueJob(ctx.db, 'a', {}, { maxAttempts: 3 }))!;
    // As left by the unbounded reclaim of earlier versions.
    await ctx.db.execute(sql`UPDATE jobs SET attempts = 7 WHERE id = ${id}`);
    expect((await claimJobs(ctx.db, 'w', ['a'], 10)).map((j) => j.id)).toEqual([fine]);
    expect(await failExhaustedJobs(ctx.db)).toEqual([{ id, name: 'a', attempts: 7 }]);
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 7, last_error: 'attempts exhausted (7 of 3)' });
  });

  it('stores a failure text without control characters, truncated', async () => {
    const id = (await enqueueJob(ctx.db, 'a', {}, { maxAttempts: 1 }))!;
    const [job] = await claimJobs(ctx.db, 'w', ['a'], 1);
    expect(await failJob(ctx.db, job!, new Error(`bad\u0000byte\u0007 here\n${'x'.repeat(5000)}`))).toBe('failed');
    const row = await statusOf(id);
    expect(row!.status).toBe('failed');
    expect(row!.last_error!.startsWith('badbyte here x')).toBe(true);
    expect(row!.last_error!.length).toBeLessThanOrEqual(1000);
    expect(row!.last_error).not.toMatch(/[\u0000-\u001f\u007f]/);
  });

  it('records a generic message when the detailed one cannot be stored', async () => {
    const id = (await enqueueJob(ctx.db, 'a', {}, { maxAttempts: 1 }))!;
    const [job] = await claimJobs(ctx.db, 'w', ['a'], 1);
    // A database that refuses the first UPDATE (whatever the reason), then works.
    let refused = 0;
    const flaky = new Proxy(ctx.db, {
      get(target, key, receiver) {
        if (key === 'execute') {
          return (query: Parameters<typeof ctx.db.execute>[0]) => {
            if (refused++ === 0) return Promise.reject(new Error('refused'));
            return target.execute(query);
          };
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(await failJob(flaky, job!, new Error('original'))).toBe('failed');
    expect(refused).toBe(2);
    expect(await statusOf(id)).toMatchObject({ status: 'failed', last_error: 'job failed; its error could not be recorded' });
  });

  it('derives one tick key per interval', () => {
    const at = new Date('2026-11-22T10:15:00Z');
    expect(tickKey('t', 3600, at)).toBe(tickKey('t', 3600, new Date('2026-11-22T10:59:59Z')));
    expect(tickKey('t', 3600, at)).not.toBe(tickKey('t', 3600, new Date('2026-11-22T11:00:00Z')));
  });
});

describe('worker', () => {
  it('runs handlers, enqueues the periodic tick once per interval even with two workers', async () => {
    const ran: string[] = [];
    const handler = defineJob({ name: 'tick-job', payload: tickPayload, maxAttempts: 3, run: async (_payload, _ctx, job) => void ran.push(job.id) });
    const now = () => new Date('2026-11-22T10:15:00Z');
    const options = { pollIntervalMs: 10, concurrency: 2, now };
    const w1 = createWorker(ctx, [handler], [periodic(handler, 3600)], options);
    const w2 = createWorker(ctx, [handler], [periodic(handler, 3600)], options);
    await Promise.all([w1.drain(), w2.drain(), w1.drain()]);
    expect(ran).toHaveLength(1);
    const rows = await ctx.db.select().from(jobs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', dedupeKey: tickKey('tick-job', 3600, now()) });
  });

  it('keeps a failing job for retry with its error', async () => {
    const handler = defineJob({
      name: 'fails',
      payload: z.object({}),
      run: async () => {
        throw new Error('transport down');
      },
    });
    const worker = createWorker(ctx, [handler], [], { pollIntervalMs: 10, concurrency: 1 });
    const id = (await enqueueJob(ctx.db, 'fails'))!;
    await worker.drain();
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'transport down' });
  });

  it('logs a final failure at error level, a retry at warn', async () => {
    const { log, lines } = recordingLogger();
    const handler = defineJob({
      name: 'fails',
      payload: z.object({}),
      maxAttempts: 2,
      run: async () => {
        throw new Error('transport down');
      },
    });
    const worker = createWorker({ ...ctx, log }, [handler], [], { pollIntervalMs: 10, concurrency: 1 });
    const id = (await enqueueJob(ctx.db, 'fails', {}, { maxAttempts: 2 }))!;
    await worker.drain();
    await ctx.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`);
    await worker.drain();
    expect(lines.filter((l) => l.level === 'warn' || l.level === 'error').map((l) => [l.level, l.message])).toEqual([
      ['warn', 'job fails failed (retry)'],
      ['error', 'job fails failed for good after 2 attempts'],
    ]);
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'transport down' });
  });

  it('fails a stored payload its schema refuses at once, for good, without running the handler', async () => {
    const { log, lines } = recordingLogger();
    const ran: unknown[] = [];
    const typed = defineJob({ name: 'typed', payload: z.object({ reviewId: z.guid() }), maxAttempts: 5, run: async (payload) => void ran.push(payload) });
    // As written by hand, or by an older version whose payload had another shape.
    const id = (await enqueueJob(ctx.db, 'typed', { reviewId: 42 }))!;
    await createWorker({ ...ctx, log }, [typed], [], { pollIntervalMs: 10, concurrency: 1 }).drain();
    expect(ran).toEqual([]);
    const row = await statusOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toMatch(/^invalid payload for job typed: reviewId: /);
    expect(lines.filter((l) => l.level !== 'info').map((l) => [l.level, l.message])).toEqual([['error', 'job typed failed for good: invalid payload']]);
  });

  it('refuses to enqueue a payload its schema rejects, and writes nothing', async () => {
    const typed = defineJob({ name: 'typed', payload: z.object({ reviewId: z.guid() }), run: async () => {} });
    const before = (await ctx.db.select().from(jobs)).length;
    await expect(enqueue(ctx, typed, { reviewId: 'pas-un-identifiant' })).rejects.toBeInstanceOf(InvalidJobPayloadError);
    expect(await ctx.db.select().from(jobs)).toHaveLength(before);
    const id = (await enqueue(ctx, typed, { reviewId: '5b0f3c1e-8a2d-4c6b-9f1e-2d3c4b5a6978' }))!;
    expect((await ctx.db.select().from(jobs)).find((j) => j.id === id)).toMatchObject({
      name: 'typed',
      payload: { reviewId: '5b0f3c1e-8a2d-4c6b-9f1e-2d3c4b5a6978' },
      maxAttempts: 5,
    });
  });

  it('heart-beats while running and forgets itself when stopped', async () => {
    const worker = createWorker(ctx, [], [], { pollIntervalMs: 10, concurrency: 1 });
    worker.start();
    await expect.poll(async () => (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM worker_heartbeats`))[0]?.n).toBe(1);
    await worker.stop();
    expect((await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM worker_heartbeats`))[0]?.n).toBe(0);
  });

  it.runIf(testDbKind === 'postgres')('never lets two connections claim the same job', async () => {
    const other = await ctx.testDb.openAnother();
    for (let i = 0; i < 300; i++) await enqueueJob(ctx.db, 'race', { i });
    const claimAll = async (db: typeof ctx.db, who: string) => {
      const got: string[] = [];
      for (;;) {
        const batch = await claimJobs(db, who, ['race'], 7);
        if (batch.length === 0) return got;
        got.push(...batch.map((j) => j.id));
      }
    };
    const [a, b, c] = await Promise.all([claimAll(ctx.db, 'a'), claimAll(other.db, 'b'), claimAll(other.db, 'c')]);
    const all = [...a, ...b, ...c];
    expect(all).toHaveLength(300);
    expect(new Set(all).size).toBe(300);
  });
});
