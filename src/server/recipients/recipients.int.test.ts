import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { ALERT_LIMITS } from '#core/alert-limits';
import type { NotificationRecipients, RecipientLinkStatus } from '#core/api/notification-recipients';
import type { TestContext } from '#tests/support/test-context';
import { ORIGIN, type Browserish } from '#tests/support/http';
import { createApp } from '../app';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { messageFor } from '../messages';
import { sendAlertDigest } from '../reviews/alert-cap';
import { world, type StoreRow } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ TRUST_PROXY: 'true' });

const runJobs = (ctx: TestContext) => createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
const outboxTo = (ctx: TestContext, to: string) => ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, to));
const linkTokenIn = (text: string | null) => /\/confirm-recipient\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 10)}@ailleurs.test`;

let ip = 0;
/** A review through the public page, from its own client address (the page limits per address). */
async function review(ctx: TestContext, app: ReturnType<typeof createApp>, store: StoreRow, rating: number, comment: string) {
  const request = await world(ctx).at(store).request({ status: 'sent' });
  ip += 1;
  const res = await app.request(`${ORIGIN}/review/${request.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-forwarded-for': `10.88.${Math.floor(ip / 250)}.${ip % 250}` },
    body: new URLSearchParams({ rating: String(rating), name: 'Léa', email: `client${ip}@exemple.test`, comment }).toString(),
  });
  expect(res.status).toBe(200);
}

async function saveOwnerAddress(browser: Browserish, address: string) {
  const res = await browser.json('/api/settings', { method: 'PUT', json: { owner_notification_email: address, daily_send_limit: 1000 } });
  expect(res.status).toBe(200);
}

describe('notification addresses are confirmed before any alert goes there', () => {
  it('a saved address gets a French link (token hashed at rest); alerts go to the account until it is followed, never with the reviewer’s words', async ({ ctx, app, world }) => {
    const m = await world.signedIn(app).store({ shopName: 'Maison Lumière' });
    const address = unique('alertes');
    await saveOwnerAddress(m.browser, address);
    expect((await m.browser.json<NotificationRecipients>('/api/notification-recipients')).body).toEqual({
      account_email: m.email,
      recipients: [{ email: address, state: 'pending', link_sent_at: expect.any(String) }],
    });
    await review(ctx, app, m.store, 1, 'Texte secret du client');
    await runJobs(ctx);

    const toAddress = await outboxTo(ctx, address);
    expect(toAddress).toHaveLength(1);
    const [link] = toAddress;
    expect(link!.subject).toBe('Confirmez votre adresse pour les alertes de Maison Lumière');
    expect(link!.text).toContain('Confirmer mon adresse');
    expect(`${link!.text}${link!.html}`).not.toContain('Texte secret');
    const token = linkTokenIn(link!.text)!;
    expect(token).toBeTruthy();
    const [row] = await ctx.db.select().from(s.notificationRecipients).where(eq(s.notificationRecipients.email, address));
    expect(row!.tokenHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan((ALERT_LIMITS.confirmationLinkHours - 1) * 3600_000);

    // The alert is not lost: the account's address has it, saying why.
    const toAccount = (await outboxTo(ctx, m.email)).filter((mail) => mail.subject.startsWith('Nouvel avis 1/5'));
    expect(toAccount).toHaveLength(1);
    expect(toAccount[0]!.text).toContain('Texte secret du client');
    expect(toAccount[0]!.text).toContain(`car ${address} n’a pas encore confirmé`);

    // Reading the link (a mail scanner) confirms nothing; the POST does, once.
    const anonymous = (path: string, method = 'GET') => app.request(`${ORIGIN}${path}`, { method, headers: { origin: ORIGIN } });
    const read = await anonymous(`/api/public/recipients/${token}`);
    expect(await read.json()).toEqual({ store_name: 'Maison Lumière', email: address, confirmed: false } satisfies RecipientLinkStatus);
    expect((await m.browser.json<NotificationRecipients>('/api/notification-recipients')).body.recipients[0]!.state).toBe('pending');
    const confirmed = await anonymous(`/api/public/recipients/${token}`, 'POST');
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ store_name: 'Maison Lumière', email: address, confirmed: true });
    const again = await anonymous(`/api/public/recipients/${token}`, 'POST');
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'recipient_link_invalid' });
    expect((await m.browser.json<NotificationRecipients>('/api/notification-recipients')).body.recipients).toEqual([{ email: address, state: 'confirmed', link_sent_at: null }]);

    // From now on, alerts go there.
    await review(ctx, app, m.store, 1, 'Deuxième avis');
    await runJobs(ctx);
    const alerts = (await outboxTo(ctx, address)).filter((mail) => mail.subject.startsWith('Nouvel avis 1/5'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Deuxième avis');
    expect(alerts[0]!.text).not.toContain('n’a pas encore confirmé');
  });

  it('the account’s own address needs no link, and a rating action’s address is confirmed like the settings’', async ({ ctx, app, world }) => {
    const m = await world.signedIn(app).store({ shopName: 'Maison Lumière' });
    await saveOwnerAddress(m.browser, m.email.toUpperCase());
    const actionAddress = unique('sav');
    const actions = [5, 4, 3, 2].map((rating) => ({ rating, action_type: 'none' }));
    const saved = await m.browser.json('/api/rating-actions', {
      method: 'PUT',
      json: { same_path_for_all_ratings: true, actions: [...actions, { rating: 1, action_type: 'notify_email', notification_email: actionAddress }] },
    });
    expect(saved.status).toBe(200);
    expect((await m.browser.json<NotificationRecipients>('/api/notification-recipients')).body.recipients).toEqual([
      { email: m.email, state: 'account', link_sent_at: null },
      { email: actionAddress, state: 'pending', link_sent_at: expect.any(String) },
    ]);
    await review(ctx, app, m.store, 1, 'Mot du client');
    await runJobs(ctx);
    const toAction = await outboxTo(ctx, actionAddress);
    expect(toAction.map((mail) => mail.subject)).toEqual(['Confirmez votre adresse pour les alertes de Maison Lumière']);
    expect((await outboxTo(ctx, m.email)).filter((mail) => mail.subject.startsWith('Nouvel avis 1/5'))).toHaveLength(1);
  });

  it('« Renvoyer le lien » sends a fresh link (the old one stops working), is limited per address, and refuses what is not waiting', async ({ ctx, app, world }) => {
    const m = await world.signedIn(app).store({ shopName: 'Maison Lumière' });
    const address = unique('renvoi');
    await saveOwnerAddress(m.browser, address);
    // Saving again does not send another link while one is live.
    await saveOwnerAddress(m.browser, address);
    await runJobs(ctx);
    expect(await outboxTo(ctx, address)).toHaveLength(1);
    const first = linkTokenIn((await outboxTo(ctx, address))[0]!.text)!;

    const resend = () => m.browser.json('/api/notification-recipients/resend', { method: 'POST', json: { email: address.toUpperCase() } });
    expect(await resend()).toMatchObject({ status: 200, body: { email: address, state: 'pending' } });
    await runJobs(ctx);
    const mails = await outboxTo(ctx, address);
    expect(mails).toHaveLength(2);
    const second = mails.map((mail) => linkTokenIn(mail.text)!).find((t) => t !== first)!;
    expect((await app.request(`${ORIGIN}/api/public/recipients/${first}`)).status).toBe(404);
    expect((await app.request(`${ORIGIN}/api/public/recipients/${second}`)).status).toBe(200);

    // Three links per address and hour (the save's included), then 429 in French.
    expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(String(limited.body.error)).toMatch(/Réessayez|minutes?/);

    expect(await m.browser.json('/api/notification-recipients/resend', { method: 'POST', json: { email: unique('inconnue') } })).toMatchObject({
      status: 404,
      body: { code: 'recipient_not_in_use' },
    });
    expect(await m.browser.json('/api/notification-recipients/resend', { method: 'POST', json: { email: m.email } })).toMatchObject({ status: 404 });
  });

  it('an expired or unknown link confirms nothing', async ({ ctx, app, world }) => {
    const m = await world.signedIn(app).store({ shopName: 'Maison Lumière' });
    const address = unique('expire');
    await saveOwnerAddress(m.browser, address);
    await runJobs(ctx);
    const token = linkTokenIn((await outboxTo(ctx, address))[0]!.text)!;
    await ctx.db
      .update(s.notificationRecipients)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.notificationRecipients.email, address));
    for (const t of [token, 'inconnu', `${token}x`]) {
      const res = await app.request(`${ORIGIN}/api/public/recipients/${t}`, { method: 'POST', headers: { origin: ORIGIN } });
      expect(res.status, t).toBe(404);
    }
    const [row] = await ctx.db.select().from(s.notificationRecipients).where(eq(s.notificationRecipients.email, address));
    expect(row!.confirmedAt).toBeNull();
  });

  it('the link of an address the merchant removed confirms nothing; named again, it works (issue 45)', async ({ ctx, app, world }) => {
    const m = await world.signedIn(app).store({ shopName: 'Maison Lumière' });
    const address = unique('retiree');
    await saveOwnerAddress(m.browser, address);
    await runJobs(ctx);
    const token = linkTokenIn((await outboxTo(ctx, address))[0]!.text)!;
    // The settings no longer name it, and neither does any rating action.
    await saveOwnerAddress(m.browser, unique('remplacante'));
    const link = (method: string) => app.request(`${ORIGIN}/api/public/recipients/${token}`, { method, headers: { origin: ORIGIN } });
    for (const method of ['GET', 'POST']) {
      const res = await link(method);
      expect(res.status, method).toBe(404);
      expect(await res.json()).toMatchObject({ error: messageFor('recipient_link_invalid'), code: 'recipient_link_invalid' });
    }
    const [row] = await ctx.db.select().from(s.notificationRecipients).where(eq(s.notificationRecipients.email, address));
    expect(row!.confirmedAt).toBeNull();
    expect((await m.browser.json<NotificationRecipients>('/api/notification-recipients')).body.recipients.map((r) => r.email)).not.toContain(address);

    // A rating action naming it again: the link, still within its life, confirms it.
    const actions = [5, 4, 3, 2].map((rating) => ({ rating, action_type: 'none' }));
    const saved = await m.browser.json('/api/rating-actions', {
      method: 'PUT',
      json: { same_path_for_all_ratings: true, actions: [...actions, { rating: 1, action_type: 'notify_email', notification_email: address }] },
    });
    expect(saved.status).toBe(200);
    expect(await (await link('POST')).json()).toEqual({ store_name: 'Maison Lumière', email: address, confirmed: true });
  });
});

describe('alerts are capped per store and per recipient per hour, the rest summed up in one digest', () => {
  it(`sends ${ALERT_LIMITS.perStorePerHour} alerts an hour, holds the rest and sends their digest once the hour is over`, async ({ ctx, app, world }) => {
    const m = await world.signedIn(app).store({ shopName: 'Maison Lumière' });
    const extra = 3;
    for (let i = 0; i < ALERT_LIMITS.perStorePerHour + extra; i++) await review(ctx, app, m.store, i % 2 ? 1 : 2, `Commentaire ${i}`);
    await runJobs(ctx);
    const alerts = (await outboxTo(ctx, m.email)).filter((mail) => /^Nouvel avis [12]\/5/.test(mail.subject));
    expect(alerts).toHaveLength(ALERT_LIMITS.perStorePerHour);
    const rows = await ctx.db.select().from(s.merchantAlerts).where(eq(s.merchantAlerts.shopId, m.store.id));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(ALERT_LIMITS.perStorePerHour);
    const held = rows.filter((r) => r.status === 'held');
    expect(held).toHaveLength(extra);

    // One digest job, due when the hour ends.
    const digests = await ctx.db
      .select()
      .from(s.jobs)
      .where(and(eq(s.jobs.name, 'send-alert-digest'), eq(s.jobs.status, 'queued')));
    const mine = digests.filter((j) => (j.payload as { storeId: string }).storeId === m.store.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.runAt.getTime()).toBe(held[0]!.hour.getTime() + 3600_000);

    expect(await sendAlertDigest(ctx, mine[0]!.payload as { storeId: string; recipient: string; hour: string })).toBe(true);
    const digest = (await outboxTo(ctx, m.email)).filter((mail) => mail.subject.includes('autres avis'));
    expect(digest).toHaveLength(1);
    expect(digest[0]!.subject).toBe(`${extra} autres avis à consulter pour Maison Lumière`);
    expect(digest[0]!.text).not.toMatch(/Commentaire \d/);
    expect(digest[0]!.text).toContain('Note 1/5');
    // Sent once: a second run finds nothing held.
    expect(await sendAlertDigest(ctx, mine[0]!.payload as { storeId: string; recipient: string; hour: string })).toBe(false);
  });

  it('counts per recipient across stores', async ({ ctx, app, world }) => {
    const shared = unique('partagee');
    const stores = [await world.signedIn(app).store({ shopName: 'Maison Lumière' }), await world.signedIn(app).store({ shopName: 'Maison Lumière' })];
    for (const m of stores) {
      await saveOwnerAddress(m.browser, shared);
      await ctx.db.update(s.notificationRecipients).set({ confirmedAt: new Date() }).where(eq(s.notificationRecipients.shopId, m.store.id));
    }
    for (let i = 0; i < ALERT_LIMITS.perRecipientPerHour; i++) await review(ctx, app, stores[i % 2]!.store, 1, `Avis ${i}`);
    await review(ctx, app, stores[0]!.store, 1, 'De trop');
    await runJobs(ctx);
    expect((await outboxTo(ctx, shared)).filter((mail) => mail.subject.startsWith('Nouvel avis'))).toHaveLength(ALERT_LIMITS.perRecipientPerHour);
    const held = await ctx.db
      .select()
      .from(s.merchantAlerts)
      .where(and(eq(s.merchantAlerts.recipient, shared), eq(s.merchantAlerts.status, 'held')));
    expect(held).toHaveLength(1);
  });
});
