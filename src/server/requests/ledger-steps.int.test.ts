/**
 * The ledger's steps after the claim (decision 008, steps 2 and 3): a batch of hand-overs alone, of
 * completions alone and of both gets a statement of its own kind (decision 047), with
 * the same effects on the ledger, the requests and the reminders.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { world } from '#tests/support/world';
import { claimBatch } from './sending/claim';
import { writeLedgerSteps } from './sending/ledger';
import { empty } from './sending/model';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.destroy());

/** Three first requests of a flow with a 3-day reminder, claimed (reserved) by `workerId`. */
async function claimed(workerId: string) {
  const shop = await world(ctx).merchant().store();
  const flow = await shop.flow({ reminderDays: 3 });
  const requests = [];
  for (let i = 0; i < 3; i++) requests.push(await shop.request({ flowId: flow.id, source: 'flow' }));
  const ids = requests.map((r) => r.id);
  const claim = await claimBatch(ctx, { workerId, runStartedAt: new Date(), exclude: new Set(), manual: { storeId: shop.store.id, requestIds: ids } }, empty());
  expect(claim.reserved.map((r) => r.id).sort()).toEqual([...ids].sort());
  return { shop, requests, ids };
}

const ledgerStates = async (ids: string[]) =>
  Object.fromEntries((await ctx.db.select().from(s.emailSendLedger).where(inArray(s.emailSendLedger.requestId, ids))).map((row) => [row.requestId, row.state]));
const requestStatus = async (id: string) => (await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, id)))[0]!.status;
const reminderOf = (id: string) => ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.reminderOf, id));

describe('the ledger steps of a sending run', () => {
  it('hands over alone, completes and hands over together, completes alone: each request sent once with its reminder', async () => {
    const { shop, requests, ids } = await claimed('ledger-worker');
    const [a, b, c] = ids as [string, string, string];

    // Hand-overs alone: only the reservations this worker holds move.
    expect(await writeLedgerSteps(ctx, 'another-worker', [{ kind: 'handOver', id: a }])).toEqual([false]);
    expect(await writeLedgerSteps(ctx, 'ledger-worker', [{ kind: 'handOver', id: a }])).toEqual([true]);
    expect(await ledgerStates(ids)).toEqual({ [a]: 'transmitting', [b]: 'reserved', [c]: 'reserved' });
    expect(await requestStatus(a)).toBe('processing');

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
    expect(await ledgerStates(ids)).toEqual({ [a]: 'sent', [b]: 'transmitting', [c]: 'failed' });
    expect([await requestStatus(a), await requestStatus(b), await requestStatus(c)]).toEqual(['sent', 'processing', 'cancelled']);
    // Its reason is data, as when the claim finds the address unsubscribed.
    expect((await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, c)))[0]!.withdrawnReason).toBe('unsubscribed');
    expect(await reminderOf(a)).toHaveLength(1);

    // Completions alone, and once more (a replay): one reminder each, never a second.
    expect(await writeLedgerSteps(ctx, 'ledger-worker', [{ kind: 'complete', id: b }])).toEqual([true]);
    expect(await writeLedgerSteps(ctx, 'ledger-worker', [{ kind: 'complete', id: b }])).toEqual([true]);
    expect(await ledgerStates([b])).toEqual({ [b]: 'sent' });
    expect(await requestStatus(b)).toBe('sent');
    expect(await reminderOf(b)).toHaveLength(1);
    expect(await reminderOf(c)).toHaveLength(0);

    // A request completed cannot be handed over again.
    expect(await writeLedgerSteps(ctx, 'ledger-worker', [{ kind: 'handOver', id: a }])).toEqual([false]);
    expect(await ledgerStates([a])).toEqual({ [a]: 'sent' });
  });
});
