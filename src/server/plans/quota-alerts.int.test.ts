/**
 * The merchant's quota e-mails: one at 80 % and one at 100 % of the quota per billing period, decided
 * with the reservation that crosses the threshold, sent by a job after its commit, never twice (two
 * racing senders, a quota given back and taken again, a job run again), and again in the next period.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { integrationTest } from '#tests/support/integration';
import type { TestContext } from '#tests/support/test-context';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { runDueSends } from '../requests/sender';
import { sendOneOff } from '../requests/send-email';
import { addUsage, MONTH_METRIC, utcDayStart } from './quota';
import { sendQuotaAlert, type QuotaAlertPayload } from './quota-alert-email';
import { world, type StoreRow } from '#tests/support/world';

// Small batches: the two racing senders interleave many claims.
const it = integrationTest({ SEND_BATCH_SIZE: '2', SEND_CONCURRENCY: '2' });
const DAY = 86_400_000;

const runJobs = (ctx: TestContext) => createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
/** The store's alert jobs, by their dedupe key (a finished job's payload is cleared). */
const alertJobs = (ctx: TestContext, store: { shopDomain: string }) =>
  ctx.db
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.name, 'send-quota-alert'), like(s.jobs.dedupeKey, `quota-alert:${store.shopDomain}:%`)));
const percents = async (ctx: TestContext, store: { shopDomain: string }) => (await alertJobs(ctx, store)).map((j) => Number(j.dedupeKey!.split(':').at(-1))).sort();
const alertRows = (ctx: TestContext, shop: string) =>
  ctx.db
    .select()
    .from(s.shopUsage)
    .where(and(eq(s.shopUsage.shopDomain, shop), like(s.shopUsage.metric, 'quota_alert_%')));
const mailsTo = (ctx: TestContext, address: string) => ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, address)).orderBy(s.emailOutbox.createdAt);

async function storeWithAlerts(ctx: TestContext, quota: number, options: { periodStart?: Date } = {}) {
  const shop = await world(ctx)
    .merchant()
    .store({ quota, shopName: 'Maison Lumière', ...options });
  const { store } = shop;
  const owner = `alertes-${store.id.slice(0, 8)}@exemple.test`;
  await shop.emailConfig({ ownerNotificationEmail: owner, dailySendLimit: 1000 });
  // A confirmed address (decision 022): an unconfirmed one's e-mails go to the account's.
  await shop.recipient(owner, { confirmedAt: new Date() });
  return { store, owner };
}

async function due(ctx: TestContext, store: StoreRow, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await world(ctx).at(store).request()).id);
  return ids;
}

const statuses = async (ctx: TestContext, ids: string[]) =>
  (await ctx.db.select().from(s.shopifyReviewRequests).where(inArray(s.shopifyReviewRequests.id, ids))).map((r) => r.status);

describe('quota e-mails', () => {
  it('sends the 80 % and the 100 % e-mail once each per period, with two senders racing', async ({ ctx }) => {
    const { store, owner } = await storeWithAlerts(ctx, 10);
    const ids = await due(ctx, store, 12);
    await Promise.all([runDueSends(ctx, { workerId: 'racer-a' }), runDueSends(ctx, { workerId: 'racer-b' })]);
    expect((await statuses(ctx, ids)).filter((x) => x === 'sent')).toHaveLength(10);
    expect((await statuses(ctx, ids)).filter((x) => x === 'scheduled')).toHaveLength(2);

    // Decided with the reservations: one row and one job per threshold, nothing sent before the jobs run.
    expect((await alertRows(ctx, store.shopDomain)).map((r) => r.metric).sort()).toEqual(['quota_alert_100', 'quota_alert_80']);
    const jobs = await alertJobs(ctx, store);
    expect(jobs.map((j) => (j.payload as { percent: number }).percent).sort()).toEqual([100, 80]);
    expect(jobs.map((j) => j.payload)).toContainEqual(expect.objectContaining({ storeId: store.id, percent: 100, plan: 'starter', quota: 10, used: 10 }));
    expect(await mailsTo(ctx, owner)).toEqual([]);
    await runJobs(ctx);
    const mails = await mailsTo(ctx, owner);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Quota d’e-mails atteint\u202f: vos demandes d’avis attendent', 'Vous avez utilisé 80 % de votre quota d’e-mails']);

    const full = mails.find((m) => m.subject.startsWith('Quota'))!;
    expect(full.text).toContain('Votre boutique Maison Lumière a envoyé les 10 e-mails que comprend son plan Starter pour la période d’envoi en cours.');
    expect(full.text).toContain('Aucune demande d’avis n’est perdue');
    expect(full.text).toContain('10 / 10');
    expect(full.text).toContain('http://localhost:3000/app/plans');
    expect(full.html).toContain('href="http://localhost:3000/app/plans"');
    expect(full.html).toContain('Changer de plan');
    const eighty = mails.find((m) => m.subject.startsWith('Vous'))!;
    expect(eighty.text).toMatch(
      /Votre boutique Maison Lumière a envoyé (8|9) e-mails sur les 10 que comprend son plan Starter pour la période d’envoi en cours\. Il en reste (2|1)\./,
    );
    expect(eighty.text).toContain('au début de la prochaine période d’envoi, le ');

    // The quota given back (a failed send) and taken again crosses the thresholds again: no new e-mail.
    const [plan] = await ctx.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, store.shopDomain));
    await ctx.db.transaction((tx) => addUsage(tx, store.shopDomain, plan!.periodStart, utcDayStart(new Date()), -3));
    await Promise.all([runDueSends(ctx, { workerId: 'racer-a' }), runDueSends(ctx, { workerId: 'racer-b' })]);
    expect((await statuses(ctx, ids)).every((x) => x === 'sent')).toBe(true);
    expect(await alertJobs(ctx, store)).toHaveLength(2);
    await runJobs(ctx);
    expect(await mailsTo(ctx, owner)).toHaveLength(2);
  });

  it('sends them again in the next billing period', async ({ ctx, world }) => {
    const now = Date.now();
    const { store, owner } = await storeWithAlerts(ctx, 5, { periodStart: new Date(now - 40 * DAY) });
    // The recorded period ended 10 days ago: the sender's window rolled to a new one.
    const shop = world.at(store);
    await shop.usage('quota_alert_80', 1, new Date(now - 40 * DAY));
    await shop.usage('quota_alert_100', 1, new Date(now - 40 * DAY));
    await due(ctx, store, 4);
    await runDueSends(ctx, { workerId: 'next-period' });
    await runJobs(ctx);
    const mails = await mailsTo(ctx, owner);
    expect(mails.map((m) => m.subject)).toEqual(['Vous avez utilisé 80 % de votre quota d’e-mails']);
    const rows = await alertRows(ctx, store.shopDomain);
    const starts = (metric: string) =>
      rows
        .filter((r) => r.metric === metric)
        .map((r) => r.periodStart.getTime())
        .sort();
    expect(starts('quota_alert_80')).toEqual([now - 40 * DAY, now - 10 * DAY]);
    expect(starts('quota_alert_100')).toEqual([now - 40 * DAY]);
  });

  it('sends no e-mail for an unlimited plan or below 80 %', async ({ ctx, world }) => {
    const unlimited = (await world.merchant().store({ quota: null })).store;
    const limited = await storeWithAlerts(ctx, 100);
    await due(ctx, unlimited, 5);
    await due(ctx, limited.store, 79);
    await runDueSends(ctx, { workerId: 'quiet' });
    expect(await alertJobs(ctx, unlimited)).toEqual([]);
    expect(await alertJobs(ctx, limited.store)).toEqual([]);
    expect(await alertRows(ctx, unlimited.shopDomain)).toEqual([]);
    expect(await alertRows(ctx, limited.store.shopDomain)).toEqual([]);
    // The next send is the 80th: it alerts.
    await due(ctx, limited.store, 1);
    await runDueSends(ctx, { workerId: 'quiet' });
    expect(await percents(ctx, limited.store)).toEqual([80]);
  });

  it('counts the one-off send-email too, and goes to the account address by default', async ({ ctx, world }) => {
    const shop = await world.merchant().store({ quota: 5 });
    const { store } = shop;
    await shop.usage(MONTH_METRIC, 3);
    const tenant = {
      id: store.id,
      shop_domain: store.shopDomain,
      shop_name: store.shopName,
      is_active: true,
      subscription_status: 'active' as const,
      installed_at: store.installedAt,
    };
    await sendOneOff(ctx, tenant, { shopifyStoreId: store.id, recipientEmail: 'cliente@exemple.test', recipientName: 'Léa', subject: 'Merci', text_content: 'Merci\u202f!' });
    expect(await percents(ctx, store)).toEqual([80]);
    await runJobs(ctx);
    const [account] = await ctx.db.select().from(s.user).where(eq(s.user.id, store.userId));
    expect((await mailsTo(ctx, account!.email)).map((m) => m.subject)).toEqual(['Vous avez utilisé 80 % de votre quota d’e-mails']);
  });

  it('never sends the same alert twice when its job runs again after the transport took it', async ({ ctx }) => {
    const { store, owner } = await storeWithAlerts(ctx, 10);
    const payload: QuotaAlertPayload = {
      storeId: store.id,
      percent: 100,
      plan: 'starter',
      quota: 10,
      used: 10,
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-01-31T00:00:00.000Z',
    };
    expect(await sendQuotaAlert(ctx, payload)).toBe(true);
    expect(await sendQuotaAlert(ctx, payload)).toBe(false);
    const mails = await mailsTo(ctx, owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('le 31 janvier 2026');
    expect(mails[0]!.text).toContain('du 1er janvier 2026 au 31 janvier 2026');
  });
});
