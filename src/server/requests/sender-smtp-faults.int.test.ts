/**
 * A real SMTP server that misbehaves on purpose, at the two edges of a message's transmission
 * (decision 008, issue 33):
 * - after it has received the whole message (its final "."), the connection drops before its 250
 *   reaches us: the server may have the message, so it is counted sent « non confirmé » and never
 *   sent again;
 * - right after its 354, while the hand-over is being recorded, the connection is cut: no byte of the
 *   message left, so the request is not counted sent: it goes on a fresh connection, or is released
 *   (quota given back) for a later run, and the customer gets it once.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { createMailer, type Mailer } from '../email/mailer';
import type { AppContext } from '../context';
import { runDueSends, sendBatch } from './sender';
import { DAY_METRIC, MONTH_METRIC, utcDayStart } from '../plans/quota';
import { world } from '#tests/support/world';

/** What the server does at the next DATA: answer normally, cut after its 354, or take the message and drop the connection (FIN or reset) without answering. */
type Fault = 'none' | 'cut-after-354' | 'close-after-message' | 'reset-after-message';

/**
 * A plain SMTP server over TCP (no extension), enough for nodemailer, with faults on demand:
 * `faults` is consumed one per DATA; `refuseAfterCut` new connections are refused with 421 once it
 * has cut one after its 354.
 */
class FaultySmtp {
  readonly faults: Fault[] = [];
  refuseAfterCut = 0;
  private busyGreetings = 0;
  /** Message-IDs of the messages received whole (up to their final "."). */
  readonly received: string[] = [];
  /** Settles when the server has cut a connection and it is closed. */
  cut: Promise<void> = new Promise(() => {});
  private server: Server = createServer((socket) => this.session(socket));
  port = 0;

  async listen() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: Socket) {
    socket.on('error', () => {});
    if (this.busyGreetings > 0) {
      this.busyGreetings--;
      socket.end('421 4.3.2 busy, try later\r\n');
      return;
    }
    socket.write('220 faulty.test ESMTP\r\n');
    let buffer = '';
    let inData = false;
    let fault: Fault = 'none';
    let over = false;
    const hangUp = (how: 'end' | 'reset', last?: string) => {
      over = true;
      this.cut = new Promise((resolve) => socket.once('close', () => resolve()));
      if (how === 'end') socket.end(last ?? '');
      else socket.resetAndDestroy();
    };
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      while (!over) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          this.received.push(/^Message-ID:\s*<([^>]+)>/im.exec(message)?.[1] ?? 'none');
          if (fault === 'close-after-message') hangUp('end');
          else if (fault === 'reset-after-message') hangUp('reset');
          else socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const verb = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 faulty.test\r\n');
        else if (verb === 'QUIT') hangUp('end', '221 2.0.0 bye\r\n');
        else if (verb === 'DATA') {
          fault = this.faults.shift() ?? 'none';
          if (fault === 'cut-after-354') {
            this.busyGreetings = this.refuseAfterCut;
            this.refuseAfterCut = 0;
            hangUp('end', '354 go ahead\r\n');
          } else {
            socket.write('354 go ahead\r\n');
            inData = true;
          }
        } else socket.write('250 2.0.0 OK\r\n'); // MAIL, RCPT, RSET, NOOP
      }
    });
  }
}

let ctx: TestContext;
let smtp: FaultySmtp;
let mailer: Mailer;
let smtpCtx: AppContext;

beforeAll(async () => {
  ctx = await createTestContext({ SEND_MAX_ATTEMPTS: '3' });
  smtp = new FaultySmtp();
  await smtp.listen();
});
afterEach(async () => {
  await mailer?.close();
  smtp.faults.length = 0;
  smtp.refuseAfterCut = 0;
});
afterAll(async () => {
  await smtp.close();
  await ctx.destroy();
});

/** A fresh pool of one connection to the faulty server for each test. */
function useSmtp() {
  mailer = createMailer(ctx.db, { from: 'Avis <no-reply@avis.test>', transport: 'smtp', smtpUrl: `smtp://127.0.0.1:${smtp.port}`, smtpPoolSize: 1, messageIdDomain: 'avis.test' });
  smtpCtx = { ...ctx, mailer };
}

const requestById = async (id: string) => (await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, id)))[0]!;
const ledgerOf = async (id: string) => (await ctx.db.select().from(s.emailSendLedger).where(eq(s.emailSendLedger.requestId, id)))[0];
/** What the quota counted: the period's e-mails, and those of the UTC day holding `at` (a later run's day may be tomorrow). */
async function usage(shopDomain: string, at = new Date()) {
  const rows = await ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, shopDomain));
  const day = utcDayStart(at).getTime();
  return {
    month: rows.find((r) => r.metric === MONTH_METRIC)?.value ?? 0,
    day: rows.find((r) => r.metric === DAY_METRIC && r.periodStart.getTime() === day)?.value ?? 0,
  };
}
const copiesOf = (requestId: string) => smtp.received.filter((id) => id.startsWith(`review-${requestId}@`)).length;
/** An hour from now: the next hourly run's clock (after 23:00 UTC, tomorrow's day). */
const inAnHour = () => new Date(Date.now() + 3_600_000);
/** The next hourly run, which retries temporary failures. */
const laterRun = (now = inAnHour()) => runDueSends(smtpCtx, { workerId: 'later-run', now });

describe('a reply lost after the server took the whole message', () => {
  it.each([
    ['closes', 'close-after-message'],
    ['resets', 'reset-after-message'],
  ] as const)('is counted sent « non confirmé », keeps its quota and is never sent again (the server %s the connection)', async (_how, fault) => {
    useSmtp();
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    smtp.faults.push(fault);

    const first = await sendBatch(smtpCtx, { workerId: 'first-run', manual: { storeId: store.id, requestIds: [request.id] } });
    expect(first).toMatchObject({ processed: 0, failed: 1 });
    expect(copiesOf(request.id)).toBe(1);
    const after = await requestById(request.id);
    expect(after).toMatchObject({ status: 'sent', attempts: 1, unconfirmed: true, lastError: null });
    expect(await ledgerOf(request.id)).toMatchObject({ state: 'sent' });
    expect(await usage(store.shopDomain)).toEqual({ month: 1, day: 1 });

    // The next runs do not send it again.
    await laterRun();
    await laterRun();
    expect(copiesOf(request.id)).toBe(1);
    expect(await requestById(request.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('a connection cut right after 354, while the hand-over is being recorded', () => {
  /** Holds the hand-over (recorded, not yet answered) until the server has cut the connection. */
  const slowHandOver = { beforeTransport: () => smtp.cut.then(() => new Promise<void>((resolve) => setTimeout(resolve, 50))) };

  it('sends the message once, on a fresh connection, and counts it once', async () => {
    useSmtp();
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    smtp.faults.push('cut-after-354');

    const run = await sendBatch(smtpCtx, { workerId: 'cut-run', manual: { storeId: store.id, requestIds: [request.id] }, hooks: slowHandOver });
    expect(run).toMatchObject({ processed: 1, failed: 0 });
    expect(copiesOf(request.id)).toBe(1);
    expect(await requestById(request.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(await ledgerOf(request.id)).toMatchObject({ state: 'sent' });
    expect(await usage(store.shopDomain)).toEqual({ month: 1, day: 1 });
    await laterRun();
    expect(copiesOf(request.id)).toBe(1);
  });

  it('when no fresh connection can be had either, releases the request (not counted), and a later run sends it once', async () => {
    useSmtp();
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    smtp.faults.push('cut-after-354');
    smtp.refuseAfterCut = 1;

    const run = await sendBatch(smtpCtx, { workerId: 'cut-run', manual: { storeId: store.id, requestIds: [request.id] }, hooks: slowHandOver });
    expect(run).toMatchObject({ processed: 0, failed: 1 });
    expect(copiesOf(request.id)).toBe(0);
    // Not counted sent: a temporary failure, its quota given back, never « non confirmé ».
    const released = await requestById(request.id);
    expect(released).toMatchObject({ status: 'failed', failureKind: 'temporary', attempts: 1, unconfirmed: false });
    expect(await ledgerOf(request.id)).toMatchObject({ state: 'failed' });
    expect(await usage(store.shopDomain)).toEqual({ month: 0, day: 0 });

    const later = inAnHour();
    await laterRun(later);
    expect(copiesOf(request.id)).toBe(1);
    expect(await requestById(request.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    // Counted on the later run's day.
    expect(await usage(store.shopDomain, later)).toEqual({ month: 1, day: 1 });
    await laterRun();
    expect(copiesOf(request.id)).toBe(1);
  });
});
