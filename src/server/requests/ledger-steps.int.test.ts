/**
 * The ledger's steps after the claim (decision 008, steps 2 and 3): a batch of hand-overs alone, of
 * completions alone and of both gets a statement of its own kind (decision 047), with
 * the same effects on the ledger, the requests and the reminders.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { world } from '#tests/support/world';
import { claimBatch } from './sending/claim';
import { writeLedgerSteps } from './sending/ledger';
import { empty } from './sending/model';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

/** Three first requests of a flow with a 3-day reminder, claimed (reserved) by `workerId`. */
async function claimed(ctx: TestContext, workerId: string) {
  const shop = await world(ctx).merchant().store();
  const flow = await shop.flow({ reminderDays: 3 });
  const requests = [];
  for (let i = 0; i < 3; i++) requests.push(await shop.request({ flowId: flow.id, source: 'flow' }));
  const ids = requests.map((r) => r.id);
  const claim = await claimBatch(ctx, { workerId, runStartedAt: new Date(), exclude: new Set(), manual: { storeId: shop.store.id, requestIds: ids } }, empty());
  expect(claim.reserved.map((r) => r.id).sort()).toEqual([...ids].sort());
  return { shop, requests, ids };
}

const ledgerStates = async (ctx: TestContext, ids: string[]) =>
  Object.fromEntries((await ctx.db.select().from(s.emailSendLedger).where(inArray(s.emailSendLedger.requestId, ids))).map((row) => [row.requestId, row.state]));
const requestStatus = async (ctx: TestContext, id: string) => (await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, id)))[0]!.status;
const reminderOf = (ctx: TestContext, id: string) => ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.reminderOf, id));

describe('the ledger steps of a sending run', () => {
  it('hands over alone, completes and hands over together, completes alone: each request sent once with its reminder', async ({ ctx }) => {
    const { shop, requests, ids } = await claimed(ctx, 'ledger-worker');
    const [a, b, c] = ids as [string, string, string];

    // Hand-overs alone: only the reservations this worker holds move.
    expect(await writeLedgerSteps(ctx, 'another-worker', [{ kind: 'handOver', id: a }])).toEqual([false]);
    expect(await writeLedgerSteps(ctx, 'ledger-worker', [{ kind: 'handOver', id: a }])).toEqual([true]);
    expect(await ledgerStates(ctx, ids)).toEqual({ [a]: 'transmitting', [b]: 'reserved', [c]: 'reserved' });
    expect(await requestStatus(ctx, a)).toBe('processing');

    // Both kinds in one batch; c's address unsubscribed since the claim, so its hand-over is refused
    // and the reservation released (the request cancelled).
    await shop.suppress(requests[2]!.customerEmail!);
    expect(
      await writeLedgerSteps(ctx, 'ledger-worker', [
        { kind: 'complete', id: a },
        { kind: 'handOver', id: b },
        { kind: 'handOver', id: c },
      ]),
    ).toEqual([true, true, false]);
    expect(await ledgerStates(ctx, ids)).toEqual({ [a]: 'sent', [b]: 'transmitting', [c]: 'failed' });
    expect([await requestStatus(ctx, a), await requestStatus(ctx, b), await requestStatus(ctx, c)]).toEqual(['sent', 'processing', 'cancelled']);
    // Its reason is data, as when the claim finds the address unsubscribed.
    expect((await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, c)))[0]!.withdrawnReason).toBe('unsubscribed');
    expect(await reminderOf(ctx, a)).toHaveLength(1);

    // Completions alone, and once more (a replay): one reminder each, never a second.
    expect(await writeLedgerSteps(ctx, 'ledger-worker', [{ kind: 'complete', id: b }])).toEqual([true]);
    expect(await writeLedgerSteps(ctx, 'ledger-worker', [{ kind: 'complete', id: b }])).toEqual([true]);
    expect(await ledgerStates(ctx, [b])).toEqual({ [b]: 'sent' });
    expect(await requestStatus(ctx, b)).toBe('sent');
    expect(await reminderOf(ctx, b)).toHaveLength(1);
    expect(await reminderOf(ctx, c)).toHaveLength(0);

    // A request completed cannot be handed over again.
    expect(await writeLedgerSteps(ctx, 'ledger-worker', [{ kind: 'handOver', id: a }])).toEqual([false]);
    expect(await ledgerStates(ctx, [a])).toEqual({ [a]: 'sent' });
  });
});
