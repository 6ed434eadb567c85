/**
 * What the sender's integration tests share (src/server/requests/sender*.int.test.ts): a test context
 * that retries up to three attempts, an SMTP server whose answers a test chooses per recipient, and
 * the reads of what a run left (outbox, request, ledger, usage).
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import * as s from '#db/schema';
import type { AppContext } from '#server/context';
import { DAY_METRIC, MONTH_METRIC } from '#server/plans/quota';
import { sendBatch } from '#server/requests/sender';
import { createTestContext, type TestContext } from './test-context';

/** Registers the suite's hooks (and starts the SMTP server when asked); its context is there once the suite has started. */
export function senderSuite(options: { smtp?: boolean } = {}) {
  let ctx: TestContext | undefined;
  let smtp: SMTPServer | undefined;
  let smtpPort = 0;
  /** RCPT answers by address: 550 = unknown mailbox (permanent), 451 = try later (temporary). */
  const smtpAnswers = new Map<string, number>();

  beforeAll(async () => {
    ctx = await createTestContext({ SEND_MAX_ATTEMPTS: '3' });
    if (!options.smtp) return;
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
    const server = smtp;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    smtpPort = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    const server = smtp;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await ctx?.destroy();
  });

  const started = () => {
    if (!ctx) throw new Error('senderSuite: used before the suite started');
    return ctx;
  };

  return {
    get ctx() {
      return started();
    },
    /** The SMTP server's port (with `smtp: true`). */
    get smtpPort() {
      return smtpPort;
    },
    smtpAnswers,
    outboxTo: (address: string) => started().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, address)),
    requestById: async (id: string) => (await started().db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, id)))[0]!,
    ledgerOf: async (id: string) => (await started().db.select().from(s.emailSendLedger).where(eq(s.emailSendLedger.requestId, id)))[0],
    async usage(shopDomain: string) {
      const rows = await started().db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, shopDomain));
      return { month: rows.find((r) => r.metric === MONTH_METRIC)?.value ?? 0, day: rows.find((r) => r.metric === DAY_METRIC)?.value ?? 0 };
    },
    /** Runs the sender for one store's requests only (other tests' stores share the database). */
    runFor: (c: AppContext, storeId: string, requestIds: string[], workerId = 'test-worker') => sendBatch(c, { workerId, manual: { storeId, requestIds } }),
  };
}
