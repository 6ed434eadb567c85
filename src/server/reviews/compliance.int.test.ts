/**
 * The review page's compliance parts (issue 18): what each reviewer was shown (recorded from the same
 * decision that rendered the outcome), the 'Comment nous recueillons les avis' notice generated from
 * the store's settings, and « Je n'ai pas encore reçu ma commande ».
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { createApp } from '../app';
import { POSTPONE_DAYS } from '../requests/reminders';
import { frenchDate } from './page';
import { collectionNotice } from './notice';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ TRUST_PROXY: 'true' });

type App = ReturnType<typeof createApp>;
const ORIGIN = 'http://localhost:3000';
const REVIEW_SITE = 'https://g.page/r/atelier/review';
const DAY = 86_400_000;

let ip = 0;
const nextIp = () => {
  ip += 1;
  return `10.18.${Math.floor(ip / 250)}.${ip % 250}`;
};

/** 5 and 4 redirect to the review site, 3 and 2 collect private feedback, 1 alerts the merchant. */
async function store(ctx: TestContext, samePath: boolean) {
  const shop = await world(ctx).merchant().store({ shopName: 'Atelier Nova' });
  const made = shop.store;
  await ctx.db.update(s.shopifyStores).set({ samePathForAllRatings: samePath }).where(eq(s.shopifyStores.id, made.id));
  await shop.ratingActions([
    { rating: 5, actionType: 'redirect', redirectUrl: REVIEW_SITE },
    { rating: 4, actionType: 'redirect', redirectUrl: REVIEW_SITE },
    { rating: 3, actionType: 'collect_feedback', feedbackMessage: 'Que pourrions-nous améliorer\u202f?' },
    { rating: 2, actionType: 'collect_feedback', feedbackMessage: 'Racontez-nous.' },
    { rating: 1, actionType: 'notify_email', notificationEmail: 'alerte@atelier.test' },
  ]);
  return made;
}

const review = (app: App, token: string, rating: number) =>
  app.request(`${ORIGIN}/review/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-forwarded-for': nextIp() },
    body: new URLSearchParams({ rating: String(rating), name: 'Léa', email: 'lea@exemple.test' }).toString(),
  });
const postpone = (app: App, token: string) =>
  app.request(`${ORIGIN}/review/${token}/postpone`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextIp() }, body: '' });
const page = async (app: App, token: string) => (await app.request(`${ORIGIN}/review/${token}`)).text();
const shownOf = async (ctx: TestContext, requestId: string) => (await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.reviewRequestId, requestId)))[0]!.shown;
const followUpOf = async (ctx: TestContext, requestId: string) => (await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.reminderOf, requestId)))[0];
const requestById = async (ctx: TestContext, id: string) => (await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, id)))[0]!;

describe('what the customer was shown (shopify_reviews.shown)', () => {
  it('same path on: a 2-star reviewer is offered the public link with the private feedback form, and that is recorded', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const request = await world.at(st).request({ status: 'sent' });
    const res = await review(app, request.token, 2);
    const body = (await res.json()) as { next: string; html: string };
    expect(body.next).toBe('thanks');
    expect(body.html).toContain('Laisser un avis public');
    expect(await shownOf(ctx, request.id)).toEqual({
      same_path_for_all_ratings: true,
      action_type: 'collect_feedback',
      public_link_offered: true,
      redirected: false,
      feedback_form: true,
    });
  });

  it('same path off: a 2-star reviewer is not offered the public link, and the record says so', async ({ ctx, app, world }) => {
    const st = await store(ctx, false);
    const request = await world.at(st).request({ status: 'sent' });
    const body = (await (await review(app, request.token, 2)).json()) as { next: string; html: string };
    expect(body.next).toBe('thanks');
    expect(body.html).not.toContain('Laisser un avis public');
    expect(await shownOf(ctx, request.id)).toEqual({
      same_path_for_all_ratings: false,
      action_type: 'collect_feedback',
      public_link_offered: false,
      redirected: false,
      feedback_form: true,
    });
  });

  it('same path off: a 5-star reviewer is redirected to the review site, and the record says so', async ({ ctx, app, world }) => {
    const st = await store(ctx, false);
    const request = await world.at(st).request({ status: 'sent' });
    const body = (await (await review(app, request.token, 5)).json()) as { next: string; url: string };
    expect(body.next).toBe('redirect');
    expect(await shownOf(ctx, request.id)).toEqual({
      same_path_for_all_ratings: false,
      action_type: 'redirect',
      public_link_offered: true,
      redirected: true,
      feedback_form: false,
    });
  });

  it('same path on: a 5-star reviewer is thanked with the link, not redirected', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const request = await world.at(st).request({ status: 'sent' });
    const body = (await (await review(app, request.token, 5)).json()) as { next: string };
    expect(body.next).toBe('thanks');
    expect(await shownOf(ctx, request.id)).toMatchObject({ action_type: 'redirect', public_link_offered: true, redirected: false, feedback_form: false });
  });
});

describe("'Comment nous recueillons les avis'", () => {
  it('says who is asked and when from the active flows, and that every rating takes the same path', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    await world.at(st).flow({ triggerEvent: 'order_delivered', delayDays: 3, reminderDays: 7 });
    await world.at(st).flow({ triggerEvent: 'order_paid', delayDays: 0, targetAllOrders: false, minimumOrderAmount: '50' });
    // Neither an inactive flow nor one without e-mail asks anybody.
    await world.at(st).flow({ triggerEvent: 'order_fulfilled', delayDays: 9, isActive: false });
    await world.at(st).flow({ triggerEvent: 'order_fulfilled', delayDays: 11, channels: { email: false, whatsapp: true } });
    const request = await world.at(st).request({ status: 'sent' });
    const html = await page(app, request.token);
    expect(html).toContain('<details class="how"><summary>Comment nous recueillons les avis</summary>');
    expect(html).toContain('3 jours après la livraison');
    expect(html).toMatch(/dès le paiement \(pour les commandes d’au moins 50\s€\)/);
    expect(html).not.toContain('9 jours');
    expect(html).not.toContain('11 jours');
    expect(html).toContain('Un seul rappel est envoyé 7 jours après l’invitation');
    expect(html).toContain('Quelle que soit la note, chaque client suit le même parcours et se voit proposer de publier son avis');
    expect(html).toContain('Aucun avis n’est rémunéré ni récompensé');
    expect(html).toContain('Cette invitation est liée à une commande réelle');
    expect(Buffer.byteLength(html)).toBeLessThan(14_000); // still one round trip on a phone
  });

  it('says honestly that what follows depends on the rating when routing by rating is on', async ({ ctx, app, world }) => {
    const st = await store(ctx, false);
    await world.at(st).flow({ triggerEvent: 'order_fulfilled', delayDays: 1 });
    const request = await world.at(st).request({ status: 'sent' });
    const html = await page(app, request.token);
    expect(html).toContain('1 jour après l’expédition');
    expect(html).toContain('dépend de la note choisie');
    expect(html).not.toContain('chaque client suit le même parcours');
  });

  it('on the shared link: the review is not tied to an order, and the notice says so', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const shared = await world.at(st).request({ channel: 'link', status: 'sent', orderId: null, shopifyOrderId: null });
    const html = await page(app, shared.token);
    expect(html).toContain('Ce lien est partagé par la boutique');
    expect(html).not.toContain('liée à une commande réelle');
    // No flow: nothing claims a schedule.
    expect(html).toContain('Les invitations sont envoyées par la boutique aux clients qui ont passé commande.');
  });

  it('writes the same path sentence without a public site when none is configured', () => {
    const base = { flows: [], link: 'order' as const };
    expect(collectionNotice({ ...base, samePath: true, publicSite: false }).items).toContain('Quelle que soit la note, chaque client suit le même parcours.');
    expect(collectionNotice({ ...base, samePath: true, publicSite: true }).items.join(' ')).toContain('page d’avis publique');
  });
});

describe("« Je n'ai pas encore reçu ma commande »", () => {
  // The button's label as the page's HTML carries it (the apostrophe escaped).
  const button = 'Je n’ai pas encore reçu ma commande';

  it('is offered on a sent first request, never on the shared link, a reminder or an unsent request', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const sent = await world.at(st).request({ status: 'opened' });
    const offered = await page(app, sent.token);
    expect(offered).toContain(`action="/review/${sent.token}/postpone?langue=fr"`);
    expect(offered).toContain(button);
    const shared = await world.at(st).request({ channel: 'link', status: 'sent', orderId: null });
    expect(await page(app, shared.token)).not.toContain(button);
    const scheduled = await world.at(st).request({ status: 'scheduled' });
    expect(await page(app, scheduled.token)).not.toContain(button);
    const reminder = await world.at(st).request({ status: 'sent', kind: 'reminder', reminderOf: sent.id });
    expect(await page(app, reminder.token)).not.toContain(button);
    // Posted anyway on the shared link: refused, nothing created.
    const refused = await postpone(app, shared.token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('Cette demande ne peut pas être reportée.');
    expect(await followUpOf(ctx, shared.id)).toBeUndefined();
  });

  it('creates the follow-up 5 days on, says when in French, and keeps the rating form', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const request = await world.at(st).request({ status: 'sent', sentAt: new Date() });
    const before = Date.now();
    const res = await postpone(app, request.token);
    expect(res.status).toBe(200);
    const followUp = await followUpOf(ctx, request.id);
    expect(followUp).toMatchObject({ kind: 'reminder', status: 'scheduled', channel: 'email', customerEmail: request.customerEmail });
    expect(followUp!.scheduledAt.getTime()).toBeGreaterThanOrEqual(before + POSTPONE_DAYS * DAY - 1000);
    expect(followUp!.scheduledAt.getTime()).toBeLessThanOrEqual(Date.now() + POSTPONE_DAYS * DAY + 1000);
    expect((await requestById(ctx, request.id)).postponedAt).not.toBeNull();
    const html = await res.text();
    expect(html).toContain(`Nous vous recontacterons vers le ${frenchDate(followUp!.scheduledAt)}.`);
    expect(html).toMatch(/role="status"/);
    // Never forced: the rating form is still there.
    expect(html.match(/type="radio"/g)).toHaveLength(5);
    expect(html).toContain(`<form id="review" method="post" action="/review/${request.token}?langue=fr" enctype="multipart/form-data">`);
  });

  it('twice, or with a later reminder already planned, never moves the follow-up earlier', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const request = await world.at(st).request({ status: 'sent' });
    await postpone(app, request.token);
    const first = (await followUpOf(ctx, request.id))!.scheduledAt;
    expect((await postpone(app, request.token)).status).toBe(200);
    const again = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.reminderOf, request.id));
    expect(again).toHaveLength(1);
    expect(again[0]!.scheduledAt.getTime()).toBeGreaterThanOrEqual(first.getTime());

    const planned = await world.at(st).request({ status: 'sent' });
    const later = new Date(Date.now() + 12 * DAY);
    await world.at(st).request({ status: 'scheduled', kind: 'reminder', reminderOf: planned.id, scheduledAt: later });
    const res = await postpone(app, planned.token);
    expect(res.status).toBe(200);
    expect((await followUpOf(ctx, planned.id))!.scheduledAt.getTime()).toBe(later.getTime());
    expect(await res.text()).toContain(frenchDate(later));
  });

  it('is refused after a review (the thank-you state), and a review after it cancels the follow-up', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const reviewed = await world.at(st).request({ status: 'sent' });
    await review(app, reviewed.token, 4);
    const refused = await postpone(app, reviewed.token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('Merci pour votre avis');
    expect(await followUpOf(ctx, reviewed.id)).toBeUndefined();

    const postponed = await world.at(st).request({ status: 'sent' });
    await postpone(app, postponed.token);
    expect((await followUpOf(ctx, postponed.id))!.status).toBe('scheduled');
    await review(app, postponed.token, 3);
    expect((await followUpOf(ctx, postponed.id))!.status).toBe('cancelled');
    expect(await page(app, postponed.token)).not.toContain(button);
  });

  it('works for a request of the history import (its follow-up keeps the import as source)', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const imported = await world.at(st).request({ status: 'sent', source: 'import' });
    const res = await postpone(app, imported.token);
    expect(res.status).toBe(200);
    expect(await followUpOf(ctx, imported.id)).toMatchObject({ kind: 'reminder', source: 'import', status: 'scheduled' });
  });

  it('leaves alone a follow-up a sender holds or that went, and then offers no button', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const held = await world.at(st).request({ status: 'sent' });
    const due = new Date(Date.now() - 60_000);
    await world.at(st).request({ status: 'processing', kind: 'reminder', reminderOf: held.id, scheduledAt: due });
    expect(await page(app, held.token)).not.toContain(button);
    const res = await postpone(app, held.token);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('Nous vous avons déjà relancé pour cette commande');
    expect(await followUpOf(ctx, held.id)).toMatchObject({ status: 'processing', scheduledAt: due });
    expect((await requestById(ctx, held.id)).postponedAt).toBeNull();
  });

  it('is refused, saying so, when the request was withdrawn: cancelled by the merchant, order cancelled, flow switched off', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const excludedOrder = await world.at(st).order();
    const excluded = await world.at(st).request({ order: excludedOrder, status: 'sent' });
    await world.at(st).exclude(excludedOrder);
    const cancelledOrder = await world.at(st).request({ status: 'sent' });
    await ctx.db.update(s.shopifyOrders).set({ cancelledAt: new Date() }).where(eq(s.shopifyOrders.id, cancelledOrder.orderId!));
    const flow = await world.at(st).flow({ isActive: false });
    const flowOff = await world.at(st).request({ status: 'sent', source: 'flow', flowId: flow.id });
    for (const request of [excluded, cancelledOrder, flowOff]) {
      const res = await postpone(app, request.token);
      expect(res.status).toBe(409);
      const html = await res.text();
      expect(html).toContain('La boutique ne prévoit plus de vous recontacter pour cette commande.');
      expect(html.match(/type="radio"/g)).toHaveLength(5);
      expect(await followUpOf(ctx, request.id)).toBeUndefined();
    }
  });

  it('says why it will not ask again: unsubscribed, or the follow-up already went', async ({ ctx, app, world }) => {
    const st = await store(ctx, true);
    const unsubscribed = await world.at(st).request({ status: 'sent' });
    await world.at(st).suppress(unsubscribed.customerEmail!);
    const res = await postpone(app, unsubscribed.token);
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain('Vous ne recevez plus nos e-mails\u202f: nous ne vous recontacterons pas.');
    expect(html.match(/type="radio"/g)).toHaveLength(5);
    expect(await followUpOf(ctx, unsubscribed.id)).toBeUndefined();

    const chased = await world.at(st).request({ status: 'sent' });
    await world.at(st).request({ status: 'sent', kind: 'reminder', reminderOf: chased.id });
    const second = await postpone(app, chased.token);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('Nous vous avons déjà relancé pour cette commande');
    const rows = await ctx.db
      .select()
      .from(s.shopifyReviewRequests)
      .where(and(eq(s.shopifyReviewRequests.reminderOf, chased.id), eq(s.shopifyReviewRequests.status, 'sent')));
    expect(rows).toHaveLength(1);
  });
});
