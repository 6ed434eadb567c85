// The sender when the transport fails, is uncertain, or a worker dies mid-send (the send ledger).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { senderSuite } from '#tests/support/sender';
import { world } from '#tests/support/world';
import { createMailer, type SendOptions } from '../email/mailer';
import type { AppContext } from '../context';
import { recoverAbandoned, runDueSends, sendBatch } from './sender';

const suite = senderSuite({ smtp: true });
const { outboxTo, requestById, ledgerOf, usage, runFor } = suite;
const { smtpAnswers } = suite;
let ctx: TestContext;
let smtpPort: number;
beforeAll(() => {
  ctx = suite.ctx;
  smtpPort = suite.smtpPort;
});

describe('transport errors', () => {
  it('retries temporary failures on later runs up to the maximum, and never retries permanent ones', async () => {
    const mailer = createMailer(ctx.db, {
      from: 'Avis <no-reply@avis.test>',
      transport: 'smtp',
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      smtpPoolSize: 2,
      messageIdDomain: 'avis.test',
    });
    const smtpCtx: AppContext = { ...ctx, mailer };
    try {
      const store = (await world(ctx).merchant().store()).store;
      const bounced = await world(ctx).at(store).request({ customerEmail: 'inconnu@exemple.test' });
      const deferred = await world(ctx).at(store).request({ customerEmail: 'plein@exemple.test' });
      const fine = await world(ctx).at(store).request({ customerEmail: 'ok@exemple.test' });
      smtpAnswers.set('inconnu@exemple.test', 550);
      smtpAnswers.set('plein@exemple.test', 451);

      const first = await runFor(smtpCtx, store.id, [bounced.id, deferred.id, fine.id]);
      expect(first).toMatchObject({ processed: 1, failed: 2 });
      const bouncedRow = await requestById(bounced.id);
      expect(bouncedRow).toMatchObject({ status: 'failed', failureKind: 'permanent', attempts: 1 });
      // The reason is kept without the address (it would outlive a privacy erasure).
      expect(bouncedRow.lastError).toMatch(/550 <\[adresse\]>: Recipient address rejected/);
      expect(bouncedRow.lastError).not.toContain('inconnu@exemple.test');
      const temp = await requestById(deferred.id);
      expect(temp).toMatchObject({ status: 'failed', failureKind: 'temporary', attempts: 1 });
      expect(temp.lastError).toMatch(/451/);
      expect(await requestById(fine.id)).toMatchObject({ status: 'sent' });
      // Failed sends give their quota back.
      expect(await usage(store.shopDomain)).toEqual({ month: 1, day: 1 });

      // Later hourly runs retry the temporary one only, until SEND_MAX_ATTEMPTS (3).
      const retry = (n: number) => runDueSends(smtpCtx, { workerId: `hourly-${n}`, now: new Date(Date.now() + n * 3_600_000) });
      await retry(1);
      expect(await requestById(deferred.id)).toMatchObject({ status: 'failed', failureKind: 'temporary', attempts: 2 });
      await retry(2);
      expect(await requestById(deferred.id)).toMatchObject({ status: 'failed', failureKind: 'permanent', attempts: 3 });
      await retry(3);
      expect(await requestById(deferred.id)).toMatchObject({ attempts: 3 });
      expect(await requestById(bounced.id)).toMatchObject({ attempts: 1 });

      // Once the mailbox accepts mail again, a fresh temporary failure would be retried and sent.
      smtpAnswers.delete('plein@exemple.test');
      await ctx.db.update(s.shopifyReviewRequests).set({ failureKind: 'temporary', attempts: 1 }).where(eq(s.shopifyReviewRequests.id, deferred.id));
      await retry(4);
      expect(await requestById(deferred.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await mailer.close();
    }
  });
});

describe('uncertain transport failures and late withdrawals', () => {
  // A transport that fails after the hand-over (a DATA timeout), or before it (no connection).
  const failingMailer = (error: object) => ({
    ...ctx.mailer,
    send: async (_email: unknown, options?: SendOptions) => {
      if (error && (error as { command?: string }).command === 'DATA') await options?.beforeData?.();
      throw Object.assign(new Error('transport'), error);
    },
  });

  it('a timeout after the message may have gone counts as sent, keeps its quota and is never retried', async () => {
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    const result = await runFor({ ...ctx, mailer: failingMailer({ code: 'ETIMEDOUT', command: 'DATA' }) }, store.id, [request.id]);
    expect(result).toMatchObject({ processed: 0, failed: 1 });
    const after = await requestById(request.id);
    expect(after).toMatchObject({ status: 'sent', attempts: 1, unconfirmed: true, lastError: null });
    expect(await ledgerOf(request.id)).toMatchObject({ state: 'sent' });
    expect(await usage(store.shopDomain)).toEqual({ month: 1, day: 1 });
    await runDueSends(ctx, { workerId: 'later', now: new Date(Date.now() + 3_600_000) });
    expect(await outboxTo(request.customerEmail!)).toHaveLength(0);
  });

  it('no connection at all is temporary: retried later, quota given back', async () => {
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    await runFor({ ...ctx, mailer: failingMailer({ code: 'ECONNECTION', command: 'CONN' }) }, store.id, [request.id]);
    expect(await requestById(request.id)).toMatchObject({ status: 'failed', failureKind: 'temporary' });
    expect(await usage(store.shopDomain)).toEqual({ month: 0, day: 0 });
  });

  it('an address that unsubscribes between the claim and the hand-over is not mailed', async () => {
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    const result = await sendBatch(ctx, {
      workerId: 'claimer',
      manual: { storeId: store.id, requestIds: [request.id] },
      hooks: { afterReserve: async () => void (await world(ctx).at(store).suppress(request.customerEmail!)) },
    });
    expect(result.processed).toBe(0);
    expect(await outboxTo(request.customerEmail!)).toHaveLength(0);
    expect(await requestById(request.id)).toMatchObject({ status: 'cancelled' });
    expect(await ledgerOf(request.id)).toMatchObject({ state: 'failed' });
    expect(await usage(store.shopDomain)).toEqual({ month: 0, day: 0 });
  });
});

describe('the send ledger', () => {
  it('a reservation whose worker died before the transport call is sent once by a later run', async () => {
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    await expect(
      sendBatch(ctx, { workerId: 'doomed', manual: { storeId: store.id, requestIds: [request.id] }, hooks: { afterReserve: () => Promise.reject(new Error('worker died')) } }),
    ).rejects.toThrow('worker died');
    expect(await requestById(request.id)).toMatchObject({ status: 'processing' });
    expect(await ledgerOf(request.id)).toMatchObject({ state: 'reserved', workerId: 'doomed' });
    expect(await usage(store.shopDomain)).toEqual({ month: 1, day: 1 });

    // Within the lease nothing happens: the worker might still be alive.
    expect(await recoverAbandoned(ctx)).toEqual({ rescheduled: 0, confirmed: 0, unconfirmed: 0 });
    const later = new Date(Date.now() + (ctx.config.sending.leaseSeconds + 1) * 1000);
    expect(await recoverAbandoned(ctx, later)).toMatchObject({ rescheduled: 1 });
    expect(await requestById(request.id)).toMatchObject({ status: 'scheduled' });
    expect(await usage(store.shopDomain)).toEqual({ month: 0, day: 0 });
    await runFor(ctx, store.id, [request.id], 'survivor');
    expect(await outboxTo(request.customerEmail!)).toHaveLength(1);
    expect(await requestById(request.id)).toMatchObject({ status: 'sent' });
    expect(await usage(store.shopDomain)).toEqual({ month: 1, day: 1 });
  });

  it('a worker that died after the transport accepted the e-mail is resolved without a second e-mail', async () => {
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    await expect(
      sendBatch(ctx, { workerId: 'doomed', manual: { storeId: store.id, requestIds: [request.id] }, hooks: { afterTransport: () => Promise.reject(new Error('worker died')) } }),
    ).rejects.toThrow('worker died');
    expect(await ledgerOf(request.id)).toMatchObject({ state: 'transmitting' });
    const later = new Date(Date.now() + (ctx.config.sending.leaseSeconds + 1) * 1000);
    expect(await recoverAbandoned(ctx, later)).toMatchObject({ confirmed: 1 });
    await runDueSends(ctx, { workerId: 'survivor', now: later });
    expect(await outboxTo(request.customerEmail!)).toHaveLength(1);
    expect(await requestById(request.id)).toMatchObject({ status: 'sent', lastError: null });
    expect(await usage(store.shopDomain)).toEqual({ month: 1, day: 1 });
  });

  it('a transmission is measured from its hand-over, not its reservation: a long batch is not taken over mid-send', async () => {
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    await expect(
      sendBatch(ctx, { workerId: 'long-batch', manual: { storeId: store.id, requestIds: [request.id] }, hooks: { afterTransport: () => Promise.reject(new Error('stop here')) } }),
    ).rejects.toThrow('stop here');
    const lease = ctx.config.sending.leaseSeconds * 1000;
    await ctx.db
      .update(s.emailSendLedger)
      .set({ reservedAt: new Date(Date.now() - 2 * lease), transmittingAt: new Date() })
      .where(eq(s.emailSendLedger.requestId, request.id));
    expect(await recoverAbandoned(ctx)).toEqual({ rescheduled: 0, confirmed: 0, unconfirmed: 0 });
    expect(await recoverAbandoned(ctx, new Date(Date.now() + lease + 1000))).toMatchObject({ confirmed: 1 });
    expect(await outboxTo(request.customerEmail!)).toHaveLength(1);
  });

  it('over SMTP, where acceptance cannot be checked, an interrupted transmission counts as sent and is not repeated', async () => {
    const mailer = createMailer(ctx.db, { from: 'Avis <no-reply@avis.test>', transport: 'smtp', smtpUrl: `smtp://127.0.0.1:${smtpPort}`, messageIdDomain: 'avis.test' });
    const smtpCtx: AppContext = { ...ctx, mailer };
    try {
      const store = (await world(ctx).merchant().store()).store;
      const request = await world(ctx).at(store).request();
      await expect(
        sendBatch(smtpCtx, {
          workerId: 'doomed',
          manual: { storeId: store.id, requestIds: [request.id] },
          hooks: { beforeTransport: () => Promise.reject(new Error('worker died')) },
        }),
      ).rejects.toThrow('worker died');
      const later = new Date(Date.now() + (ctx.config.sending.leaseSeconds + 1) * 1000);
      expect(await recoverAbandoned(smtpCtx, later)).toMatchObject({ unconfirmed: 1 });
      const after = await requestById(request.id);
      expect(after).toMatchObject({ status: 'sent', unconfirmed: true, lastError: null });
    } finally {
      await mailer.close();
    }
  });

  it('a recovered reservation cannot be transmitted by its original worker any more', async () => {
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    let resumed: Promise<unknown> | null = null;
    // The original worker pauses after reserving; meanwhile a recovery takes the reservation back.
    await sendBatch(ctx, {
      workerId: 'slow',
      manual: { storeId: store.id, requestIds: [request.id] },
      hooks: {
        afterReserve: async () => {
          const later = new Date(Date.now() + (ctx.config.sending.leaseSeconds + 1) * 1000);
          await recoverAbandoned(ctx, later);
          resumed = runFor(ctx, store.id, [request.id], 'survivor');
          await resumed;
        },
      },
    });
    expect(resumed).not.toBeNull();
    expect(await outboxTo(request.customerEmail!)).toHaveLength(1);
    expect(await requestById(request.id)).toMatchObject({ status: 'sent' });
    expect(await ledgerOf(request.id)).toMatchObject({ state: 'sent', workerId: 'survivor' });
  });
});
