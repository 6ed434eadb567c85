import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { makeDueRequest, makeStore } from '#tests/support/factories';
import { createMailer, type SendOptions } from '../email/mailer';
import type { AppContext } from '../context';
import { recoverAbandoned, runDueSends, sendBatch } from './sender';
import { DAY_METRIC, MONTH_METRIC } from '../plans/quota';

let ctx: TestContext;
let smtp: SMTPServer;
let smtpPort: number;
/** RCPT answers by address: 550 = unknown mailbox (permanent), 451 = try later (temporary). */
const smtpAnswers = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestContext({ SEND_MAX_ATTEMPTS: '3' });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      const code = smtpAnswers.get(address.address);
      if (!code) return callback();
      // Real servers quote the address in their answer.
      callback(Object.assign(new Error(code >= 500 ? `<${address.address}>: Recipient address rejected` : 'Try again later'), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await ctx.destroy();
});

const outboxTo = (address: string) => ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, address));
const requestById = async (id: string) => (await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, id)))[0]!;
const ledgerOf = async (id: string) => (await ctx.db.select().from(s.emailSendLedger).where(eq(s.emailSendLedger.requestId, id)))[0];
async function usage(shopDomain: string) {
  const rows = await ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, shopDomain));
  return { month: rows.find((r) => r.metric === MONTH_METRIC)?.value ?? 0, day: rows.find((r) => r.metric === DAY_METRIC)?.value ?? 0 };
}
/** Runs the sender for one store's requests only (other tests' stores share the database). */
const runFor = (c: AppContext, storeId: string, requestIds: string[], workerId = 'test-worker') => sendBatch(c, { workerId, manual: { storeId, requestIds } });

describe('sending due review requests', () => {
  it('renders the branded e-mail with escaped variables, unsubscribe link and one-click headers, then marks it sent', async () => {
    const store = await makeStore(ctx.db, { shopName: 'Maison & Fils' });
    const request = await makeDueRequest(ctx.db, store, { customerName: '<b>Léa</b> "Dubois"' });
    const result = await runFor(ctx, store.id, [request.id]);
    expect(result).toMatchObject({ processed: 1, failed: 0, quotaExceeded: null });

    const [mail] = await outboxTo(request.customerEmail!);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Votre avis compte pour nous\u202f! 🌟');
    expect(mail!.messageId).toBe(`review-${request.id}@localhost`);
    expect(mail!.fromAddress).toBe(`"Maison & Fils" <${/<([^>]+)>/.exec(ctx.config.mail.from)?.[1] ?? ctx.config.mail.from}>`);
    expect(mail!.html).toContain('Bonjour &lt;b&gt;Léa&lt;/b&gt; &quot;Dubois&quot;,');
    expect(mail!.html).not.toContain('<b>Léa</b>');
    expect(mail!.html).toContain('Maison &amp; Fils');
    expect(mail!.html).toContain(`href="http://localhost:3000/review/${request.token}"`);
    expect(mail!.html).toContain(`href="http://localhost:3000/unsubscribe/${request.token}"`);
    expect(mail!.html).toContain('max-width:600px');
    expect(mail!.text).toContain(`Laisser un avis\u202f: http://localhost:3000/review/${request.token}`);
    expect(mail!.text).toContain('<b>Léa</b> "Dubois"');
    expect(mail!.headers).toMatchObject({
      'List-Unsubscribe': `<http://localhost:3000/api/public/unsubscribe/${request.token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const after = await requestById(request.id);
    expect(after).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(after.sentAt).toBeInstanceOf(Date);
    expect(await ledgerOf(request.id)).toMatchObject({ state: 'sent', messageId: `review-${request.id}@localhost` });
    expect(await usage(store.shopDomain)).toEqual({ month: 1, day: 1 });
  });

  it('uses the store’s active template and branding', async () => {
    const store = await makeStore(ctx.db, { shopName: 'Atelier Bleu' });
    await ctx.db.insert(s.emailTemplates).values({
      shopId: store.id,
      name: 'Mon modèle',
      subject: '{{ customer_name }}, un avis sur {{ order_number }}\u202f?',
      bodyContent: 'Merci {{ customer_name }} pour votre achat chez {{ store_name }}.',
      buttonText: 'Donner mon avis',
      buttonColor: '#123456',
      footerText: 'À bientôt',
      logoUrl: 'https://cdn.exemple.test/logo.png',
    });
    await ctx.db.insert(s.storeBranding).values({ shopId: store.id, primaryColor: '#ff0000' });
    const request = await makeDueRequest(ctx.db, store, { customerName: 'Hugo' });
    await runFor(ctx, store.id, [request.id]);
    const [mail] = await outboxTo(request.customerEmail!);
    const [order] = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.id, request.orderId!));
    expect(mail!.subject).toBe(`Hugo, un avis sur ${order!.orderNumber}\u202f?`);
    expect(mail!.html).toContain('Merci Hugo pour votre achat chez Atelier Bleu.');
    expect(mail!.html).toContain('Donner mon avis');
    expect(mail!.html).toContain('background:#123456');
    expect(mail!.html).toContain('border-top:4px solid #ff0000');
    expect(mail!.html).toContain('src="https://cdn.exemple.test/logo.png"');
    expect(mail!.html).toContain('max-width:200px');
    expect(mail!.text).toContain('À bientôt');
  });

  it('fails a request whose template cannot render, permanently, without calling the transport', async () => {
    const store = await makeStore(ctx.db);
    await ctx.db.insert(s.emailTemplates).values({ shopId: store.id, name: 'Cassé', subject: 'Bonjour', bodyContent: "{% include '/etc/passwd' %}" });
    const request = await makeDueRequest(ctx.db, store);
    const result = await runFor(ctx, store.id, [request.id]);
    expect(result).toMatchObject({ processed: 0, failed: 1 });
    expect(await outboxTo(request.customerEmail!)).toHaveLength(0);
    const after = await requestById(request.id);
    expect(after).toMatchObject({ status: 'failed', failureKind: 'permanent' });
    expect(after.lastError).toMatch(/^Modèle d’e-mail invalide/);
    expect(await usage(store.shopDomain)).toEqual({ month: 0, day: 0 });
  });

  it('never mails an address that unsubscribed: the request is cancelled instead', async () => {
    const store = await makeStore(ctx.db);
    const request = await makeDueRequest(ctx.db, store);
    await ctx.db.insert(s.emailSuppressions).values({ shopId: store.id, email: request.customerEmail!.toLowerCase() });
    const result = await runFor(ctx, store.id, [request.id]);
    expect(result.processed).toBe(0);
    expect(await outboxTo(request.customerEmail!)).toHaveLength(0);
    expect(await requestById(request.id)).toMatchObject({ status: 'cancelled' });
    expect(await usage(store.shopDomain)).toEqual({ month: 0, day: 0 });
  });

  it('leaves requests of stores without an active subscription, and requests not yet due, alone', async () => {
    const unpaid = await makeStore(ctx.db, { subscriptionStatus: 'cancelled' });
    const parked = await makeDueRequest(ctx.db, unpaid);
    const store = await makeStore(ctx.db);
    const later = await makeDueRequest(ctx.db, store, { scheduledAt: new Date(Date.now() + 3_600_000) });
    await runDueSends(ctx, { workerId: 'hourly' });
    expect(await requestById(parked.id)).toMatchObject({ status: 'scheduled' });
    expect(await requestById(later.id)).toMatchObject({ status: 'scheduled' });
  });
});

describe('quotas', () => {
  it('stops at the monthly quota: the rest stay scheduled and the result says why', async () => {
    const store = await makeStore(ctx.db, { quota: 3 });
    const requests = [];
    for (let i = 0; i < 5; i++) requests.push(await makeDueRequest(ctx.db, store));
    const result = await runFor(
      ctx,
      store.id,
      requests.map((r) => r.id),
    );
    expect(result).toMatchObject({ processed: 3, deferred: 2, quotaExceeded: { plan: 'starter', quota: 3, used: 3 } });
    const rows = await ctx.db
      .select()
      .from(s.shopifyReviewRequests)
      .where(
        inArray(
          s.shopifyReviewRequests.id,
          requests.map((r) => r.id),
        ),
      );
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'scheduled')).toHaveLength(2);
    // The oldest due requests go first.
    expect(await usage(store.shopDomain)).toEqual({ month: 3, day: 3 });
  });

  it('stops at the store’s daily limit even with quota left', async () => {
    const store = await makeStore(ctx.db, { quota: 100, dailyLimit: 2 });
    const requests = [];
    for (let i = 0; i < 4; i++) requests.push(await makeDueRequest(ctx.db, store));
    const result = await runFor(
      ctx,
      store.id,
      requests.map((r) => r.id),
    );
    expect(result).toMatchObject({ processed: 2, deferred: 2, quotaExceeded: null, dailyLimitReached: { limit: 2 } });
  });

  it('has no monthly cap on an unlimited plan, but still counts what was sent', async () => {
    const store = await makeStore(ctx.db, { quota: null, dailyLimit: 10_000 });
    const requests = [];
    for (let i = 0; i < 4; i++) requests.push(await makeDueRequest(ctx.db, store));
    const result = await runFor(
      ctx,
      store.id,
      requests.map((r) => r.id),
    );
    expect(result).toMatchObject({ processed: 4, quotaExceeded: null });
    expect(await usage(store.shopDomain)).toEqual({ month: 4, day: 4 });
  });
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
      const store = await makeStore(ctx.db);
      const bounced = await makeDueRequest(ctx.db, store, { customerEmail: 'inconnu@exemple.test' });
      const deferred = await makeDueRequest(ctx.db, store, { customerEmail: 'plein@exemple.test' });
      const fine = await makeDueRequest(ctx.db, store, { customerEmail: 'ok@exemple.test' });
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
    const store = await makeStore(ctx.db);
    const request = await makeDueRequest(ctx.db, store);
    const result = await runFor({ ...ctx, mailer: failingMailer({ code: 'ETIMEDOUT', command: 'DATA' }) }, store.id, [request.id]);
    expect(result).toMatchObject({ processed: 0, failed: 1 });
    const after = await requestById(request.id);
    expect(after).toMatchObject({ status: 'sent', attempts: 1 });
    expect(after.lastError).toMatch(/non confirmé/);
    expect(await ledgerOf(request.id)).toMatchObject({ state: 'sent' });
    expect(await usage(store.shopDomain)).toEqual({ month: 1, day: 1 });
    await runDueSends(ctx, { workerId: 'later', now: new Date(Date.now() + 3_600_000) });
    expect(await outboxTo(request.customerEmail!)).toHaveLength(0);
  });

  it('no connection at all is temporary: retried later, quota given back', async () => {
    const store = await makeStore(ctx.db);
    const request = await makeDueRequest(ctx.db, store);
    await runFor({ ...ctx, mailer: failingMailer({ code: 'ECONNECTION', command: 'CONN' }) }, store.id, [request.id]);
    expect(await requestById(request.id)).toMatchObject({ status: 'failed', failureKind: 'temporary' });
    expect(await usage(store.shopDomain)).toEqual({ month: 0, day: 0 });
  });

  it('an address that unsubscribes between the claim and the hand-over is not mailed', async () => {
    const store = await makeStore(ctx.db);
    const request = await makeDueRequest(ctx.db, store);
    const result = await sendBatch(ctx, {
      workerId: 'claimer',
      manual: { storeId: store.id, requestIds: [request.id] },
      hooks: { afterReserve: async () => void (await ctx.db.insert(s.emailSuppressions).values({ shopId: store.id, email: request.customerEmail!.toLowerCase() })) },
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
    const store = await makeStore(ctx.db);
    const request = await makeDueRequest(ctx.db, store);
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
    const store = await makeStore(ctx.db);
    const request = await makeDueRequest(ctx.db, store);
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
    const store = await makeStore(ctx.db);
    const request = await makeDueRequest(ctx.db, store);
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
      const store = await makeStore(ctx.db);
      const request = await makeDueRequest(ctx.db, store);
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
      expect(after.status).toBe('sent');
      expect(after.lastError).toMatch(/non confirmé/);
    } finally {
      await mailer.close();
    }
  });

  it('a recovered reservation cannot be transmitted by its original worker any more', async () => {
    const store = await makeStore(ctx.db);
    const request = await makeDueRequest(ctx.db, store);
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

describe('manual send (process-review-requests)', () => {
  it('only sends the merchant’s own scheduled requests', async () => {
    const store = await makeStore(ctx.db);
    const other = await makeStore(ctx.db);
    const mine = await makeDueRequest(ctx.db, store, { scheduledAt: new Date(Date.now() + 5 * 86_400_000) });
    const sent = await makeDueRequest(ctx.db, store, { status: 'sent' });
    const theirs = await makeDueRequest(ctx.db, other);
    const result = await runFor(ctx, store.id, [mine.id, sent.id, theirs.id]);
    expect(result).toMatchObject({ processed: 1 });
    expect(await requestById(mine.id)).toMatchObject({ status: 'sent' });
    expect(await requestById(theirs.id)).toMatchObject({ status: 'scheduled' });
    const stillScheduled = await ctx.db
      .select()
      .from(s.shopifyReviewRequests)
      .where(and(eq(s.shopifyReviewRequests.id, sent.id), eq(s.shopifyReviewRequests.attempts, 0)));
    expect(stillScheduled).toHaveLength(1);
  });
});

describe('an hourly run over several batches', () => {
  /** The run of a store of its own: small batches, two lanes, nothing else due. */
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestContext({ SEND_BATCH_SIZE: '2', SEND_CONCURRENCY: '2' });
  });
  afterAll(() => small.destroy());
  const outbox = (c: AppContext, address: string) => c.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, address));

  it('claims the next batch while the e-mails of the previous one are still in the transport, and sends each request once', async () => {
    const store = await makeStore(small.db);
    const requests = [];
    for (let i = 0; i < 7; i++) requests.push(await makeDueRequest(small.db, store));
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
    const store = await makeStore(small.db);
    const requests = [];
    for (let i = 0; i < 12; i++) requests.push(await makeDueRequest(small.db, store));
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
    const store = await makeStore(small.db);
    for (let i = 0; i < 6; i++) await makeDueRequest(small.db, store);
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
    const store = await makeStore(small.db);
    // Two lanes: one sends the e-mail whose completion is refused, the other is still in the
    // transport (held 300 ms) when that happens, so the run is not over yet.
    const slow = await makeDueRequest(small.db, store, { scheduledAt: new Date(Date.now() - 3_600_000) });
    const doomed = await makeDueRequest(small.db, store, { customerEmail: 'refus-final@example.test' });
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
