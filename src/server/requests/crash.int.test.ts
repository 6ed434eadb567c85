/**
 * Exactly one e-mail per request across a real process crash: a worker process is killed (SIGKILL)
 * in the middle of a send, a new process starts, and every request ends up mailed exactly once.
 */
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import { testDbKind } from '#tests/support/test-db';
import { crashTarget as target, runCrashWorker as runWorker } from '#tests/support/crash-target';
import { world } from '#tests/support/world';

const modes = testDbKind === 'postgres' ? (['reserved', 'transmitting', 'accepted'] as const) : (['transmitting'] as const);

describe('a worker killed in the middle of sending', () => {
  for (const mode of modes) {
    it(`(killed at '${mode}') leaves exactly one e-mail per request after a restart`, async () => {
      const t = await target();
      try {
        let handle = await t.open();
        const store = (await world(handle).merchant().store({ quota: 100 })).store;
        const ids: string[] = [];
        for (let i = 0; i < 4; i++) ids.push((await world(handle).at(store).request()).id);
        if (testDbKind === 'pglite') await handle.close();

        const crashed = await runWorker({ ...t.env, CRASH_AT: mode, CRASH_ON: '2' });
        expect(crashed.signal, crashed.err).toBe('SIGKILL');
        // The new process waits out the lease (1 s here) before taking over what the dead one held.
        await new Promise((r) => setTimeout(r, 1200));
        const restarted = await runWorker(t.env);
        expect(restarted.code, restarted.err).toBe(0);

        if (testDbKind === 'pglite') handle = await t.open();
        const requests = await handle.db.select().from(s.shopifyReviewRequests).where(inArray(s.shopifyReviewRequests.id, ids));
        expect(requests.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
        const mails = await handle.db
          .select()
          .from(s.emailOutbox)
          .where(
            inArray(
              s.emailOutbox.toAddress,
              requests.map((r) => r.customerEmail!),
            ),
          );
        expect(mails).toHaveLength(4);
        expect(new Set(mails.map((m) => m.toAddress)).size).toBe(4);
        const ledger = await handle.db.select().from(s.emailSendLedger).where(inArray(s.emailSendLedger.requestId, ids));
        expect(ledger.map((l) => l.state)).toEqual(['sent', 'sent', 'sent', 'sent']);
        const usage = await handle.db
          .select()
          .from(s.shopUsage)
          .where(inArray(s.shopUsage.shopDomain, [store.shopDomain]));
        expect(usage.map((u) => u.value)).toEqual([4, 4]);
        if (testDbKind === 'pglite') await handle.close();
      } finally {
        await t.cleanup();
      }
    }, 120_000);
  }
});
