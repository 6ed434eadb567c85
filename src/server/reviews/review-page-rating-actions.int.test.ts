// The rating actions' API (/api/rating-actions) the review page follows.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { Browserish, signedInMerchant } from '#tests/support/http';
import { world } from '#tests/support/world';
import { reviewPageSuite, REVIEW_SITE } from '#tests/support/review-page';
import type { createApp } from '../app';
import { messageFor } from '../messages';

const suite = reviewPageSuite();
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(() => {
  ({ ctx, app } = suite);
});

describe('/api/rating-actions', () => {
  const merchantWithStore = () => world(ctx).signedIn(app).store();
  const valid = (email: string) => [
    { rating: 5, action_type: 'redirect', redirect_url: REVIEW_SITE, notification_email: null, feedback_message: null },
    { rating: 4, action_type: 'redirect', redirect_url: REVIEW_SITE, notification_email: 'ignored@exemple.test', feedback_message: 'ignored' },
    { rating: 3, action_type: 'collect_feedback', redirect_url: null, notification_email: 'ignored@exemple.test', feedback_message: 'Un conseil\u202f?' },
    { rating: 2, action_type: 'collect_feedback', redirect_url: null, notification_email: email, feedback_message: 'Désolés' },
    { rating: 1, action_type: 'none', redirect_url: null, notification_email: null, feedback_message: null },
  ];

  it('gives the spec’s defaults until saved, then replaces the five rows', async () => {
    const { browser, store, email } = await merchantWithStore();
    const first = await browser.json<{ saved: boolean; same_path_for_all_ratings: boolean; actions: { rating: number; action_type: string; notification_email: string | null }[] }>(
      '/api/rating-actions',
    );
    expect(first.body.saved).toBe(false);
    expect(first.body.same_path_for_all_ratings).toBe(true);
    expect(first.body.actions.map((a) => [a.rating, a.action_type])).toEqual([
      [5, 'redirect'],
      [4, 'redirect'],
      [3, 'collect_feedback'],
      [2, 'collect_feedback'],
      [1, 'notify_email'],
    ]);
    expect(first.body.actions[3]!.notification_email).toBe(email);

    const saved = await browser.json<{ saved: boolean; actions: unknown[] }>('/api/rating-actions', {
      method: 'PUT',
      json: { same_path_for_all_ratings: false, actions: valid(email) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toBe(true);
    expect(saved.body.actions[1]).toEqual({ rating: 4, action_type: 'redirect', redirect_url: REVIEW_SITE, notification_email: null, feedback_message: null });
    expect(saved.body.actions[2]).toEqual({ rating: 3, action_type: 'collect_feedback', redirect_url: null, notification_email: null, feedback_message: 'Un conseil\u202f?' });
    const rows = await ctx.db.select().from(s.ratingActions).where(eq(s.ratingActions.shopId, store.id));
    expect(rows).toHaveLength(5);
    const [after] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id));
    expect(after!.samePathForAllRatings).toBe(false);
  });

  it("defaults the alerts to the store's notification address once the settings name one", async () => {
    const { browser } = await merchantWithStore();
    const settings = await browser.json('/api/settings', { method: 'PUT', json: { owner_notification_email: 'Alertes@Boutique.test', daily_send_limit: 500 } });
    expect(settings.status).toBe(200);
    const actions = await browser.json<{ actions: { rating: number; notification_email: string | null }[] }>('/api/rating-actions');
    expect(actions.body.actions.filter((a) => a.notification_email).map((a) => [a.rating, a.notification_email])).toEqual([
      [2, 'alertes@boutique.test'],
      [1, 'alertes@boutique.test'],
    ]);
  });

  it('refuses invalid actions in French and changes nothing', async () => {
    const { browser, store, email } = await merchantWithStore();
    await browser.json('/api/rating-actions', { method: 'PUT', json: { same_path_for_all_ratings: true, actions: valid(email) } });
    const bad: [number, Record<string, unknown>, string][] = [
      [0, { redirect_url: 'javascript:alert(1)' }, 'L’URL de redirection doit être une adresse http(s) valide (note 5)'],
      [0, { redirect_url: '' }, 'L’URL de redirection doit être une adresse http(s) valide (note 5)'],
      [4, { action_type: 'notify_email', notification_email: null }, 'Une adresse e-mail de notification valide est requise (note 1)'],
      [3, { notification_email: 'pas-un-email' }, 'Une adresse e-mail de notification valide est requise (note 2)'],
    ];
    for (const [index, patch, message] of bad) {
      const actions = valid(email).map((a, i) => (i === index ? { ...a, ...patch } : a));
      const res = await browser.json('/api/rating-actions', { method: 'PUT', json: { same_path_for_all_ratings: false, actions } });
      expect(res, message).toMatchObject({ status: 400, body: { error: message } });
    }
    const fourOnly = await browser.json('/api/rating-actions', { method: 'PUT', json: { same_path_for_all_ratings: false, actions: valid(email).slice(0, 4) } });
    expect(fourOnly).toMatchObject({ status: 400, body: { error: 'Il faut une action pour chacune des cinq notes' } });
    const [after] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id));
    expect(after!.samePathForAllRatings).toBe(true);
  });

  it('needs a session and an active store', async () => {
    expect((await new Browserish(app).json('/api/rating-actions')).status).toBe(401);
    const { browser } = await signedInMerchant(app);
    expect(await browser.json('/api/rating-actions')).toMatchObject({ status: 404, body: { error: messageFor('no_store'), code: 'no_store' } });
  });
});
