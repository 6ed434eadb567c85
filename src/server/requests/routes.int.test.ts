import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { Browserish, signedInMerchant } from '#tests/support/http';
import { spreadSchedule } from '#core/schedule-spread';
import { createApp } from '../app';
import { messageFor } from '../messages';
import { merchantOnEmulator } from '#tests/support/emulator-merchant';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

/** Makes the customers of each merchant's orders unique. */
let n = 0;

// Each test browser has its own client address (sign-up is rate limited per address).
const it = integrationTest({ TRUST_PROXY: 'true' });

/** A signed-in merchant whose shop is installed on the emulator, connected, and on a plan. */
async function merchant(ctx: TestContext, app: ReturnType<typeof createApp>, options: { quota?: number | null } = {}) {
  n += 1;
  const { browser, userId, store: connected, shop } = await merchantOnEmulator(app, ctx, 'req');
  const { store } = await world(ctx).at(connected).subscribe({ quota: options.quota });
  return { browser, userId, store, shop };
}

const flowBody = {
  name: 'Après livraison',
  trigger_event: 'order_fulfilled',
  delay_days: 3,
  channels: { email: true, whatsapp: false },
  target_all_orders: true,
  minimum_order_amount: 0,
  is_active: true,
};

/** Removes the default flow an install creates, so a test starts from a store without flows. */
const withoutFlows = (ctx: TestContext, storeId: string) => ctx.db.delete(s.flowConfigurations).where(eq(s.flowConfigurations.shopId, storeId));

describe('/api/flows', () => {
  it('lists, creates, updates and deletes the merchant’s flows', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    // The install gave the store the default flow (install-service.int.test.ts); start without it.
    await withoutFlows(ctx, store.id);
    const empty = await browser.json('/api/flows');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ store_id: store.id, flows: [], stores: [{ id: store.id, shop_domain: store.shopDomain, is_active: true }] });

    const created = await browser.json<{ flow: { id: string } }>('/api/flows', {
      json: { ...flowBody, shopify_store_id: store.id, target_all_orders: false, minimum_order_amount: 49.5 },
    });
    expect(created.status).toBe(201);
    expect(created.body.flow).toMatchObject({
      name: 'Après livraison',
      trigger_event: 'order_fulfilled',
      delay_days: 3,
      minimum_order_amount: 49.5,
      target_all_orders: false,
      channels: { email: true, whatsapp: false },
    });

    const updated = await browser.json('/api/flows/' + created.body.flow.id, {
      method: 'PUT',
      json: { ...flowBody, name: 'Après paiement', trigger_event: 'order_paid', delay_days: 0, is_active: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ flow: { name: 'Après paiement', trigger_event: 'order_paid', delay_days: 0, is_active: false } });

    const listed = await browser.json<{ flows: unknown[] }>('/api/flows');
    expect(listed.body.flows).toHaveLength(1);
    const deleted = await browser.json('/api/flows/' + created.body.flow.id, { method: 'DELETE' });
    expect(deleted).toMatchObject({ status: 200, body: { ok: true } });
    expect((await browser.json<{ flows: unknown[] }>('/api/flows')).body.flows).toHaveLength(0);
  });

  it('answers 400 with the spec’s French messages and stores nothing', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    await withoutFlows(ctx, store.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'Le nom du flux est requis'],
      [{ delay_days: 1.5 }, 'Le délai doit être un nombre entier de jours, positif ou nul (365 au plus)'],
      [{ delay_days: -1 }, 'Le délai doit être un nombre entier de jours, positif ou nul (365 au plus)'],
      [{ minimum_order_amount: -0.01 }, 'Le montant minimum doit être un nombre positif ou nul'],
      // Too large is said as such, with the bound the form uses too (core/flow-limits.ts).
      [{ minimum_order_amount: 1_000_000_000.01 }, 'Le montant minimum ne peut pas dépasser 1 000 000 000'],
      [{ trigger_event: 'order_created' }, 'Le déclencheur doit être «\u202fcommande payée\u202f», «\u202fcommande expédiée\u202f» ou «\u202fcommande livrée\u202f»'],
      [{ channels: { email: true, whatsapp: true } }, 'WhatsApp n’est pas encore disponible'],
    ];
    for (const [patch, message] of cases) {
      const res = await browser.json('/api/flows', { json: { ...flowBody, shopify_store_id: store.id, ...patch } });
      expect(res, JSON.stringify(patch)).toMatchObject({ status: 400, body: { error: message } });
    }
    const malformed = await browser.request('/api/flows', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    // Text the database cannot store (a NUL character) is refused in French, not a server error.
    const nul = await browser.json('/api/flows', { json: { ...flowBody, shopify_store_id: store.id, name: 'Flux\u0000nul' } });
    expect(nul).toMatchObject({ status: 400, body: { error: 'Le texte envoyé contient un caractère non autorisé (caractère nul).' } });
    expect((await browser.json<{ flows: unknown[] }>('/api/flows')).body.flows).toHaveLength(0);
  });

  it('never shows or touches another merchant’s flows', async ({ ctx, app }) => {
    const a = await merchant(ctx, app);
    const b = await merchant(ctx, app);
    const created = await a.browser.json<{ flow: { id: string } }>('/api/flows', { json: { ...flowBody, shopify_store_id: a.store.id } });
    expect((await b.browser.json('/api/flows?store_id=' + a.store.id)).status).toBe(404);
    expect((await b.browser.json('/api/flows', { json: { ...flowBody, shopify_store_id: a.store.id } })).status).toBe(404);
    expect((await b.browser.json('/api/flows/' + created.body.flow.id, { method: 'PUT', json: flowBody })).status).toBe(404);
    expect((await b.browser.json('/api/flows/' + created.body.flow.id, { method: 'DELETE' })).status).toBe(404);
    expect((await new Browserish(app).json('/api/flows')).status).toBe(401);
  });

  it('deleting a flow cancels the requests it scheduled and not yet sent', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    const flow = await world(ctx).at(store).flow();
    const pending = await world(ctx).at(store).request({ flowId: flow.id, source: 'flow' });
    await browser.json('/api/flows/' + flow.id, { method: 'DELETE' });
    const [after] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, pending.id));
    expect(after).toMatchObject({ status: 'cancelled', flowId: null });
  });
});

describe('/api/review-requests', () => {
  it('pages by 10, newest scheduled first; cancels by deleting; refuses to cancel a sent one', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    const made = [];
    for (let i = 0; i < 12; i++)
      made.push(
        await world(ctx)
          .at(store)
          .request({ scheduledAt: new Date(Date.UTC(2026, 10, 1 + i, 9)) }),
      );
    const page1 = await browser.json<{ items: { id: string; scheduled_at: string; order_number: string }[]; total: number; page: number; page_size: number }>(
      '/api/review-requests',
    );
    expect(page1.body).toMatchObject({ total: 12, page: 1, page_size: 10, store_id: store.id });
    expect(page1.body.items).toHaveLength(10);
    expect(page1.body.items[0]!.scheduled_at).toBe('2026-11-12T09:00:00.000Z');
    expect(page1.body.items[0]!.order_number).toMatch(/^#\d+$/);
    const page2 = await browser.json<{ items: { id: string }[] }>('/api/review-requests?page=2');
    expect(page2.body.items.map((i) => i.id)).toEqual([made[1]!.id, made[0]!.id]);
    expect((await browser.json('/api/review-requests?page=0')).status).toBe(400);
    expect((await browser.json('/api/review-requests?page=abc')).status).toBe(400);

    expect(await browser.json('/api/review-requests/' + made[0]!.id, { method: 'DELETE' })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await browser.json<{ total: number }>('/api/review-requests')).body.total).toBe(11);
    await ctx.db.update(s.shopifyReviewRequests).set({ status: 'sent' }).where(eq(s.shopifyReviewRequests.id, made[1]!.id));
    const refused = await browser.json('/api/review-requests/' + made[1]!.id, { method: 'DELETE' });
    expect(refused).toMatchObject({ status: 409, body: { error: 'Cette demande ne peut plus être annulée\u202f: elle est en cours d’envoi ou déjà envoyée.' } });

    const other = await merchant(ctx, app);
    expect((await other.browser.json('/api/review-requests/' + made[2]!.id, { method: 'DELETE' })).status).toBe(404);
  });

  it('keeps one reusable shareable link per store, apart from the calendar, until the merchant renews it', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    type Link = { request_id: string; token: string; url: string };
    const res = await browser.json<Link>('/api/review-requests/share-link', { json: {} });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(`http://localhost:3000/review/${res.body.token}`);
    const [row] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, res.body.request_id));
    expect(row).toMatchObject({ shopId: store.id, status: 'completed', channel: 'link', source: 'manual' });
    // Opened again, even twice at once: the same link, no new row, nothing in the calendar.
    const again = await Promise.all([1, 2].map(() => browser.json<Link>('/api/review-requests/share-link', { json: {} })));
    expect(again.map((a) => a.body.token)).toEqual([res.body.token, res.body.token]);
    const links = () => ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store.id));
    expect(await links()).toHaveLength(1);
    expect((await browser.json<{ total: number; items: unknown[] }>('/api/review-requests')).body).toMatchObject({ total: 0, items: [] });
    expect((await app.request(`http://localhost:3000/review/${res.body.token}`)).status).toBe(200);
    // Renewed: a new link; the old one takes no more reviews.
    const renewed = await browser.json<Link>('/api/review-requests/share-link', { json: { renew: true } });
    expect(renewed.body.token).not.toBe(res.body.token);
    expect((await browser.json<Link>('/api/review-requests/share-link', { json: {} })).body.token).toBe(renewed.body.token);
    const old = await app.request(`http://localhost:3000/review/${res.body.token}`);
    expect(old.status).toBe(404);
    expect(await old.text()).toContain('Lien invalide ou expiré');
    expect((await app.request(`http://localhost:3000/review/${renewed.body.token}`)).status).toBe(200);
    expect((await browser.json('/api/review-requests/share-link', { json: { renew: 'oui' } })).status).toBe(400);
  });

  it('answers 404 in French without an active store', async ({ app }) => {
    const { browser } = await signedInMerchant(app);
    expect(await browser.json('/api/review-requests')).toMatchObject({ status: 404, body: { error: messageFor('no_store'), code: 'no_store' } });
  });
});

describe('process-review-requests (send now)', () => {
  it('requires the session, sends the merchant’s scheduled request, and reports quota exhaustion as the spec needs', async ({ ctx, app }) => {
    const anonymous = await new Browserish(app).json('/functions/v1/process-review-requests', { json: { manual: true, requestIds: [crypto.randomUUID()] } });
    expect(anonymous.status).toBe(401);

    const { browser, store } = await merchant(ctx, app, { quota: 1 });
    const first = await world(ctx).at(store).request();
    const second = await world(ctx).at(store).request();
    const ok = await browser.json('/functions/v1/process-review-requests', { json: { manual: true, requestIds: [first.id] } });
    expect(ok.body).toEqual({ success: true, processed: 1, failed: 0, quota_exceeded: false });
    const over = await browser.json('/functions/v1/process-review-requests', { json: { manual: true, requestIds: [second.id] } });
    expect(over.body).toEqual({ success: false, processed: 0, failed: 0, quota_exceeded: true, plan: 'Starter', quota: 1, used: 1 });
    const again = await browser.json('/functions/v1/process-review-requests', { json: { manual: true, requestIds: [first.id] } });
    expect(again.body).toEqual({ success: false, processed: 0, failed: 0, quota_exceeded: false });
    const bad = await browser.json('/functions/v1/process-review-requests', { json: { manual: true, requestIds: ['nope'] } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'Identifiant invalide' } });
  });
});

describe('the unsubscribe endpoints', () => {
  it('show a masked address on GET without changing anything, and suppress on POST without cookies (RFC 8058)', async ({ ctx, app }) => {
    const { store } = await merchant(ctx, app);
    const request = await world(ctx).at(store).request({ customerEmail: 'Lea.Dubois@Exemple.test', locale: 'de-AT' });
    const pending = await world(ctx).at(store).request({ customerEmail: 'lea.dubois@exemple.test' });
    const anonymous = new Browserish(app);
    const status = await anonymous.json(`/api/public/unsubscribe/${request.token}`);
    // The page speaks the request's language (decision 056).
    expect(status.body).toEqual({ store_name: store.shopName, email: 'l***@exemple.test', unsubscribed: false, locale: 'de-AT' });
    // A random review-request token may begin like a one-off link ('o-'): it still works.
    const lookalike = await world(ctx)
      .at(store)
      .request({ customerEmail: 'olive@exemple.test', token: `o-${request.token.slice(2, 30)}xyz` });
    expect((await anonymous.json(`/api/public/unsubscribe/${lookalike.token}`)).body).toMatchObject({ email: 'o***@exemple.test', unsubscribed: false });
    expect(await ctx.db.select().from(s.emailSuppressions).where(eq(s.emailSuppressions.shopId, store.id))).toHaveLength(0);

    // A mail provider's one-click POST: no cookie, no Origin, form body.
    const oneClick = await app.request(`http://localhost:3000/api/public/unsubscribe/${request.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ ok: true, store_name: store.shopName });
    const suppressions = await ctx.db.select().from(s.emailSuppressions).where(eq(s.emailSuppressions.shopId, store.id));
    expect(suppressions.map((x) => x.email)).toEqual(['lea.dubois@exemple.test']);
    const [after] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, pending.id));
    expect(after!.status).toBe('cancelled');
    expect((await anonymous.json(`/api/public/unsubscribe/${request.token}`)).body).toMatchObject({ unsubscribed: true });
    // Twice is fine.
    expect((await anonymous.json(`/api/public/unsubscribe/${request.token}`, { method: 'POST' })).status).toBe(200);
  });

  it('answers 404 “Lien invalide ou expiré” to unknown or malformed tokens', async ({ app }) => {
    const anonymous = new Browserish(app);
    for (const token of ['x'.repeat(32), 'short', '%3Cscript%3E']) {
      expect(await anonymous.json(`/api/public/unsubscribe/${token}`)).toMatchObject({ status: 404, body: { error: 'Lien invalide ou expiré' } });
      expect((await anonymous.json(`/api/public/unsubscribe/${token}`, { method: 'POST' })).status).toBe(404);
    }
  });
});

describe('history import', () => {
  async function shopWithOrders(ctx: TestContext, app: ReturnType<typeof createApp>, count: number) {
    const m = await merchant(ctx, app, { quota: null });
    const day = 86_400_000;
    for (let i = 0; i < count; i++) {
      await ctx.emulator!.state.createOrder(m.shop, {
        total: 40 + i,
        financialStatus: 'paid',
        createdAt: new Date(Date.now() - (count - i) * day).toISOString(),
        customer: { email: `histo-${n}-${i}@exemple.test`, firstName: 'Client', lastName: String(i) },
        notify: false,
      });
    }
    // One unpaid and one too old: neither counted nor imported.
    await ctx.emulator!.state.createOrder(m.shop, { total: 10, financialStatus: 'pending', customer: { email: `impaye-${n}@exemple.test` }, notify: false });
    await ctx.emulator!.state.createOrder(m.shop, {
      total: 10,
      financialStatus: 'paid',
      createdAt: new Date(Date.now() - 70 * day).toISOString(),
      customer: { email: `vieux-${n}@exemple.test` },
      notify: false,
    });
    return m;
  }

  it('counts paid orders of the last 60 days, then imports them all for now (immediate)', async ({ ctx, app }) => {
    const { browser, store } = await shopWithOrders(ctx, app, 3);
    expect((await browser.json('/functions/v1/shopify-count-orders', { json: { shop_id: store.id } })).body).toEqual({ success: true, count: 3 });
    const res = await browser.json('/functions/v1/shopify-import-history', { json: { shop_id: store.id, immediate: true } });
    expect(res.body).toEqual({ success: true, synced_count: 3, scheduled_count: 3 });
    const rows = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store.id));
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'scheduled', source: 'import', channel: 'email' });
      expect(Math.abs(r.scheduledAt.getTime() - Date.now())).toBeLessThan(60_000);
    }
    // A second import skips the orders already requested.
    const again = await browser.json('/functions/v1/shopify-import-history', { json: { shop_id: store.id, immediate: true } });
    expect(again.body).toEqual({ success: true, synced_count: 3, scheduled_count: 0 });
  });

  it("applies the store's flow conditions: an order under every active flow's minimum is not asked", async ({ ctx, app }) => {
    const { browser, store } = await shopWithOrders(ctx, app, 0);
    await ctx.emulator!.state.createOrder(store.shopDomain, { total: 15, financialStatus: 'paid', customer: { email: `quinze-${n}@exemple.test` }, notify: false });
    await ctx.emulator!.state.createOrder(store.shopDomain, { total: 25, financialStatus: 'paid', customer: { email: `vingt-cinq-${n}@exemple.test` }, notify: false });
    // The only active e-mail flow asks from 20 €.
    await ctx.db.update(s.flowConfigurations).set({ targetAllOrders: false, minimumOrderAmount: '20' }).where(eq(s.flowConfigurations.shopId, store.id));
    const res = await browser.json('/functions/v1/shopify-import-history', { json: { shop_id: store.id, immediate: true } });
    expect(res.body).toEqual({ success: true, synced_count: 2, scheduled_count: 1 });
    const rows = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store.id));
    expect(rows.map((r) => r.customerEmail)).toEqual([`vingt-cinq-${n}@exemple.test`]);
    // No active e-mail flow at all: the import asks nobody.
    await ctx.db.update(s.flowConfigurations).set({ isActive: false }).where(eq(s.flowConfigurations.shopId, store.id));
    await ctx.emulator!.state.createOrder(store.shopDomain, { total: 90, financialStatus: 'paid', customer: { email: `sans-flux-${n}@exemple.test` }, notify: false });
    expect((await browser.json('/functions/v1/shopify-import-history', { json: { shop_id: store.id, immediate: true } })).body).toMatchObject({ scheduled_count: 0 });
  });

  it('spreads a deferred import exactly as asked', async ({ ctx, app }) => {
    const { browser, store } = await shopWithOrders(ctx, app, 7);
    const before = new Date();
    const body = { shop_id: store.id, immediate: false, days_to_spread: 5, send_days: [1, 3, 5], send_hour: 14 };
    const res = await browser.json('/functions/v1/shopify-import-history', { json: body });
    expect(res.body).toEqual({ success: true, synced_count: 7, scheduled_count: 7 });
    const rows = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store.id));
    const times = rows.map((r) => r.scheduledAt.getTime()).sort((a, b) => a - b);
    const expected = spreadSchedule(7, { daysToSpread: 5, sendDays: [1, 3, 5], sendHour: 14 }, before).map((d) => d.getTime());
    expect(times).toEqual(expected);
    for (const t of times) {
      const d = new Date(t);
      expect([1, 3, 5]).toContain(d.getUTCDay());
      expect(d.getUTCHours()).toBe(14);
      expect(d.getUTCMinutes()).toBe(0);
      expect(t).toBeGreaterThan(before.getTime());
      expect(t).toBeLessThan(before.getTime() + 6 * 86_400_000);
    }
    // The oldest order gets the earliest slot.
    const byOrder = [...rows].sort((a, b) => Number(a.shopifyOrderId) - Number(b.shopifyOrderId));
    expect(byOrder[0]!.scheduledAt.getTime()).toBe(times[0]);
  });

  it('validates the deferred settings in French', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    const base = { shop_id: store.id, immediate: false, days_to_spread: 7, send_days: [1, 2, 3, 4, 5], send_hour: 9 };
    const cases: [Record<string, unknown>, string][] = [
      [{ days_to_spread: 0 }, 'Le nombre de jours doit être compris entre 1 et 30'],
      [{ days_to_spread: 31 }, 'Le nombre de jours doit être compris entre 1 et 30'],
      [{ send_days: [] }, 'Choisissez au moins un jour d’envoi'],
      [{ send_hour: 24 }, 'L’heure d’envoi doit être comprise entre 0 et 23'],
    ];
    for (const [patch, message] of cases) {
      expect(await browser.json('/functions/v1/shopify-import-history', { json: { ...base, ...patch } })).toMatchObject({ status: 400, body: { error: message } });
    }
    const other = await merchant(ctx, app);
    expect((await other.browser.json('/functions/v1/shopify-import-history', { json: { ...base, shop_id: store.id } })).status).toBe(404);
  });
});

describe('unconfirmed sends', () => {
  it('are shown as such, and the merchant can re-send one, counted once in the quota', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app, { quota: 5 });
    const request = await world(ctx).at(store).request();
    const monthUsage = async () =>
      (await ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, store.shopDomain))).find((u) => u.metric === 'emails_sent')?.value ?? 0;

    // The transport breaks during the data: the request is counted sent, without proof.
    const send = ctx.mailer.send;
    ctx.mailer.send = async (_email, options) => {
      await options?.beforeData?.();
      throw Object.assign(new Error('connection lost during DATA'), { code: 'ETIMEDOUT', command: 'DATA' });
    };
    try {
      await browser.json('/functions/v1/process-review-requests', { json: { manual: true, requestIds: [request.id] } });
    } finally {
      ctx.mailer.send = send;
    }
    const listed = await browser.json<{ items: { id: string; status: string; unconfirmed: boolean }[] }>('/api/review-requests');
    expect(listed.body.items.find((i) => i.id === request.id)).toMatchObject({ status: 'sent', unconfirmed: true });
    expect(await monthUsage()).toBe(1);

    // Someone else's store cannot touch it; a confirmed request cannot be re-sent.
    const other = await merchant(ctx, app);
    expect((await other.browser.json(`/api/review-requests/${request.id}/resend`, { json: {} })).status).toBe(404);

    const resent = await browser.json(`/api/review-requests/${request.id}/resend`, { json: {} });
    expect(resent).toMatchObject({ status: 200, body: { success: true, processed: 1 } });
    expect(await ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, request.customerEmail!))).toHaveLength(1);
    expect(await monthUsage()).toBe(1);
    const after = await browser.json<{ items: { id: string; status: string; unconfirmed: boolean; last_error: string | null }[] }>('/api/review-requests');
    expect(after.body.items.find((i) => i.id === request.id)).toMatchObject({ status: 'sent', unconfirmed: false, last_error: null });
    expect(await browser.json(`/api/review-requests/${request.id}/resend`, { json: {} })).toMatchObject({
      status: 409,
      body: { error: 'Seul un envoi non confirmé peut être renvoyé.' },
    });
  });
});

describe('send-email', () => {
  it('requires the session and ownership, sends within the quota, and refuses unsubscribed addresses', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app, { quota: 1 });
    const body = {
      shopifyStoreId: store.id,
      recipientEmail: 'ami@exemple.test',
      recipientName: 'Ami',
      subject: 'Bonjour',
      html_content: '<p>Bonjour</p>',
      text_content: 'Bonjour',
    };
    expect((await new Browserish(app).json('/functions/v1/send-email', { json: body })).status).toBe(401);
    const sent = await browser.json<{ success: boolean; message_id: string }>('/functions/v1/send-email', { json: body });
    expect(sent.status).toBe(200);
    expect(sent.body.success).toBe(true);
    const [mail] = await ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.messageId, sent.body.message_id));
    expect(mail).toMatchObject({ subject: 'Bonjour' });
    // The merchant's content, then a visible unsubscribe link and the RFC 8058 headers of its own.
    expect(mail!.html).toMatch(
      /^<p>Bonjour<\/p><p [^>]*>Vous ne souhaitez plus recevoir d’e-mails (?:de |d’).+\u202f\? <a href="http:\/\/localhost:3000\/unsubscribe\/o-[^"]+"[^>]*>Se désabonner<\/a><\/p>$/,
    );
    expect(mail!.text).toMatch(/^Bonjour\n\nVous ne souhaitez plus recevoir d’e-mails (?:de |d’).+\u202f\? http:\/\/localhost:3000\/unsubscribe\/o-\S+$/);
    const oneClickUrl = /^<(.+)>$/.exec(String((mail!.headers as Record<string, string>)['List-Unsubscribe']))![1]!;
    expect((mail!.headers as Record<string, string>)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const anonymous = new Browserish(app);
    // A one-off e-mail names no request: the store's language.
    expect((await anonymous.json(new URL(oneClickUrl).pathname)).body).toEqual({ store_name: store.shopName, email: 'a***@exemple.test', unsubscribed: false, locale: 'fr' });
    const forged = new URL(oneClickUrl).pathname.replace(/-([A-Za-z0-9_-]+)$/, `-${Buffer.from('autre@exemple.test').toString('base64url')}`);
    expect((await anonymous.json(forged)).status).toBe(404);
    const oneClick = await app.request(`http://localhost:3000${new URL(oneClickUrl).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await browser.json('/functions/v1/send-email', { json: body })).status).toBe(409);
    await ctx.db.delete(s.emailSuppressions).where(eq(s.emailSuppressions.shopId, store.id));
    const over = await browser.json('/functions/v1/send-email', { json: body });
    // The plan's name as the merchant knows it, in the message and the details.
    expect(over).toMatchObject({ status: 429, body: { quota_exceeded: true, plan: 'Starter', quota: 1, used: 1 } });
    expect((over.body as { error: string }).error).toContain('Votre plan Starter permet 1 emails/mois');

    const other = await merchant(ctx, app);
    expect((await other.browser.json('/functions/v1/send-email', { json: body })).status).toBe(404);
    await world(ctx).at(other.store).suppress('parti@exemple.test');
    const refused = await other.browser.json('/functions/v1/send-email', { json: { ...body, shopifyStoreId: other.store.id, recipientEmail: 'Parti@exemple.test' } });
    expect(refused.status).toBe(409);
    expect((await other.browser.json('/functions/v1/send-email', { json: { ...body, shopifyStoreId: other.store.id, subject: 'a\r\nBcc: x@y.z' } })).status).toBe(400);

    // No subscription in force, no sending.
    await ctx.db.update(s.shopifyStores).set({ subscriptionStatus: 'cancelled' }).where(eq(s.shopifyStores.id, other.store.id));
    const unpaid = await other.browser.json('/functions/v1/send-email', { json: { ...body, shopifyStoreId: other.store.id } });
    expect(unpaid).toMatchObject({ status: 403, body: { error: 'Un abonnement actif est nécessaire pour envoyer des e-mails. Choisissez un plan pour continuer.' } });
  });

  it('answers a NUL character with 400, and gives the quota back whatever makes a send fail', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app, { quota: 5 });
    const usage = async () => (await ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, store.shopDomain))).map((u) => `${u.metric}=${u.value}`).sort();
    const before = await usage();
    const body = {
      shopifyStoreId: store.id,
      recipientEmail: 'ami@exemple.test',
      recipientName: 'Ami',
      subject: 'Bonjour',
      html_content: '<p>Bonjour</p>',
      text_content: 'Bonjour',
    };
    for (const field of ['recipientName', 'subject', 'html_content', 'text_content'] as const) {
      const res = await browser.json('/functions/v1/send-email', { json: { ...body, [field]: 'a\u0000b' } });
      expect(res.status, field).toBe(400);
      expect((res.body as { error: string }).error).toContain('caractère nul');
    }
    expect(await usage()).toEqual(before);

    // A transport failure of any kind, even one that cannot say whether the message left.
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => {
      throw Object.assign(new Error('connection lost after DATA'), { code: 'ETIMEDOUT' });
    };
    try {
      const failed = await browser.json('/functions/v1/send-email', { json: body });
      expect(failed.status).toBe(502);
    } finally {
      ctx.mailer.send = send;
    }
    expect((await usage()).filter((u) => !u.endsWith('=0'))).toEqual(before.filter((u) => !u.endsWith('=0')));
  });
});
