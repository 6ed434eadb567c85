import { and, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { StoreSettings } from '#core/api/settings';
import type { TestContext } from '#tests/support/test-context';
import { ORIGIN, signedInMerchant } from '#tests/support/http';
import { createApp } from '../app';
import { sendBatch } from '../requests/sender';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ TRUST_PROXY: 'true' });

/** A subscribed merchant, signed in. */
const merchant = (ctx: TestContext, app: ReturnType<typeof createApp>) => world(ctx).signedIn(app).store({ shopName: 'Maison Lumière' });

// 10 000 as French writes it (a narrow no-break space).
const LIMIT_MESSAGE = `La limite d’envoi quotidienne doit être un nombre entier entre 1 et ${(10_000).toLocaleString('fr-FR')}`;
const WINDOW_MESSAGE = 'La période doit être un nombre entier de jours entre 0 et 365';

describe('/api/settings', () => {
  it("answers the account's address and 1,000 a day until saved, then what was saved", async ({ ctx, app }) => {
    const { browser, store, email } = await merchant(ctx, app);
    const first = await browser.json<StoreSettings>('/api/settings');
    expect(first).toMatchObject({ status: 200, body: { owner_notification_email: email, daily_send_limit: 1000, unsubscribe_enabled: true, saved: false } });

    const saved = await browser.json<StoreSettings>('/api/settings', { method: 'PUT', json: { owner_notification_email: ' Alertes@Maison.TEST ', daily_send_limit: 250 } });
    expect(saved).toMatchObject({ status: 200, body: { owner_notification_email: 'alertes@maison.test', daily_send_limit: 250, saved: true } });
    // The spec's form sends the number as typed.
    const typed = await browser.json<StoreSettings>('/api/settings', { method: 'PUT', json: { owner_notification_email: 'alertes@maison.test', daily_send_limit: '300' } });
    expect(typed.body.daily_send_limit).toBe(300);
    expect((await browser.json<StoreSettings>('/api/settings')).body).toEqual({
      owner_notification_email: 'alertes@maison.test',
      daily_send_limit: 300,
      customer_ask_window_days: 30,
      unsubscribe_enabled: true,
      saved: true,
    });
    // One ask per customer: 30 days by default, 0 turns it off, and a body without it keeps it.
    const off = await browser.json<StoreSettings>('/api/settings', {
      method: 'PUT',
      json: { owner_notification_email: 'alertes@maison.test', daily_send_limit: 300, customer_ask_window_days: '0' },
    });
    expect(off.body.customer_ask_window_days).toBe(0);
    await browser.json('/api/settings', { method: 'PUT', json: { owner_notification_email: 'alertes@maison.test', daily_send_limit: 301 } });
    expect((await browser.json<StoreSettings>('/api/settings')).body).toMatchObject({ daily_send_limit: 301, customer_ask_window_days: 0 });
    // One row per store (an upsert).
    expect(await ctx.db.select().from(s.storeEmailConfig).where(eq(s.storeEmailConfig.shopId, store.id))).toHaveLength(1);
  });

  it('refuses an out-of-range limit and a missing or invalid address in French, changing nothing', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    await browser.json('/api/settings', { method: 'PUT', json: { owner_notification_email: 'alertes@maison.test', daily_send_limit: 500 } });
    const cases: [Record<string, unknown>, string][] = [
      [{ daily_send_limit: 0 }, LIMIT_MESSAGE],
      [{ daily_send_limit: 10_001 }, LIMIT_MESSAGE],
      [{ daily_send_limit: 'abc' }, LIMIT_MESSAGE],
      [{ daily_send_limit: 2.5 }, LIMIT_MESSAGE],
      [{ daily_send_limit: -3 }, LIMIT_MESSAGE],
      [{ customer_ask_window_days: -1 }, WINDOW_MESSAGE],
      [{ customer_ask_window_days: 366 }, WINDOW_MESSAGE],
      [{ customer_ask_window_days: 'trente' }, WINDOW_MESSAGE],
      [{ customer_ask_window_days: 1.5 }, WINDOW_MESSAGE],
      [{ owner_notification_email: '' }, 'L’adresse e-mail de notification est requise'],
      [{ owner_notification_email: undefined }, 'L’adresse e-mail de notification est requise'],
      [{ owner_notification_email: 'pas-une-adresse' }, 'L’adresse e-mail de notification n’est pas valide'],
    ];
    for (const [patch, message] of cases) {
      const res = await browser.json('/api/settings', { method: 'PUT', json: { owner_notification_email: 'autre@maison.test', daily_send_limit: 42, ...patch } });
      expect(res, JSON.stringify(patch)).toMatchObject({ status: 400, body: { code: 'invalid_input', error: message } });
    }
    const [row] = await ctx.db.select().from(s.storeEmailConfig).where(eq(s.storeEmailConfig.shopId, store.id));
    expect(row).toMatchObject({ ownerNotificationEmail: 'alertes@maison.test', dailySendLimit: 500, customerAskWindowDays: 30 });
  });

  it('the sender honours a saved daily limit from its next run', async ({ ctx, app, world }) => {
    const { browser, store } = await merchant(ctx, app);
    await browser.json('/api/settings', { method: 'PUT', json: { owner_notification_email: 'alertes@maison.test', daily_send_limit: 1 } });
    const first = await world.at(store).request();
    const second = await world.at(store).request();
    const result = await sendBatch(ctx, { workerId: 'settings-test', manual: { storeId: store.id, requestIds: [first.id, second.id] } });
    expect(result).toMatchObject({ processed: 1, deferred: 1, dailyLimitReached: { limit: 1 } });
  });

  it('merchant alerts go to the saved notification address when the rating actions are the defaults', async ({ ctx, app, world }) => {
    const { browser, store } = await merchant(ctx, app);
    await browser.json('/api/settings', { method: 'PUT', json: { owner_notification_email: 'alertes@maison.test', daily_send_limit: 100 } });
    const request = await world.at(store).request({ status: 'sent' });
    const res = await app.request(`${ORIGIN}/review/${request.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-forwarded-for': '10.77.0.1' },
      body: new URLSearchParams({ rating: '1', name: 'Léa', email: 'lea@exemple.test' }).toString(),
    });
    expect(res.status).toBe(200);
    const [review] = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.shopId, store.id));
    const jobs = await ctx.db
      .select()
      .from(s.jobs)
      .where(and(eq(s.jobs.name, 'send-review-notification'), sql`${s.jobs.payload}->>'reviewId' = ${review!.id}`));
    expect(jobs.map((j) => j.payload.to)).toEqual(['alertes@maison.test']);
  });

  it('needs an active store, and each merchant reads only its own', async ({ ctx, app }) => {
    const { browser } = await signedInMerchant(app);
    expect(await browser.json('/api/settings')).toMatchObject({ status: 404, body: { code: 'no_store' } });
    const a = await merchant(ctx, app);
    const b = await merchant(ctx, app);
    await a.browser.json('/api/settings', { method: 'PUT', json: { owner_notification_email: 'a@maison.test', daily_send_limit: 7 } });
    expect((await b.browser.json<StoreSettings>('/api/settings')).body).toMatchObject({ owner_notification_email: b.email, daily_send_limit: 1000, saved: false });
  });
});
