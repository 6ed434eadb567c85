import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Queryable } from '#db/client';
import { defineJob, enqueue, enqueueMany, InvalidJobPayloadError, parseJobPayload, periodic, tickPayload } from './define';

const notify = defineJob({
  name: 'notify-test',
  payload: z.object({ reviewId: z.guid(), to: z.string().min(1) }),
  maxAttempts: 8,
  run: async () => {},
});
const REVIEW_ID = '5b0f3c1e-8a2d-4c6b-9f1e-2d3c4b5a6978';

/** A database that fails the test if anything reaches it: a refused payload must write nothing. */
const untouchable = new Proxy({} as Queryable, {
  get(_target, key) {
    if (key === 'then') return undefined;
    throw new Error(`the database was used (${String(key)})`);
  },
});

describe('typed jobs', () => {
  it('refuses a payload of the wrong type at compile time', () => {
    // Never run: the lines below exist for the compiler (tsc checks every @ts-expect-error is needed).
    const compileOnly = async () => {
      // @ts-expect-error reviewId must be a string
      await enqueue(untouchable, notify, { reviewId: 42, to: 'alerte@exemple.test' });
      // @ts-expect-error `to` is missing
      await enqueue(untouchable, notify, { reviewId: REVIEW_ID });
      // @ts-expect-error not a field of this job
      await enqueue(untouchable, notify, { reviewId: REVIEW_ID, to: 'alerte@exemple.test', extra: true });
      // @ts-expect-error every payload of a batch is checked
      await enqueueMany(untouchable, notify, [{ reviewId: REVIEW_ID }]);
      // @ts-expect-error a periodic job must take a tick payload
      periodic(notify, 3600);
    };
    expect(compileOnly).toBeTypeOf('function');
  });

  it('refuses a payload its schema rejects at run time, before writing anything', async () => {
    const bad = { reviewId: 'not-an-id', to: '' };
    await expect(enqueue(untouchable, notify, bad)).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(enqueue(untouchable, notify, bad)).rejects.toThrow(/^invalid payload for job notify-test: reviewId: .+; to: .+/);
    await expect(enqueueMany(untouchable, notify, [{ reviewId: REVIEW_ID, to: 'a@exemple.test' }, bad])).rejects.toBeInstanceOf(InvalidJobPayloadError);
  });

  it('names the refused fields, never their values (a payload may carry an address)', () => {
    const error = (() => {
      try {
        parseJobPayload(notify, { reviewId: 'lea.dubois@exemple.test', to: 7 });
      } catch (e) {
        return e as Error;
      }
      throw new Error('expected a refusal');
    })();
    expect(error.message).toContain('reviewId');
    expect(error.message).not.toContain('lea.dubois');
  });

  it('stores the parsed payload: unknown keys are dropped', () => {
    expect(parseJobPayload(notify, { reviewId: REVIEW_ID, to: 'a@exemple.test', stray: 1 })).toEqual({ reviewId: REVIEW_ID, to: 'a@exemple.test' });
  });

  it('takes its attempts from the definition, 5 when unset', () => {
    expect(notify.maxAttempts).toBe(8);
    expect(defineJob({ name: 'x', payload: z.object({}), run: async () => {} }).maxAttempts).toBe(5);
  });

  it('builds a periodic task from a job that takes a tick payload', () => {
    const tick = defineJob({ name: 'tick-test', payload: tickPayload, run: async () => {} });
    expect(periodic(tick, 60)).toEqual({ job: tick, intervalSeconds: 60 });
    expect(tickPayload.safeParse({ tick: new Date().toISOString() }).success).toBe(true);
  });
});
