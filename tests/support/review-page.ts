/**
 * What the review page's integration tests share (src/server/reviews/review-page*.int.test.ts): an app
 * on a fresh database that trusts the proxy (each post comes from its own client address), a store
 * with the five rating actions, its branding and page, and the helpers that post a review and read
 * what it left.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import * as s from '#db/schema';
import { createApp } from '#server/app';
import { JOBS } from '#server/job-registry';
import { createWorker } from '#server/jobs/worker';
import { createTestContext, type TestContext } from './test-context';
import { ORIGIN } from './http';
import { world, type StoreRow } from './world';

export const REVIEW_SITE = 'https://g.page/r/maison/review';

type RatingAction = Partial<typeof s.ratingActions.$inferInsert>;

/** Registers the suite's hooks; its context and app are there once the suite has started. */
export function reviewPageSuite() {
  let ctx: TestContext | undefined;
  let app: ReturnType<typeof createApp> | undefined;
  let ip = 0;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: 'true' });
    app = createApp(ctx);
  });
  afterAll(() => ctx?.destroy());
  const started = () => {
    if (!ctx || !app) throw new Error('reviewPageSuite: used before the suite started');
    return { ctx, app };
  };

  /** A store with the five actions: 5 and 4 redirect, 3 collect (no alert), 2 collect + alert, 1 notify. */
  async function storeWithActions(options: { samePath?: boolean; actions?: Partial<Record<number, RatingAction>> } = {}) {
    const { ctx } = started();
    const store = (await world(ctx).merchant().store({ shopName: 'Maison Lumière' })).store;
    await ctx.db
      .update(s.shopifyStores)
      .set({ samePathForAllRatings: options.samePath ?? false })
      .where(eq(s.shopifyStores.id, store.id));
    const base: Record<number, RatingAction> = {
      5: { actionType: 'redirect', redirectUrl: REVIEW_SITE },
      4: { actionType: 'redirect', redirectUrl: REVIEW_SITE },
      3: { actionType: 'collect_feedback', feedbackMessage: 'Que pourrions-nous améliorer\u202f?' },
      2: { actionType: 'collect_feedback', feedbackMessage: 'Racontez-nous ce qui n’a pas été.', notificationEmail: 'alerte@maison.test' },
      1: { actionType: 'notify_email', notificationEmail: 'alerte@maison.test' },
    };
    const actions = [5, 4, 3, 2, 1].map((rating) => ({ shopId: store.id, rating, ...base[rating], ...options.actions?.[rating] }));
    await ctx.db.insert(s.ratingActions).values(actions);
    // Their alert addresses confirmed (decision 022; recipients.int.test.ts covers the unconfirmed ones).
    const addresses = [...new Set(actions.map((a) => a.notificationEmail).filter((e): e is string => !!e))];
    if (addresses.length) await ctx.db.insert(s.notificationRecipients).values(addresses.map((email) => ({ shopId: store.id, email, confirmedAt: new Date() })));
    await ctx.db
      .insert(s.storeBranding)
      .values({ shopId: store.id, logoUrl: 'https://cdn.maison.test/logo.png', primaryColor: '#123456', buttonBgColor: '#ffffff', buttonTextColor: '#ffffff' });
    await ctx.db.insert(s.storeCustomization).values({
      shopId: store.id,
      pageTitle: 'Votre avis sur Maison Lumière',
      pageDescription: 'Dites-nous tout.',
      thankYouMessage: 'Merci infiniment\u202f!',
      positiveFeedbackMessage: 'Ravi que cela vous ait plu.',
      negativeFeedbackMessage: 'Nous allons faire mieux.',
      buttonText: 'ENVOYER',
    });
    return store;
  }

  /** Posts the review form from a new client address (the page limits per address); JSON answer unless `json` is false. */
  function post(token: string, body: Record<string, string | number>, json = true) {
    ip += 1;
    return started().app.request(`${ORIGIN}/review/${token}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': `10.9.${Math.floor(ip / 250)}.${ip % 250}`,
        ...(json ? { accept: 'application/json' } : {}),
      },
      body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    });
  }

  /** Opens one of our links as a browser would and says where it sends the customer. */
  async function followed(path: string): Promise<string | null> {
    const res = await started().app.request(`${ORIGIN}${path}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    return res.headers.get('location');
  }

  return {
    get ctx() {
      return started().ctx;
    },
    get app() {
      return started().app;
    },
    storeWithActions,
    post,
    followed,
    reviewsOf: (store: StoreRow) => started().ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.shopId, store.id)),
    requestById: async (id: string) => (await started().ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, id)))[0]!,
    runJobs: () => createWorker(started().ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain(),
    outboxTo: (to: string) => started().ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, to)),
  };
}
