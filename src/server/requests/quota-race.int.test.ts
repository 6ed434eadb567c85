/**
 * Property: with four senders racing over the same due requests, no store ever gets more e-mails than
 * its monthly quota or its daily limit allows, every request is mailed at most once, the usage
 * counters match what was really sent, and all the capacity is used.
 */
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { runDueSends } from './sender';
import { DAY_METRIC, MONTH_METRIC } from '../plans/quota';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ SEND_BATCH_SIZE: '3', SEND_CONCURRENCY: '2' });

// Small batches so the four senders interleave many claims.

const storeSpec = fc.record({
  quota: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
  dailyLimit: fc.integer({ min: 1, max: 12 }),
  due: fc.integer({ min: 0, max: 14 }),
});

describe('quotas under four racing senders', () => {
  it('are never exceeded and always fully used', async ({ ctx }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(storeSpec, { minLength: 1, maxLength: 3 }), async (specs) => {
        const stores = [];
        for (const spec of specs) {
          const store = (await world(ctx).merchant().store({ quota: spec.quota, dailyLimit: spec.dailyLimit })).store;
          const ids = [];
          for (let i = 0; i < spec.due; i++) ids.push((await world(ctx).at(store).request()).id);
          stores.push({ spec, store, ids });
        }
        await Promise.all([0, 1, 2, 3].map((w) => runDueSends(ctx, { workerId: `racer-${w}` })));

        for (const { spec, store, ids } of stores) {
          const expected = Math.min(spec.due, spec.quota ?? Infinity, spec.dailyLimit);
          const rows = ids.length ? await ctx.db.select().from(s.shopifyReviewRequests).where(inArray(s.shopifyReviewRequests.id, ids)) : [];
          const sent = rows.filter((r) => r.status === 'sent');
          expect(sent).toHaveLength(expected);
          expect(rows.filter((r) => r.status === 'scheduled')).toHaveLength(spec.due - expected);
          const mails = ids.length
            ? await ctx.db
                .select()
                .from(s.emailOutbox)
                .where(
                  inArray(
                    s.emailOutbox.toAddress,
                    rows.map((r) => r.customerEmail!),
                  ),
                )
            : [];
          expect(mails).toHaveLength(expected);
          expect(new Set(mails.map((m) => m.messageId)).size).toBe(expected);
          const usage = await ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, store.shopDomain));
          expect(usage.find((u) => u.metric === MONTH_METRIC)?.value ?? 0).toBe(expected);
          expect(usage.find((u) => u.metric === DAY_METRIC)?.value ?? 0).toBe(expected);
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
