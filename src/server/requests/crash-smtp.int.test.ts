/**
 * Sending over a real (slow) SMTP server while the worker is killed with SIGKILL at random moments,
 * with more lanes than pooled connections: no e-mail twice, no request lost, and no request counted
 * sent whose SMTP transaction never reached DATA (decision 008).
 */
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import { crashTarget, runCrashWorker } from '#tests/support/crash-target';
import { testDbKind } from '#tests/support/test-db';
import { MONTH_METRIC } from '../plans/quota';
import { world } from '#tests/support/world';

/** What the server saw, by recipient: DATA begun, and messages received whole (by Message-ID). */
const dataBegun = new Set<string>();
const received = new Map<string, string[]>();
/** Kills the worker at the n-th SMTP event from now (envelope, data begun, data ended). */
let killer: { eventsLeft: number; kill: () => void } | null = null;
function smtpEvent() {
  if (killer && --killer.eventsLeft === 0) killer.kill();
}
let server: SMTPServer;
let port: number;
const slow = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Slow answers, as a loaded relay gives: the envelope and the final answer each take a while.
    onRcptTo(_address, _session, callback) {
      smtpEvent();
      void slow(40).then(() => callback());
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      for (const address of to) dataBegun.add(address);
      smtpEvent();
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        smtpEvent();
        void slow(60).then(() => {
          // A message cut short by a dropped connection never gets here with its end.
          const messageId = /^Message-ID:\s*<([^>]+)>/im.exec(raw)?.[1] ?? 'none';
          for (const address of to) received.set(address, [...(received.get(address) ?? []), messageId]);
          callback();
        });
      });
    },
  });
  // Killed workers reset their connections: expected here, not a failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a worker killed at random moments while sending over slow SMTP, lanes outnumbering connections', () => {
  it('sends each request at most once, loses none, and never counts sent what never reached DATA', async () => {
    const t = await crashTarget();
    try {
      let handle = await t.open();
      const stores = [(await world(handle).merchant().store({ quota: 1000 })).store, (await world(handle).merchant().store({ quota: 1000 })).store];
      const requests = [];
      for (let i = 0; i < 24; i++)
        requests.push(
          await world(handle)
            .at(stores[i % 2]!)
            .request(),
        );
      const ids = requests.map((r) => r.id);
      const emails = new Map(requests.map((r) => [r.id, r.customerEmail!.toLowerCase()]));
      // PGlite allows one process per data directory: let the workers have it.
      if (testDbKind === 'pglite') await handle.close();

      // Four lanes, one pooled connection: three lanes always wait for a connection they do not hold.
      const env = { ...t.env, SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_POOL_SIZE: '1', SEND_CONCURRENCY: '4' };
      let kills = 0;
      for (let round = 0; round < 4; round++) {
        // Killed in the middle of sending: at a random SMTP event of this run (a RCPT, a DATA begun,
        // a message whose final answer is still pending).
        const eventsLeft = 2 + Math.floor(Math.random() * 12);
        const run = await runCrashWorker(env, undefined, (kill) => (killer = { eventsLeft, kill }));
        killer = null;
        if (run.signal === 'SIGKILL') kills++;
        else expect(run.code, run.err).toBe(0);
        // Past the lease (1 s here), the next process resolves what the dead one left open.
        await slow(1_200);
      }
      expect(kills).toBe(4);
      const last = await runCrashWorker(env);
      expect(last.code, last.err).toBe(0);

      if (testDbKind === 'pglite') handle = await t.open();
      const rows = await handle.db.select().from(s.shopifyReviewRequests).where(inArray(s.shopifyReviewRequests.id, ids));
      // The window: only a message in its DATA exchange can be left unconfirmed, so a kill leaves at
      // most one per pooled connection (one here), whatever the number of lanes.
      const unconfirmed = rows.filter((r) => r.unconfirmed).length;
      expect(unconfirmed, `${unconfirmed} unconfirmed after ${kills} kills`).toBeLessThanOrEqual(kills * Number(env.SMTP_POOL_SIZE));
      // None lost: every request ended sent (no request left processing, scheduled or failed).
      expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'sent'));
      for (const row of rows) {
        const address = emails.get(row.id)!;
        const copies = received.get(address) ?? [];
        // Never twice.
        expect(copies.length, address).toBeLessThanOrEqual(1);
        if (copies.length === 0) {
          // Counted sent without proof only when its data was being handed over.
          expect(row.lastError, address).toMatch(/non confirmé/);
          expect(dataBegun.has(address), `${address} counted sent but its SMTP transaction never reached DATA`).toBe(true);
        }
      }
      const ledger = await handle.db.select().from(s.emailSendLedger).where(inArray(s.emailSendLedger.requestId, ids));
      expect(ledger.every((l) => l.state === 'sent')).toBe(true);
      // Usage equals what the books say was sent.
      const usage = await handle.db
        .select()
        .from(s.shopUsage)
        .where(
          inArray(
            s.shopUsage.shopDomain,
            stores.map((x) => x.shopDomain),
          ),
        );
      expect(usage.filter((u) => u.metric === MONTH_METRIC).reduce((sum, u) => sum + u.value, 0)).toBe(ids.length);
      if (testDbKind === 'pglite') await handle.close();
    } finally {
      await t.cleanup();
    }
  }, 180_000);
});
