/**
 * A flow's reminder (issue 18): scheduled when the first e-mail is counted sent, sent through the same
 * pipeline (quota, ledger) with the first request's links and its own subject and first line, and
 * withdrawn by a review, an unsubscribe, a cancellation, a refund, or the flow switched off or deleted.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { ORIGIN } from '#tests/support/http';
import { REMINDER_DEFAULTS } from '#core/email/reminder';
import type { FlowInput } from '#core/api/flows';
import { DAY_METRIC, MONTH_METRIC } from '../plans/quota';
import { reminderMessages } from '../messages/reminders';
import { deleteFlow, updateFlow } from './flows';
import { markWaiting, sendForecast } from './forecast';
import { cancelUnsentRequests } from './generate';
import { cancelFollowUpOf, scheduleFlowReminders } from './reminders';
import { recoverAbandoned, sendBatch } from './sender';
import type { AppContext } from '../context';
import { listRequests, requeueUnconfirmed } from './service';
import { unsubscribe, UNSUBSCRIBED_NOTE } from './unsubscribe';
import { world, type StoreRow } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ TRUST_PROXY: 'true' });

const DAY = 86_400_000;
type Request = typeof s.shopifyReviewRequests.$inferSelect;

const requestById = async (ctx: TestContext, id: string) => (await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, id)))[0]!;
const reminderOf = async (ctx: TestContext, firstId: string): Promise<Request | undefined> =>
  (await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.reminderOf, firstId)))[0];
const outboxTo = (ctx: TestContext, address: string) => ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, address));
async function usage(ctx: TestContext, shopDomain: string) {
  const rows = await ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, shopDomain));
  return { month: rows.find((r) => r.metric === MONTH_METRIC)?.value ?? 0, day: rows.find((r) => r.metric === DAY_METRIC)?.value ?? 0 };
}
const send = (ctx: TestContext, store: StoreRow, ids: string[], workerId = 'reminder-test') => sendBatch(ctx, { workerId, manual: { storeId: store.id, requestIds: ids } });
/** Makes a scheduled request due now (a reminder is planned days ahead). */
const makeDue = (ctx: TestContext, id: string) =>
  ctx.db
    .update(s.shopifyReviewRequests)
    .set({ scheduledAt: new Date(Date.now() - 60_000) })
    .where(eq(s.shopifyReviewRequests.id, id));

const flowInput = (overrides: Partial<FlowInput> = {}): FlowInput => ({
  name: 'Après paiement',
  trigger_event: 'order_paid',
  delay_days: 0,
  channels: { email: true, whatsapp: false },
  target_all_orders: true,
  minimum_order_amount: 0,
  reminder_days: 3,
  is_active: true,
  ...overrides,
});

/** A store, a flow (a 3-day reminder unless told otherwise) and one due first request of that flow. */
async function firstRequest(ctx: TestContext, options: { reminderDays?: number | null; quota?: number | null; store?: StoreRow; source?: 'flow' | 'import' } = {}) {
  const shop = options.store ? world(ctx).at(options.store) : await world(ctx).merchant().store({ quota: options.quota });
  const flow = await shop.flow({ reminderDays: options.reminderDays === undefined ? 3 : options.reminderDays });
  const order = await shop.order();
  const first = await shop.request({ order, flowId: options.source === 'import' ? null : flow.id, customerName: 'Léa Dubois', source: options.source ?? 'flow' });
  return { store: shop.store, flow, order, first };
}

/** A first request sent through the sender, and its reminder made due. */
async function dueReminder(ctx: TestContext, options: Parameters<typeof firstRequest>[1] = {}) {
  const made = await firstRequest(ctx, options);
  expect(await send(ctx, made.store, [made.first.id])).toMatchObject({ processed: 1 });
  const reminder = await reminderOf(ctx, made.first.id);
  expect(reminder).toBeDefined();
  await makeDue(ctx, reminder!.id);
  return { ...made, reminder: reminder! };
}

/** A 2-star review answering `request` of `store`. */
const review = (ctx: TestContext, store: StoreRow, request: Request) => world(ctx).at(store).review({ request, rating: 2 });

describe('scheduling a reminder when the first e-mail goes', () => {
  it('schedules one reminder, reminder_days after the e-mail, to the same customer, once', async ({ ctx }) => {
    const { store, flow, order, first } = await firstRequest(ctx);
    expect(await send(ctx, store, [first.id])).toMatchObject({ processed: 1 });
    const sent = await requestById(ctx, first.id);
    const reminder = await reminderOf(ctx, first.id);
    expect(reminder).toMatchObject({
      kind: 'reminder',
      reminderOf: first.id,
      status: 'scheduled',
      channel: 'email',
      source: 'flow',
      flowId: flow.id,
      orderId: order.id,
      customerEmail: first.customerEmail,
      customerName: 'Léa Dubois',
    });
    expect(reminder!.scheduledAt.getTime()).toBe(sent.sentAt!.getTime() + 3 * DAY);
    // Its own token (never sent: the e-mail carries the first one's).
    expect(reminder!.token).not.toBe(first.token);

    // Idempotent: scheduling again for the same request adds nothing.
    expect(await scheduleFlowReminders(ctx.db, [first.id])).toBe(0);
    expect(await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.reminderOf, first.id))).toHaveLength(1);
  });

  it('schedules none without reminder_days, for an import, for a shared link, or for a customer who reviewed', async ({ ctx }) => {
    const none = await firstRequest(ctx, { reminderDays: null });
    await send(ctx, none.store, [none.first.id]);
    expect(await reminderOf(ctx, none.first.id)).toBeUndefined();

    const imported = await firstRequest(ctx, { source: 'import' });
    await send(ctx, imported.store, [imported.first.id]);
    expect(await requestById(ctx, imported.first.id)).toMatchObject({ status: 'sent' });
    expect(await reminderOf(ctx, imported.first.id)).toBeUndefined();

    // The store's shared link: completed at once, channel 'link'; never a reminder.
    const store = (await world(ctx).merchant().store()).store;
    await world(ctx).at(store).flow({ reminderDays: 2 });
    const link = await world(ctx).at(store).request({ order: null, status: 'sent', sentAt: new Date(), channel: 'link', source: 'manual', scheduledAt: new Date() });
    expect(await scheduleFlowReminders(ctx.db, [link.id])).toBe(0);

    // A customer who reviewed through another flow's request for the same order is not asked again.
    const reviewed = await firstRequest(ctx);
    const otherFlow = await world(ctx).at(reviewed.store).flow();
    const other = await world(ctx).at(reviewed.store).request({
      order: null,
      orderId: reviewed.order.id,
      flowId: otherFlow.id,
      customerEmail: reviewed.first.customerEmail,
      status: 'completed',
      scheduledAt: new Date(),
    });
    await review(ctx, reviewed.store, other);
    await send(ctx, reviewed.store, [reviewed.first.id]);
    expect(await requestById(ctx, reviewed.first.id)).toMatchObject({ status: 'sent' });
    expect(await reminderOf(ctx, reviewed.first.id)).toBeUndefined();
  });

  it('schedules it too when a dead worker’s send is resolved as sent by the lease recovery', async ({ ctx }) => {
    const { store, first } = await firstRequest(ctx);
    await expect(
      sendBatch(ctx, { workerId: 'doomed', manual: { storeId: store.id, requestIds: [first.id] }, hooks: { afterTransport: () => Promise.reject(new Error('worker died')) } }),
    ).rejects.toThrow('worker died');
    expect(await reminderOf(ctx, first.id)).toBeUndefined();
    const later = new Date(Date.now() + (ctx.config.sending.leaseSeconds + 1) * 1000);
    expect(await recoverAbandoned(ctx, later)).toMatchObject({ confirmed: 1 });
    expect(await requestById(ctx, first.id)).toMatchObject({ status: 'sent' });
    expect(await reminderOf(ctx, first.id)).toMatchObject({ kind: 'reminder', status: 'scheduled' });
  });

  it('schedules it too when the transmission was cut during its data and the e-mail is counted sent unconfirmed', async ({ ctx }) => {
    const { store, first } = await firstRequest(ctx);
    // The transport took the hand-over, then the connection broke: it may have gone (nodemailer's timeout).
    const cut: AppContext = {
      ...ctx,
      mailer: {
        ...ctx.mailer,
        async send(_email, options) {
          if (options?.beforeData && !(await options.beforeData())) throw new Error('withdrawn');
          throw Object.assign(new Error('Timeout during DATA'), { code: 'ETIMEDOUT' });
        },
      },
    };
    expect(await sendBatch(cut, { workerId: 'cut', manual: { storeId: store.id, requestIds: [first.id] } })).toMatchObject({ failed: 1 });
    expect(await requestById(ctx, first.id)).toMatchObject({ status: 'sent', unconfirmed: true, lastError: null });
    expect(await reminderOf(ctx, first.id)).toMatchObject({ kind: 'reminder', status: 'scheduled' });

    // The merchant re-sends that unconfirmed e-mail: its reminder goes, made again from the new send.
    await requeueUnconfirmed(ctx.db, store.id, first.id);
    expect(await reminderOf(ctx, first.id)).toBeUndefined();
    expect(await send(ctx, store, [first.id])).toMatchObject({ processed: 1 });
    const again = await reminderOf(ctx, first.id);
    expect(again).toMatchObject({ kind: 'reminder', status: 'scheduled' });
    expect(again!.scheduledAt.getTime()).toBeGreaterThan(Date.now() + 2 * DAY);
  });

  it('withdraws at the claim a reminder whose first e-mail is no longer sent, or whose order the merchant excluded', async ({ ctx }) => {
    const a = await dueReminder(ctx);
    await ctx.db.update(s.shopifyReviewRequests).set({ status: 'scheduled', sentAt: null }).where(eq(s.shopifyReviewRequests.id, a.first.id));
    await send(ctx, a.store, [a.reminder.id]);
    expect(await requestById(ctx, a.reminder.id)).toMatchObject({ status: 'cancelled', lastError: reminderMessages.cancelled.firstNotSent });
    const b = await dueReminder(ctx);
    await world(ctx).at(b.store).exclude(b.order);
    await send(ctx, b.store, [b.reminder.id]);
    expect(await requestById(ctx, b.reminder.id)).toMatchObject({ status: 'cancelled', lastError: reminderMessages.cancelled.excluded });
    expect(await outboxTo(ctx, a.first.customerEmail!)).toHaveLength(1);
  });
});

describe('sending a reminder', () => {
  it('goes through the same pipeline with the first request’s links, the reminder subject and first line, and uses one e-mail of the quota', async ({ ctx }) => {
    const { store, order, first, reminder } = await dueReminder(ctx);
    expect(await usage(ctx, store.shopDomain)).toEqual({ month: 1, day: 1 });
    expect(await send(ctx, store, [reminder.id])).toMatchObject({ processed: 1, failed: 0 });

    const mails = await outboxTo(ctx, first.customerEmail!);
    expect(mails).toHaveLength(2);
    const mail = mails.find((m) => m.messageId === `review-${reminder.id}@localhost`)!;
    expect(mail.subject).toBe(`Petit rappel\u202f: votre avis sur la commande ${order.orderNumber}`);
    const text = mail.text!;
    expect(text.indexOf('Bonjour Léa Dubois,')).toBeLessThan(text.indexOf(REMINDER_DEFAULTS.firstLine));
    expect(text.indexOf(REMINDER_DEFAULTS.firstLine)).toBeLessThan(text.indexOf(`Merci pour votre commande ${order.orderNumber}`));
    // Every link is the first request's: review page, unsubscribe, one-click header, open pixel.
    expect(mail.html).toContain(`href="http://localhost:3000/review/${first.token}"`);
    expect(mail.html).toContain(`href="http://localhost:3000/unsubscribe/${first.token}"`);
    expect(mail.html).toContain(`http://localhost:3000/review/${first.token}/open.gif`);
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe': `<http://localhost:3000/api/public/unsubscribe/${first.token}>` });
    expect(mail.html).not.toContain(reminder.token);

    expect(await requestById(ctx, reminder.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await ctx.db.select().from(s.emailSendLedger).where(eq(s.emailSendLedger.requestId, reminder.id))).toMatchObject([{ state: 'sent' }]);
    expect(await usage(ctx, store.shopDomain)).toEqual({ month: 2, day: 2 });
    // A reminder has no reminder of its own.
    expect(await reminderOf(ctx, reminder.id)).toBeUndefined();
  });

  it('uses the template’s own reminder subject and first line', async ({ ctx }) => {
    const shop = await world(ctx).merchant().store({ shopName: 'Atelier Bleu' });
    const { store } = shop;
    await shop.template({
      name: 'Mon modèle',
      subject: 'Votre avis sur {{ order_number }}',
      bodyContent: 'Merci pour votre achat chez {{ store_name }}.',
      reminderSubject: '{{ customer_name }}, un mot sur {{ order_number }}\u202f?',
      reminderFirstLine: 'Nous revenons vers vous au sujet de votre commande chez {{ store_name }}.',
    });
    const { order, first, reminder } = await dueReminder(ctx, { store });
    await send(ctx, store, [reminder.id]);
    const [firstMail, reminderMail] = [...(await outboxTo(ctx, first.customerEmail!))].sort((a, b) =>
      a.messageId === `review-${first.id}@localhost` ? -1 : b.messageId === `review-${first.id}@localhost` ? 1 : 0,
    );
    expect(firstMail!.subject).toBe(`Votre avis sur ${order.orderNumber}`);
    expect(firstMail!.text).not.toContain('Nous revenons vers vous');
    expect(reminderMail!.subject).toBe(`Léa Dubois, un mot sur ${order.orderNumber}\u202f?`);
    expect(reminderMail!.text).toContain('Nous revenons vers vous au sujet de votre commande chez Atelier Bleu.');
    expect(reminderMail!.text).toContain('Merci pour votre achat chez Atelier Bleu.');
  });

  it('waits, scheduled, at the quota: the planner counts it and marks it in the calendar', async ({ ctx }) => {
    const { store, first, reminder } = await dueReminder(ctx, { quota: 1 });
    const result = await send(ctx, store, [reminder.id]);
    expect(result).toMatchObject({ processed: 0, deferred: 1, quotaExceeded: { quota: 1, used: 1 } });
    expect(await requestById(ctx, reminder.id)).toMatchObject({ status: 'scheduled' });
    expect(await outboxTo(ctx, first.customerEmail!)).toHaveLength(1);
    expect(await usage(ctx, store.shopDomain)).toEqual({ month: 1, day: 1 });

    const tenant = { id: store.id, shop_domain: store.shopDomain, subscription_status: store.subscriptionStatus };
    const options = { now: new Date(), maxAttempts: ctx.config.sending.maxAttempts };
    const forecast = await sendForecast(ctx.db, tenant, options);
    expect(forecast.totals).toMatchObject({ due: 1, sent: 0, waiting: 1, limited_by: 'quota' });
    const page = await markWaiting(ctx.db, tenant, await listRequests(ctx.db, store.id, 1), options);
    const listed = page.items.find((i) => i.id === reminder.id);
    expect(listed).toMatchObject({ kind: 'reminder', reminder_of: first.id, postponed_at: null, fits_in_period: false });
    expect(page.items.find((i) => i.id === first.id)).toMatchObject({ kind: 'first', reminder_of: null });
  });

  it('a reminder not yet due counts in the planner on its day', async ({ ctx }) => {
    const made = await firstRequest(ctx);
    await send(ctx, made.store, [made.first.id]);
    const reminder = (await reminderOf(ctx, made.first.id))!;
    const tenant = { id: made.store.id, shop_domain: made.store.shopDomain, subscription_status: made.store.subscriptionStatus };
    const forecast = await sendForecast(ctx.db, tenant, { now: new Date(), maxAttempts: ctx.config.sending.maxAttempts });
    const day = forecast.days.find((d) => d.date === reminder.scheduledAt.toISOString().slice(0, 10));
    expect(day).toMatchObject({ due: 1, sent: 1 });
    expect(forecast.totals).toMatchObject({ due: 1, sent: 1, waiting: 0 });
  });
});

describe('withdrawing a reminder', () => {
  /** The reminder is not sent: cancelled (with `note` when given), no e-mail, no quota used. */
  async function expectWithdrawn(ctx: TestContext, made: Awaited<ReturnType<typeof dueReminder>>, note?: string) {
    const result = await send(ctx, made.store, [made.reminder.id]);
    expect(result).toMatchObject({ processed: 0 });
    const after = await requestById(ctx, made.reminder.id);
    expect(after.status).toBe('cancelled');
    if (note) expect(after.lastError).toBe(note);
    expect(await outboxTo(ctx, made.first.customerEmail!)).toHaveLength(1);
    expect(await usage(ctx, made.store.shopDomain)).toEqual({ month: 1, day: 1 });
  }

  it('a review through the review page cancels it', async ({ ctx, app }) => {
    const made = await dueReminder(ctx);
    const res = await app.request(`${ORIGIN}/review/${made.first.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-forwarded-for': '10.77.0.1' },
      body: new URLSearchParams({ rating: '3', name: 'Léa Dubois', email: 'lea@exemple.test', comment: 'Correct.' }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await requestById(ctx, made.first.id)).toMatchObject({ status: 'completed' });
    // Withdrawn with the review itself (public-review.ts calls cancelFollowUpOf), not only at the claim.
    expect(await requestById(ctx, made.reminder.id)).toMatchObject({ status: 'cancelled' });
    await expectWithdrawn(ctx, made);
  });

  it('cancelFollowUpOf withdraws it at once; a review or a completed first request is caught at the claim too', async ({ ctx }) => {
    const direct = await dueReminder(ctx);
    await cancelFollowUpOf(ctx.db, direct.first.id);
    expect(await requestById(ctx, direct.reminder.id)).toMatchObject({ status: 'cancelled' });
    await expectWithdrawn(ctx, direct);

    const reviewed = await dueReminder(ctx);
    await review(ctx, reviewed.store, reviewed.first);
    await expectWithdrawn(ctx, reviewed, reminderMessages.cancelled.reviewed);

    const completed = await dueReminder(ctx);
    await ctx.db.update(s.shopifyReviewRequests).set({ status: 'completed' }).where(eq(s.shopifyReviewRequests.id, completed.first.id));
    await expectWithdrawn(ctx, completed, reminderMessages.cancelled.reviewed);
  });

  it('an unsubscribe (through the first e-mail’s link) cancels it; one recorded otherwise is caught at the claim', async ({ ctx }) => {
    const made = await dueReminder(ctx);
    await unsubscribe(ctx.db, made.first.token, ctx.config.authSecret);
    expect(await requestById(ctx, made.reminder.id)).toMatchObject({ status: 'cancelled', withdrawnReason: 'unsubscribed', lastError: UNSUBSCRIBED_NOTE });
    await expectWithdrawn(ctx, made);

    const late = await dueReminder(ctx);
    await world(ctx).at(late.store).suppress(late.first.customerEmail!, 'unsubscribe');
    await expectWithdrawn(ctx, late, UNSUBSCRIBED_NOTE);
  });

  it('an order cancelled or refunded cancels it, as every unsent request of the order', async ({ ctx }) => {
    const cancelled = await dueReminder(ctx);
    await ctx.db.update(s.shopifyOrders).set({ cancelledAt: new Date() }).where(eq(s.shopifyOrders.id, cancelled.order.id));
    await cancelUnsentRequests(ctx.db, cancelled.store.id, 'order_cancelled', cancelled.order.id);
    expect(await requestById(ctx, cancelled.reminder.id)).toMatchObject({ status: 'cancelled', withdrawnReason: 'order_cancelled' });
    await expectWithdrawn(ctx, cancelled);

    // A refund the intake has not applied yet: the claim sees it.
    const refunded = await dueReminder(ctx);
    await ctx.db.update(s.shopifyOrders).set({ refundedAt: new Date() }).where(eq(s.shopifyOrders.id, refunded.order.id));
    await expectWithdrawn(ctx, refunded, reminderMessages.cancelled.order);
  });

  it('switching the flow off, turning its e-mail off or deleting it cancels it', async ({ ctx }) => {
    const off = await dueReminder(ctx);
    await updateFlow(ctx.db, off.store.id, off.flow.id, flowInput({ is_active: false }));
    expect(await requestById(ctx, off.reminder.id)).toMatchObject({ status: 'cancelled' });
    await expectWithdrawn(ctx, off);

    const noEmail = await dueReminder(ctx);
    await updateFlow(ctx.db, noEmail.store.id, noEmail.flow.id, flowInput({ channels: { email: false, whatsapp: false } }));
    await expectWithdrawn(ctx, noEmail);

    const deleted = await dueReminder(ctx);
    await deleteFlow(ctx.db, deleted.store.id, deleted.flow.id);
    const after = await requestById(ctx, deleted.reminder.id);
    expect(after).toMatchObject({ status: 'cancelled', flowId: null });
    await expectWithdrawn(ctx, deleted);
  });

  it('removing the flow’s reminder withdraws it at the claim, but keeps a follow-up the customer asked for (postponed)', async ({ ctx }) => {
    const removed = await dueReminder(ctx);
    await updateFlow(ctx.db, removed.store.id, removed.flow.id, flowInput({ reminder_days: null }));
    await expectWithdrawn(ctx, removed, reminderMessages.cancelled.flow);

    const postponed = await dueReminder(ctx);
    await ctx.db.update(s.shopifyReviewRequests).set({ postponedAt: new Date() }).where(eq(s.shopifyReviewRequests.id, postponed.first.id));
    await updateFlow(ctx.db, postponed.store.id, postponed.flow.id, flowInput({ reminder_days: null }));
    const page = await listRequests(ctx.db, postponed.store.id, 1);
    expect(page.items.find((i) => i.id === postponed.reminder.id)?.postponed_at).not.toBeNull();
    expect(await send(ctx, postponed.store, [postponed.reminder.id])).toMatchObject({ processed: 1 });
    expect(await requestById(ctx, postponed.reminder.id)).toMatchObject({ status: 'sent' });
  });

  it('never touches another store’s reminder', async ({ ctx }) => {
    const mine = await dueReminder(ctx);
    const theirs = await dueReminder(ctx);
    await review(ctx, mine.store, mine.first);
    await send(ctx, mine.store, [mine.reminder.id]);
    const other = await ctx.db
      .select()
      .from(s.shopifyReviewRequests)
      .where(and(eq(s.shopifyReviewRequests.id, theirs.reminder.id), eq(s.shopifyReviewRequests.status, 'scheduled')));
    expect(other).toHaveLength(1);
  });
});
