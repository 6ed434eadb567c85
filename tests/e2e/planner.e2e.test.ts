/**
 * The send planner (issue 16) in Chromium: a store whose scheduled requests exceed what is left of
 * its quota sees, on the send calendar, how many will wait for the renewal, the link to change plan,
 * and the requests marked « En attente de quota », at a desktop and a phone size, with axe.
 *
 * The demo store is seeded before the app starts (the embedded database allows one process): its
 * quota lowered to 100 with 40 used, its pending requests replaced by 150 due tomorrow.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client';
import { migrateDatabase } from '#db/migrate';
import * as s from '#db/schema';
import { DEMO_ACCOUNT, seedDemo } from '#server/demo/seed-demo';
import { MONTH_METRIC, utcDayStart } from '#server/plans/quota';
import { newPublicToken } from '#server/security/tokens';
import { expectAccessible, PHONE } from './support/browser';
import { DEMO, signIn } from './support/flows';
import { browserSuite } from './support/suite';

const DAY = 86_400_000;
const QUOTA = 100;
const USED = 40;
const SCHEDULED = 150;
const dataDir = mkdtempSync(join(tmpdir(), 'avis-e2e-planner-'));

// Registered before the suite's own hook: the data is in place when the app starts.
beforeAll(async () => {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateDatabase(handle);
    const { userId, storeId } = await seedDemo(handle.db);
    const now = Date.now();
    const periodStart = new Date(now - 10 * DAY);
    await handle.db
      .update(s.shopPlans)
      .set({ emailsQuota: QUOTA, periodStart, periodEnd: new Date(now + 20 * DAY) })
      .where(eq(s.shopPlans.shopDomain, DEMO_ACCOUNT.shopDomain));
    // Opening the app re-reads the plan on the local Shopify and records its quota from the price
    // list (decision 021): the demo's plan is given this small quota there too.
    const [plan] = await handle.db.select({ code: s.shopPlans.plan }).from(s.shopPlans).where(eq(s.shopPlans.shopDomain, DEMO_ACCOUNT.shopDomain));
    await handle.db.update(s.subscriptionPlans).set({ emailQuota: QUOTA }).where(eq(s.subscriptionPlans.code, plan!.code));
    await handle.db
      .insert(s.shopUsage)
      .values({ shopDomain: DEMO_ACCOUNT.shopDomain, periodStart, metric: MONTH_METRIC, value: USED })
      .onConflictDoUpdate({ target: [s.shopUsage.shopDomain, s.shopUsage.periodStart, s.shopUsage.metric], set: { value: USED } });
    // Only these requests are pending: the demo's own ones would be sent at start and move the figures.
    await handle.db.delete(s.shopifyReviewRequests).where(and(eq(s.shopifyReviewRequests.shopId, storeId), inArray(s.shopifyReviewRequests.status, ['scheduled', 'failed'])));
    const tomorrow = utcDayStart(new Date(now + DAY)).getTime() + 9 * 3_600_000;
    await handle.db.insert(s.shopifyReviewRequests).values(
      Array.from({ length: SCHEDULED }, (_, i) => ({
        userId,
        shopId: storeId,
        customerEmail: `client.${i}@exemple.test`,
        customerName: `Client ${i + 1}`,
        scheduledAt: new Date(tomorrow + i * 60_000),
        token: newPublicToken(),
        source: 'manual' as const,
      })),
    );
  } finally {
    await handle.close();
  }
});

const suite = browserSuite({ DEMO_MODE: 'true', DATA_DIR: dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the send planner', () => {
  for (const [device, viewport] of [
    ['a desktop', { width: 1280, height: 800 }],
    ['a phone', PHONE],
  ] as const) {
    it(`shows on ${device} how many requests will wait for the renewal, the link to change plan, and marks them`, async () => {
      const { page } = await suite.page(viewport);
      await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/schedule');
      const planner = page.getByRole('region', { name: 'Prévisions d’envoi' });
      const summary = planner.getByText(/envois prévus d’ici le .+\s; votre quota en permet \d+\s: .+ demandes attendront la prochaine période d’envoi ou un plan supérieur\.$/);
      await summary.waitFor();
      // What is left of the quota goes; the rest waits (the hourly reconciliation may add requests: they wait too).
      const [, due, fit, waiting] = /^([\d\s\u202f]+) envois prévus .* en permet (\d+)\s: ([\d\s\u202f]+) demandes/
        .exec((await summary.textContent()) ?? '')!
        .map((n) => Number(n.replace(/\D/g, '')));
      expect(fit).toBe(QUOTA - USED);
      expect(due).toBeGreaterThanOrEqual(SCHEDULED);
      expect(waiting).toBe(due! - fit!);
      await planner.getByText(/^La première demande concernée est programmée le /).waitFor();
      expect(await planner.getByRole('link', { name: 'Changer de plan' }).getAttribute('href')).toBe('/app/plans');
      expect(await planner.getByRole('table', { name: 'Envois prévus par jour jusqu’à la fin de la période' }).count()).toBe(1);

      // The calendar, newest scheduled first: the latest requests are the ones that wait.
      const first = page.getByRole('list', { name: 'Demandes d’avis' }).getByRole('listitem').first();
      await first.getByText('En attente de quota').waitFor();
      await first.getByText(/partira à la prochaine période d’envoi/).waitFor();
      await expectAccessible(page);

      await planner.getByRole('link', { name: 'Changer de plan' }).click();
      await page.waitForURL(`${suite.app.url}/app/plans`);
    });
  }
});
