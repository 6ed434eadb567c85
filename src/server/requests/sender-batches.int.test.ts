// The sender over several batches: claims, lanes and failures of an hourly run.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { world } from '#tests/support/world';
import type { SendOptions } from '../email/mailer';
import type { AppContext } from '../context';
import { runDueSends, sendBatch } from './sender';

describe('an hourly run over several batches', () => {
  /** The run of a store of its own: small batches, two lanes, nothing else due. */
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestContext({ SEND_BATCH_SIZE: '2', SEND_CONCURRENCY: '2' });
  });
  afterAll(() => small.destroy());
  const outbox = (c: AppContext, address: string) => c.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, address));

  it('claims the next batch while the e-mails of the previous one are still in the transport, and sends each request once', async () => {
    const store = (await world(small).merchant().store()).store;
    const requests = [];
    for (let i = 0; i < 7; i++) requests.push(await world(small).at(store).request());
    // A transport that holds every e-mail until the test lets them go.
    const held: (() => void)[] = [];
    let holding = true;
    const mailer = {
      ...small.mailer,
      send: async (email: Parameters<typeof small.mailer.send>[0], options?: SendOptions) => {
        if (holding) await new Promise<void>((release) => held.push(release));
        return small.mailer.send(email, options);
      },
    };
    let claims = 0;
    const run = runDueSends({ ...small, mailer }, { workerId: 'hourly', hooks: { afterReserve: () => void claims++ } });
    // Both lanes are stuck in the transport with the first batch, and the second batch is claimed already.
    // (Generous waits: the first batch is rendered by sandbox processes that start with this run.)
    await expect.poll(() => held.length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => claims, { timeout: 15_000 }).toBe(2);
    holding = false;
    for (const release of held) release();
    expect(await run).toMatchObject({ processed: 7, failed: 0 });
    expect(claims).toBe(4);
    for (const request of requests) {
      expect(await outbox(small, request.customerEmail!)).toHaveLength(1);
      expect((await small.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, request.id)))[0]).toMatchObject({ status: 'sent' });
    }
  });

  /** The same database with other batch sizes and lane counts. */
  const tuned = (sending: Partial<AppContext['config']['sending']>, c: AppContext = small): AppContext => ({
    ...c,
    config: { ...c.config, sending: { ...c.config.sending, ...sending } },
  });
  const statuses = async (ids: string[]) => (await small.db.select().from(s.shopifyReviewRequests).where(inArray(s.shopifyReviewRequests.id, ids))).map((r) => r.status).sort();

  it('when a later claim fails, still sends every request already in the queue, then reports the failure', async () => {
    const store = (await world(small).merchant().store()).store;
    const requests = [];
    for (let i = 0; i < 12; i++) requests.push(await world(small).at(store).request());
    // Two lanes, batches of 6: the second claim starts when the fifth request is taken. The fourth and
    // fifth e-mails are held in the transport until that claim has failed, so the sixth request is
    // still in the queue when the failure arrives.
    let sends = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const mailer = {
      ...small.mailer,
      send: async (email: Parameters<typeof small.mailer.send>[0], options?: SendOptions) => {
        if (++sends >= 4) await held;
        return small.mailer.send(email, options);
      },
    };
    let claims = 0;
    const run = runDueSends(tuned({ batchSize: 6, concurrency: 2 }, { ...small, mailer }), {
      workerId: 'unlucky',
      hooks: { afterReserve: () => (++claims === 2 ? Promise.reject(new Error('claim lost')) : undefined) },
    });
    const settled = run.catch((error: unknown) => error);
    // A generous wait: the first batch is rendered by sandbox processes that start with this run.
    await expect.poll(() => claims, { timeout: 15_000 }).toBe(2);
    expect(sends).toBe(5);
    release();
    expect(await settled).toMatchObject({ message: 'claim lost' });
    // The first batch, sixth e-mail included, went out; the second batch waits for the lease recovery.
    expect(sends).toBe(6);
    expect(await statuses(requests.map((r) => r.id))).toEqual([...Array(6).fill('processing'), ...Array(6).fill('sent')]);
  });

  it('after a lane fails, claims nothing more and returns only once the claim under way has finished', async () => {
    const store = (await world(small).merchant().store()).store;
    for (let i = 0; i < 6; i++) await world(small).at(store).request();
    const events: string[] = [];
    let laneFailed = () => {};
    const failedSignal = new Promise<void>((resolve) => (laneFailed = resolve));
    let claims = 0;
    let transports = 0;
    const run = runDueSends(tuned({ batchSize: 2, concurrency: 1 }), {
      workerId: 'stumbling',
      hooks: {
        afterReserve: async () => {
          if (++claims !== 2) return;
          // The second claim finishes only after the lane has failed, and slowly.
          await failedSignal;
          await new Promise((resolve) => setTimeout(resolve, 50));
          events.push('second claim done');
        },
        // The second e-mail's transport call breaks: the second claim is under way by then.
        beforeTransport: () => {
          if (++transports < 2) return;
          laneFailed();
          return Promise.reject(new Error('lane broke'));
        },
      },
    });
    await expect(run.finally(() => events.push('run ended'))).rejects.toThrow('lane broke');
    expect(events).toEqual(['second claim done', 'run ended']);
    expect(claims).toBe(2);
  });

  it('a completion the database refuses fails the run cleanly, without an unhandled rejection', async () => {
    const store = (await world(small).merchant().store()).store;
    // Two lanes: one sends the e-mail whose completion is refused, the other is still in the
    // transport (held 300 ms) when that happens, so the run is not over yet.
    const slow = await world(small)
      .at(store)
      .request({ scheduledAt: new Date(Date.now() - 3_600_000) });
    const doomed = await world(small).at(store).request({ customerEmail: 'refus-final@example.test' });
    const mailer = {
      ...small.mailer,
      send: async (email: Parameters<typeof small.mailer.send>[0], options?: SendOptions) => {
        if (email.to === slow.customerEmail) await new Promise((resolve) => setTimeout(resolve, 300));
        return small.mailer.send(email, options);
      },
    };
    await small.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_sent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'sent' AND NEW.customer_email = 'refus-final@example.test' THEN RAISE EXCEPTION 'completion refused'; END IF;
        RETURN NEW;
      END $$`);
    await small.db.execute(sql`CREATE TRIGGER refuse_sent BEFORE UPDATE ON shopify_review_requests FOR EACH ROW EXECUTE FUNCTION refuse_sent()`);
    try {
      const run = sendBatch(tuned({ concurrency: 2 }, { ...small, mailer }), { workerId: 'refused', manual: { storeId: store.id, requestIds: [slow.id, doomed.id] } });
      const error = await run.then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      // Drizzle wraps the database's error ('Failed query …') and keeps it as the cause.
      expect(error?.cause?.message ?? error?.message).toContain('completion refused');
      expect((await small.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, slow.id)))[0]).toMatchObject({ status: 'sent' });
      // Sent, but not completed: the ledger still says transmitting, for the recovery to resolve.
      expect(await outbox(small, doomed.customerEmail!)).toHaveLength(1);
      expect((await small.db.select().from(s.emailSendLedger).where(eq(s.emailSendLedger.requestId, doomed.id)))[0]).toMatchObject({ state: 'transmitting' });
    } finally {
      await small.db.execute(sql`DROP TRIGGER refuse_sent ON shopify_review_requests`);
      await small.db.execute(sql`DROP FUNCTION refuse_sent()`);
    }
  });
});
