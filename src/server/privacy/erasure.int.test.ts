/**
 * Shopify's privacy deliveries end to end (decision 020): erasure reaches everything the app holds
 * on a customer (every column personal-data.ts says customers/redact erases, and every table), and a
 * privacy delivery without X-Shopify-Shop-Domain is read from its signed body.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { queryRows } from '#db/client';
import { type Browserish } from '#tests/support/http';
import type { TestContext } from '#tests/support/test-context';
import { createApp } from '../app';
import { JOBS } from '../job-registry';
import { enqueue } from '../jobs/define';
import { createWorker } from '../jobs/worker';
import { sendReviewNotificationJob } from '../reviews/jobs';
import { sendReviewNotification } from '../reviews/notify';
import { PERSONAL_DATA } from './personal-data';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const SECRET = 'hush';

const it = integrationTest({ SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET, TRUST_PROXY: 'true' });

const runJobs = (ctx: TestContext) => createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();

let ip = 0;
const nextIp = () => `10.28.${Math.floor(++ip / 250)}.${ip % 250}`;

function order(id: number, email: string, first: string, last: string) {
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id % 100_000}`,
    email,
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    updated_at: new Date().toISOString(),
    processed_at: new Date(Date.now() - 3_600_000).toISOString(),
    cancelled_at: null,
    financial_status: 'paid',
    fulfillment_status: null,
    total_price: '89.90',
    currency: 'EUR',
    customer: { id: Math.floor(Math.random() * 1e9), first_name: first, last_name: last, email },
  };
}

/** Every table of the database whose rows, as text, contain one of these (case-insensitive). */
async function tablesContaining(ctx: TestContext, needles: readonly string[]): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    ctx.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} t WHERE ${sql.join(
        needles.map((n) => sql`t::text ILIKE ${`%${n}%`}`),
        sql` OR `,
      )}`,
    );
    if (row!.n > 0) found.push(name);
  }
  return found;
}

/** The columns personal-data.ts says customers/redact erases that hold none of these. */
async function erasedColumnsWithout(ctx: TestContext, needles: readonly string[]): Promise<string[]> {
  const empty: string[] = [];
  for (const [table, columns] of Object.entries(PERSONAL_DATA)) {
    for (const [column, { kind }] of Object.entries(columns)) {
      if (kind !== 'erased') continue;
      const [row] = await queryRows<{ n: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.join(
          needles.map((n) => sql`${sql.identifier(column)}::text ILIKE ${`%${n}%`}`),
          sql` OR `,
        )}`,
      );
      if (row!.n === 0) empty.push(`${table}.${column}`);
    }
  }
  return empty;
}

/** What the merchant can read or download of the store: every place a customer could show. */
async function everythingTheMerchantSees(browser: Browserish, exportIds: string[]): Promise<string> {
  const parts: string[] = [];
  const read = async (path: string) => {
    const res = await browser.request(path);
    expect(res.status, path).toBe(200);
    parts.push(await res.text());
  };
  await read('/api/reviews');
  await read('/api/reviews/export');
  await read('/api/dashboard?period=all');
  await read('/api/review-requests');
  for (const content of ['changes', 'shown']) for (const format of ['csv', 'json']) await read(`/api/audit/export?content=${content}&format=${format}`);
  for (const id of exportIds) await read(`/api/compliance/exports/${id}`);
  return parts.join('\n');
}

describe('customers/redact reaches everything', () => {
  it('erases the customer from reviews (by request, order and e-mail), exports made earlier, e-mail copies, jobs and every table; ratings stay', async ({ ctx, app }) => {
    const shop = await world(ctx).signedIn(app).store();
    const { browser, store, email: merchantEmail } = shop;
    await shop.flow({ triggerEvent: 'order_paid', delayDays: 0 });
    await shop.ratingActions([{ rating: 1, actionType: 'notify_email', notificationEmail: merchantEmail }]);
    const tag = randomUUID().slice(0, 8);
    const zoe = { email: `zoe.${tag}@exemple.test`, typed: `zs.${tag}@ailleurs.test`, last: `Secretissime${tag}`, words: `Colis abime ${tag}` };
    const bob = { email: `bob.${tag}@exemple.test`, last: `Tranquille${tag}`, words: `Parfait ${tag}` };
    const markers = [zoe.email, zoe.typed, zoe.last, zoe.words];

    // Orders through the webhook; the flow asks both customers at once.
    const zoeOrder = Math.floor(Math.random() * 1e12);
    const bobOrder = zoeOrder + 1;
    expect((await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(zoeOrder, zoe.email, 'Zoé', zoe.last) })).status).toBe(200);
    expect((await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(bobOrder, bob.email, 'Bob', bob.last) })).status).toBe(200);
    await runJobs(ctx);
    const requests = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, store.id));
    const zoeRequest = requests.find((r) => r.customerEmail === zoe.email)!;
    const bobRequest = requests.find((r) => r.customerEmail === bob.email)!;
    expect(zoeRequest && bobRequest).toBeTruthy();
    // Sent, opened, visited; counted without proof once, with an error that quotes the address.
    const sent = { status: 'sent' as const, sentAt: new Date(), openedAt: new Date(), visitedAt: new Date() };
    await ctx.db
      .update(s.shopifyReviewRequests)
      .set({ ...sent, unconfirmed: true, lastError: `transmission interrupted: 250 2.0.0 queued for <${zoe.email}>` })
      .where(eq(s.shopifyReviewRequests.id, zoeRequest.id));
    await ctx.db.update(s.shopifyReviewRequests).set(sent).where(eq(s.shopifyReviewRequests.id, bobRequest.id));
    // The copy the outbox keeps of the request's e-mail (its Message-ID as the sender gives it).
    await ctx.mailer.send({ to: zoe.email, subject: `Zoé ${zoe.last}, votre avis`, text: `Bonjour Zoé ${zoe.last}`, messageId: `review-${zoeRequest.id}@localhost` });

    // Zoé reviews through her link, typing another address; Bob through his.
    const post = (token: string, form: Record<string, string>) =>
      app.request(`http://localhost:3000/review/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-forwarded-for': nextIp() },
        body: new URLSearchParams(form).toString(),
      });
    expect((await post(zoeRequest.token, { rating: '1', name: `Zoé ${zoe.last}`, email: zoe.typed, comment: zoe.words })).status).toBe(200);
    expect((await post(bobRequest.token, { rating: '5', name: `Bob ${bob.last}`, email: bob.email, comment: bob.words })).status).toBe(200);
    const [viaLink] = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.reviewRequestId, zoeRequest.id));
    expect(viaLink).toMatchObject({ customerEmail: zoe.typed, comment: zoe.words });
    // A photo with each review (decision 058), its files in the storage: hers named after her, to be found anywhere.
    const [bobReview] = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.reviewRequestId, bobRequest.id));
    const photoOf = async (reviewId: string, name: string) => {
      const keys = { storageKey: `review-photos/${store.id}/${name}.webp`, thumbKey: `review-photos/${store.id}/${name}-thumb.webp` };
      for (const key of Object.values(keys)) await ctx.storage.put(key, new Uint8Array([1, 2, 3]), 'image/webp');
      await ctx.db.insert(s.reviewPhotos).values({ shopId: store.id, reviewId, position: 1, ...keys, width: 3, height: 1, thumbWidth: 3, thumbHeight: 1, size: 3 });
      return keys;
    };
    const zoePhoto = await photoOf(viaLink!.id, zoe.last);
    const bobPhoto = await photoOf(bobReview!.id, bob.last);
    // A review about her order only (no request, another address), and one she signed with her address.
    const byOrder = await shop.review({
      shopifyOrderId: String(zoeOrder),
      customerEmail: `inconnu.${tag}@ailleurs.test`,
      customerName: `Z. ${zoe.last}`,
      rating: 2,
      comment: `${zoe.words} (2)`,
    });
    await shop.review({ customerEmail: zoe.email.toUpperCase(), customerName: `Zoé ${zoe.last}`, rating: 3, comment: `${zoe.words} (3)` });
    // The merchant's alert quoting the review (Reply-To: the typed address), and one still queued.
    await sendReviewNotification(ctx, viaLink!.id, merchantEmail);
    await enqueue(ctx.db, sendReviewNotificationJob, { reviewId: byOrder!.id, to: merchantEmail }, { runAt: new Date(Date.now() + 86_400_000) });
    await ctx.db
      .insert(s.jobs)
      .values({ name: sendReviewNotificationJob.name, status: 'failed', lastError: `550 5.1.1 <${zoe.email}>: Recipient address rejected`, finishedAt: new Date() });
    await shop.suppress(zoe.email);

    // Earlier exports: Zoé's and Bob's.
    // Each customer with their own Shopify id: an export is about the customer it names.
    for (const [who, id, customerId] of [
      [zoe, 'zoe', 101],
      [bob, 'bob', 202],
    ] as const) {
      const requestId = `${id}-${tag}`;
      expect(
        (
          await world(ctx).deliver(app, {
            shop: store.shopDomain,
            topic: 'customers/data_request',
            body: {
              shop_domain: store.shopDomain,
              customer: { id: customerId, email: who.email },
              orders_requested: [],
              data_request: { id: requestId },
            },
          })
        ).status,
      ).toBe(200);
    }
    await runJobs(ctx);
    const exports = await ctx.db.select().from(s.complianceExports).where(eq(s.complianceExports.shopId, store.id));
    const zoeExport = exports.find((e) => e.requestId === `zoe-${tag}`)!;
    // The export found the review left through her link and the one about her order, whatever their address.
    expect(JSON.stringify(zoeExport.data)).toContain(zoe.typed);
    expect(JSON.stringify(zoeExport.data)).toContain(`${zoe.words} (2)`);
    // Her photo by its link, as stored (decision 058).
    expect(JSON.stringify(zoeExport.data)).toContain(ctx.storage.publicUrl(zoePhoto.storageKey));

    const exportIds = exports.map((e) => e.id);
    const before = await everythingTheMerchantSees(browser, exportIds);
    for (const marker of markers) expect(before).toContain(marker);
    // Every column the map says customers/redact erases holds her now: the test covers them all.
    expect(await erasedColumnsWithout(ctx, markers)).toEqual([]);
    const dashboardBefore = (await browser.json<{ distribution: unknown; funnel: unknown }>('/api/dashboard?period=all')).body;

    expect(
      (
        await world(ctx).deliver(app, {
          shop: store.shopDomain,
          topic: 'customers/redact',
          body: { shop_id: 1, shop_domain: store.shopDomain, customer: { id: 101, email: zoe.email }, orders_to_redact: [zoeOrder] },
        })
      ).status,
    ).toBe(200);
    await runJobs(ctx);

    // Her photo's files are gone from the storage (the job committed with the erasure ran); Bob's stay.
    for (const key of Object.values(zoePhoto)) expect(await ctx.storage.exists(key), key).toBe(false);
    for (const key of Object.values(bobPhoto)) expect(await ctx.storage.exists(key), key).toBe(true);

    // Nothing of her anywhere: what the merchant reads or downloads, and every table.
    const after = await everythingTheMerchantSees(browser, exportIds);
    for (const marker of markers) expect(after).not.toContain(marker);
    expect(await tablesContaining(ctx, markers)).toEqual([]);
    const search = await browser.json<{ items: unknown[] }>(`/api/reviews?q=${encodeURIComponent(zoe.last)}`);
    expect(search.body.items).toEqual([]);
    // Her export says it was erased; Bob's is whole.
    const [erasedExport] = await ctx.db.select().from(s.complianceExports).where(eq(s.complianceExports.id, zoeExport.id));
    expect(erasedExport!.data).toMatchObject({ customer: null, orders: [], reviews: [], erased_at: expect.any(String) });
    const bobExport = exports.find((e) => e.requestId === `bob-${tag}`)!;
    expect(JSON.stringify(bobExport.data)).toContain(bob.words);
    const [bobExportAfter] = await ctx.db.select().from(s.complianceExports).where(eq(s.complianceExports.id, bobExport.id));
    expect(bobExportAfter!.data).toEqual(bobExport.data);
    expect(after).toContain(bob.email);
    expect(after).toContain(bob.words);
    expect(after).toContain(`Bob ${bob.last}`);
    // The queued alert about her review is gone; ratings and the funnel stay as anonymous counts.
    const queued = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM jobs WHERE payload->>'reviewId' = ${byOrder!.id} AND status = 'queued'`);
    expect(queued[0]!.n).toBe(0);
    // Nothing more goes to her: her send is no longer offered for a re-send (decision 051).
    const [zoeAfter] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, zoeRequest.id));
    expect(zoeAfter).toMatchObject({ unconfirmed: false, lastError: null });
    const dashboardAfter = (await browser.json<{ distribution: unknown; funnel: unknown }>('/api/dashboard?period=all')).body;
    expect(dashboardAfter.distribution).toEqual(dashboardBefore.distribution);
    expect(dashboardAfter.funnel).toEqual(dashboardBefore.funnel);
    const ratings = await ctx.db.select({ rating: s.shopifyReviews.rating }).from(s.shopifyReviews).where(eq(s.shopifyReviews.shopId, store.id));
    expect(ratings.map((r) => r.rating).sort()).toEqual([1, 2, 3, 5]);
  });

  it('shop/redact also drops the alerts the merchant received about the shop’s reviews, and the customers’ photos with their files', async ({ ctx, app }) => {
    const { store, email: merchantEmail } = await world(ctx).signedIn(app).store();
    const tag = randomUUID().slice(0, 8);
    const review = await world(ctx)
      .at(store)
      .review({ customerEmail: `lou.${tag}@exemple.test`, customerName: `Lou ${tag}`, rating: 1, comment: `Déçue ${tag}` });
    await sendReviewNotification(ctx, review!.id, merchantEmail);
    const photo = { storageKey: `review-photos/${store.id}/lou-${tag}.webp`, thumbKey: `review-photos/${store.id}/lou-${tag}-thumb.webp` };
    for (const key of Object.values(photo)) await ctx.storage.put(key, new Uint8Array([1]), 'image/webp');
    await ctx.db.insert(s.reviewPhotos).values({ shopId: store.id, reviewId: review!.id, position: 1, ...photo, width: 1, height: 1, thumbWidth: 1, thumbHeight: 1, size: 1 });
    expect(await tablesContaining(ctx, [tag])).toContain('email_outbox');
    expect((await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'shop/redact', body: { shop_id: 1, shop_domain: store.shopDomain } })).status).toBe(200);
    await runJobs(ctx);
    expect(await tablesContaining(ctx, [tag, store.shopDomain])).toEqual([]);
    for (const key of Object.values(photo)) expect(await ctx.storage.exists(key), key).toBe(false);
  });
});

describe('privacy deliveries without X-Shopify-Shop-Domain', () => {
  async function customer(ctx: TestContext, app: ReturnType<typeof createApp>) {
    const { store } = await world(ctx).signedIn(app).store();
    const email = `sans.entete.${randomUUID().slice(0, 8)}@exemple.test`;
    const id = Math.floor(Math.random() * 1e12);
    expect((await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: order(id, email, 'Inès', 'Sansentete') })).status).toBe(200);
    await runJobs(ctx);
    return { store, email, id };
  }

  it('takes the shop from the signed body and processes the delivery', async ({ ctx, app }) => {
    const { store, email, id } = await customer(ctx, app);
    const res = await world(ctx).deliver(app, {
      shop: null,
      topic: 'customers/redact',
      body: { shop_id: 1, shop_domain: store.shopDomain, customer: { id: 1, email }, orders_to_redact: [id] },
    });
    expect(res.status).toBe(200);
    await runJobs(ctx);
    const [event] = await ctx.db
      .select()
      .from(s.shopifyWebhookEvents)
      .where(eq(s.shopifyWebhookEvents.topic, 'customers/redact'))
      .orderBy(sql`created_at DESC`)
      .limit(1);
    expect(event).toMatchObject({ shopDomain: store.shopDomain, shopId: store.id, processed: true, error: null });
    const [o] = await ctx.db
      .select()
      .from(s.shopifyOrders)
      .where(eq(s.shopifyOrders.shopifyOrderId, String(id)));
    expect(o).toMatchObject({ customerEmail: null, customerName: null });
    const request = await world(ctx).deliver(app, {
      shop: null,
      topic: 'customers/data_request',
      body: {
        shop_id: 1,
        shop_domain: `${store.shopDomain.toUpperCase()}`,
        customer: { id: 1, email },
        data_request: { id: 9 },
      },
    });
    expect(request.status).toBe(200);
    expect((await world(ctx).deliver(app, { shop: null, topic: 'shop/redact', body: { shop_id: 1, shop_domain: 'autre-boutique.myshopify.com' } })).status).toBe(200);
  });

  it('still refuses when neither the header nor the body names a valid shop, or when they disagree', async ({ ctx, app }) => {
    const { store, email } = await customer(ctx, app);
    const before = (await ctx.db.select().from(s.shopifyWebhookEvents)).length;
    const body = { shop_id: 1, customer: { id: 1, email }, orders_to_redact: [] };
    expect((await world(ctx).deliver(app, { shop: null, topic: 'customers/redact', body: body })).status).toBe(400);
    expect((await world(ctx).deliver(app, { shop: null, topic: 'customers/redact', body: { ...body, shop_domain: 'boutique_nova.myshopify.com' } })).status).toBe(400);
    expect((await world(ctx).deliver(app, { shop: null, topic: 'customers/redact', body: { ...body, shop_domain: 42 } })).status).toBe(400);
    expect((await world(ctx).deliver(app, { shop: null, topic: 'customers/redact', body: '{"shop_domain": ' })).status).toBe(400);
    // The body is signed, the header is not: a header naming another shop is a rewritten delivery.
    expect((await world(ctx).deliver(app, { shop: 'autre-boutique.myshopify.com', topic: 'customers/redact', body: { ...body, shop_domain: store.shopDomain } })).status).toBe(400);
    // Other topics still need the header.
    expect((await world(ctx).deliver(app, { shop: null, topic: 'orders/paid', body: { ...order(7, email, 'A', 'B'), shop_domain: store.shopDomain } })).status).toBe(400);
    // A bad signature is refused before anything is read.
    const unsigned = await app.request('/webhooks/shopify', {
      method: 'POST',
      headers: { 'x-shopify-topic': 'shop/redact', 'x-shopify-webhook-id': randomUUID(), 'x-shopify-triggered-at': new Date().toISOString(), 'x-shopify-hmac-sha256': 'AAAA' },
      body: JSON.stringify({ shop_domain: store.shopDomain }),
    });
    expect(unsigned.status).toBe(401);
    expect(await ctx.db.select().from(s.shopifyWebhookEvents)).toHaveLength(before);
    // The header alone still serves, as before.
    expect((await world(ctx).deliver(app, { shop: store.shopDomain, topic: 'customers/redact', body: body })).status).toBe(200);
  });
});
