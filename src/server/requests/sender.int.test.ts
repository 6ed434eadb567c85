// The sender: what a due request becomes, quotas and limits, the manual send.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { senderSuite } from '#tests/support/sender';
import { world } from '#tests/support/world';
import { runDueSends } from './sender';

const suite = senderSuite();
const { outboxTo, requestById, ledgerOf, usage, runFor } = suite;
let ctx: TestContext;
beforeAll(() => {
  ctx = suite.ctx;
});

describe('sending due review requests', () => {
  it('renders the branded e-mail with escaped variables, unsubscribe link and one-click headers, then marks it sent', async () => {
    const store = (await world(ctx).merchant().store({ shopName: 'Maison & Fils' })).store;
    const request = await world(ctx).at(store).request({ customerName: '<b>Léa</b> "Dubois"' });
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
    const shop = await world(ctx).merchant().store({ shopName: 'Atelier Bleu' });
    const { store } = shop;
    await shop.template({
      name: 'Mon modèle',
      subject: '{{ customer_name }}, un avis sur {{ order_number }}\u202f?',
      bodyContent: 'Merci {{ customer_name }} pour votre achat chez {{ store_name }}.',
      buttonText: 'Donner mon avis',
      buttonColor: '#123456',
      footerText: 'À bientôt',
      logoUrl: 'https://cdn.exemple.test/logo.png',
    });
    await shop.branding({ primaryColor: '#ff0000' });
    const request = await world(ctx).at(store).request({ customerName: 'Hugo' });
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
    const shop = await world(ctx).merchant().store();
    const { store } = shop;
    await shop.template({ name: 'Cassé', subject: 'Bonjour', bodyContent: "{% include '/etc/passwd' %}" });
    const request = await world(ctx).at(store).request();
    const result = await runFor(ctx, store.id, [request.id]);
    expect(result).toMatchObject({ processed: 0, failed: 1 });
    expect(await outboxTo(request.customerEmail!)).toHaveLength(0);
    const after = await requestById(request.id);
    expect(after).toMatchObject({ status: 'failed', failureKind: 'permanent' });
    expect(after.lastError).toBe('Modèle d’e-mail invalide à la ligne 1, colonne 1\u202f: les balises include, render et layout ne sont pas disponibles dans un e-mail');
    expect(await usage(store.shopDomain)).toEqual({ month: 0, day: 0 });
  });

  it('never mails an address that unsubscribed: the request is cancelled instead', async () => {
    const store = (await world(ctx).merchant().store()).store;
    const request = await world(ctx).at(store).request();
    await world(ctx).at(store).suppress(request.customerEmail!);
    const result = await runFor(ctx, store.id, [request.id]);
    expect(result.processed).toBe(0);
    expect(await outboxTo(request.customerEmail!)).toHaveLength(0);
    expect(await requestById(request.id)).toMatchObject({ status: 'cancelled' });
    expect(await usage(store.shopDomain)).toEqual({ month: 0, day: 0 });
  });

  it('leaves requests of stores without an active subscription, and requests not yet due, alone', async () => {
    const unpaid = (await world(ctx).merchant().store({ subscriptionStatus: 'cancelled' })).store;
    const parked = await world(ctx).at(unpaid).request();
    const store = (await world(ctx).merchant().store()).store;
    const later = await world(ctx)
      .at(store)
      .request({ scheduledAt: new Date(Date.now() + 3_600_000) });
    await runDueSends(ctx, { workerId: 'hourly' });
    expect(await requestById(parked.id)).toMatchObject({ status: 'scheduled' });
    expect(await requestById(later.id)).toMatchObject({ status: 'scheduled' });
  });
});

describe('quotas', () => {
  it('stops at the monthly quota: the rest stay scheduled and the result says why', async () => {
    const store = (await world(ctx).merchant().store({ quota: 3 })).store;
    const requests = [];
    for (let i = 0; i < 5; i++) requests.push(await world(ctx).at(store).request());
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
    const store = (await world(ctx).merchant().store({ quota: 100, dailyLimit: 2 })).store;
    const requests = [];
    for (let i = 0; i < 4; i++) requests.push(await world(ctx).at(store).request());
    const result = await runFor(
      ctx,
      store.id,
      requests.map((r) => r.id),
    );
    expect(result).toMatchObject({ processed: 2, deferred: 2, quotaExceeded: null, dailyLimitReached: { limit: 2 } });
  });

  it('has no monthly cap on an unlimited plan, but still counts what was sent', async () => {
    const store = (await world(ctx).merchant().store({ quota: null, dailyLimit: 10_000 })).store;
    const requests = [];
    for (let i = 0; i < 4; i++) requests.push(await world(ctx).at(store).request());
    const result = await runFor(
      ctx,
      store.id,
      requests.map((r) => r.id),
    );
    expect(result).toMatchObject({ processed: 4, quotaExceeded: null });
    expect(await usage(store.shopDomain)).toEqual({ month: 4, day: 4 });
  });
});

describe('manual send (process-review-requests)', () => {
  it('only sends the merchant’s own scheduled requests', async () => {
    const store = (await world(ctx).merchant().store()).store;
    const other = (await world(ctx).merchant().store()).store;
    const mine = await world(ctx)
      .at(store)
      .request({ scheduledAt: new Date(Date.now() + 5 * 86_400_000) });
    const sent = await world(ctx).at(store).request({ status: 'sent' });
    const theirs = await world(ctx).at(other).request();
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
