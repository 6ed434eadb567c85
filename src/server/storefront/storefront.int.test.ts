// Reviews on the storefront (decisions 028 and 043), over the real protocol with the local Shopify: the
// app block added through the theme editor's deep link, the app-data metafield written with
// metafieldsSet after a review, a hide and an erasure (debounced through publish-storefront), the
// storefront page (on its own origin, as on Shopify) rendering the extension's Liquid from it, and
// « Voir plus » through the signed app proxy, root-relative on every domain of the shop and wherever
// the merchant moved the proxy.
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { THEME_EXTENSION } from '#core/storefront';
import * as s from '#db/schema';
import { Browserish } from '#tests/support/http';
import type { TestContext } from '#tests/support/test-context';
import { createApp } from '../app';
import { connectDemoShop } from '../demo/connect-demo-shop';
import { DEMO_ACCOUNT, seedDemo } from '../demo/seed-demo';
import { JOBS } from '../job-registry';
import { schedulePublish } from './publish';
import { createWorker } from '../jobs/worker';
import { registerWebhooks } from '../shopify/webhook-subscriptions';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

type App = ReturnType<typeof createApp>;
let storeId: string;
let merchant: Browserish;
const shop = DEMO_ACCOUNT.shopDomain;
/** The demo shop's storefront on the local Shopify: its own origin, `{name}.myshopify.localhost`. */
const storefront = 'http://maison-lumiere.myshopify.localhost:3000/';

/** The publish job waits for its 10-second window to end: the test ends it now, then runs the queue. */
async function runJobs(ctx: TestContext) {
  // Twice: a job run in the first pass (a webhook's) may enqueue the publication.
  for (let pass = 0; pass < 2; pass++) {
    await ctx.db.execute(sql`UPDATE jobs SET run_at = now() WHERE name = 'publish-storefront' AND status = 'queued'`);
    await createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
  }
}

async function page(app: App, url = storefront): Promise<string> {
  const res = await app.request(url.startsWith('/') ? `http://localhost:3000${url}` : url);
  expect(res.status).toBe(200);
  return res.text();
}

/** A customer of the shop pays an order on Shopify, gets their request and leaves a review on its page. */
async function customerReviews(app: App, ctx: TestContext, firstName: string, lastName: string, rating: number, comment: string) {
  const email = `${firstName}.${lastName}@exemple.test`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  const order = await ctx.emulator!.state.createOrder(shop, { total: '42.00', financialStatus: 'paid', customer: { email, firstName, lastName } });
  await ctx.emulator!.state.whenIdle();
  await runJobs(ctx);
  const [request] = await ctx.db
    .select({ token: s.shopifyReviewRequests.token })
    .from(s.shopifyReviewRequests)
    .innerJoin(s.shopifyOrders, eq(s.shopifyOrders.id, s.shopifyReviewRequests.orderId))
    .where(eq(s.shopifyOrders.shopifyOrderId, String(order.id)));
  const res = await app.request(`http://localhost:3000/review/${request!.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': `10.9.${rating}.${Math.floor(Math.random() * 200)}` },
    body: JSON.stringify({ rating, name: `${firstName} ${lastName}`, email, comment }),
  });
  expect(res.status).toBe(200);
  const [review] = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.customerEmail, email)).orderBy(desc(s.shopifyReviews.createdAt));
  const customers = await ctx.emulator!.state.listCustomers(shop);
  return { review: review!, customerId: customers.find((c) => c.email === email)!.id };
}

it.beforeAll(async ({ ctx, app }) => {
  ctx.deliverWebhooksTo(app);
  storeId = (await seedDemo(ctx.db)).storeId;
  await connectDemoShop(ctx);
  await registerWebhooks(ctx, storeId);
  // A flow asking as soon as an order is paid, so a customer's order gives them a review page at once.
  const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
  await world(ctx).at(store!).flow({ name: 'Commande payée', triggerEvent: 'order_paid', delayDays: 0 });
  merchant = new Browserish(app);
  const signed = await merchant.json('/api/auth/sign-in/email', { json: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } });
  expect(signed.status).toBe(200);
});

describe('reviews on the storefront', () => {
  it('the merchant adds the block with the theme editor’s deep link, and the storefront shows every rating from the metafield', async ({ ctx, app }) => {
    const info = await merchant.json<{ block_editor_url: string; embed_editor_url: string; snapshot: { count: number } }>('/api/storefront');
    expect(info.status).toBe(200);
    expect(info.body.block_editor_url).toBe(
      `http://localhost:3000/_shopify/store/${shop}/admin/themes/current/editor?template=index&addAppBlockId=${ctx.config.shopify.apiKey}/${THEME_EXTENSION.block}&target=newAppsSection`,
    );
    expect(await page(app, new URL(info.body.block_editor_url).pathname + new URL(info.body.block_editor_url).search)).toContain('Ajouté au thème');
    await page(app, new URL(info.body.embed_editor_url).pathname + new URL(info.body.embed_editor_url).search);
    // Nothing written yet: the block renders its empty state, no review.
    expect(await page(app)).toContain('Aucun avis pour l’instant.');
    // Connecting the store (connectDemoShop, as an install does) asked for the metafield: the reviews
    // collected before the block was added show without waiting for a new one.
    await runJobs(ctx);
    const collected = (await merchant.json<{ snapshot: { count: number } }>('/api/storefront')).body.snapshot.count;
    expect(collected).toBeGreaterThan(0);
    expect(await page(app)).toContain(`${collected} avis`);

    const low = await customerReviews(app, ctx, 'Lucie', 'Marchand', 1, 'Colis arrivé cassé, très déçue.');
    const high = await customerReviews(app, ctx, 'Paul', 'Girard', 5, 'Superbe bougie, je recommande.');
    await runJobs(ctx);
    const html = await page(app);
    // Every rating, with its words and the shortened name; never the e-mail.
    expect(html).toContain('Lucie M.');
    expect(html).toContain('Colis arrivé cassé, très déçue.');
    expect(html).toContain('Paul G.');
    expect(html).toContain('Note\u202f: 1 sur 5');
    expect(html).toContain('Note\u202f: 5 sur 5');
    expect(html).not.toContain('lucie.marchand@exemple.test');
    expect(html).toContain('avis-badge');
    const snapshot = (await merchant.json<{ snapshot: { count: number; distribution: { rating: number; count: number }[] } }>('/api/storefront')).body.snapshot;
    expect(snapshot.distribution.find((d) => d.rating === 1)!.count).toBeGreaterThanOrEqual(1);
    expect(html).toContain(`${snapshot.count} avis`);
    expect(low.review.rating).toBe(1);
    expect(high.review.rating).toBe(5);
  });

  it('a review hidden for a stated reason leaves the storefront, is audited, and is counted publicly', async ({ ctx, app }) => {
    const [review] = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.customerName, 'Paul Girard'));
    const refused = await merchant.json<{ error: string; code: string }>(`/api/reviews/${review!.id}/hide`, { json: { reason: 'note trop basse' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('Choisissez un motif');
    const unknown = await merchant.json<{ code: string }>(`/api/reviews/00000000-0000-4000-8000-000000000000/hide`, { json: { reason: 'off_topic' } });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'review_not_found' } });

    const hidden = await merchant.json<{ hidden_reason: string; hidden_at: string; hidden_by_email: string }>(`/api/reviews/${review!.id}/hide`, { json: { reason: 'off_topic' } });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ hidden_reason: 'off_topic', hidden_by_email: DEMO_ACCOUNT.email });
    const [entry] = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.shopId, storeId), eq(s.auditLog.action, 'review.hide')));
    expect(entry).toMatchObject({
      actorEmail: DEMO_ACCOUNT.email,
      before: { review_id: review!.id, hidden: false, reason: null },
      after: { review_id: review!.id, hidden: true, reason: 'off_topic' },
    });
    // The audit entry names the review, never its author or words.
    expect(JSON.stringify(entry)).not.toContain('Paul');

    await runJobs(ctx);
    const html = await page(app);
    expect(html).not.toContain('Superbe bougie');
    expect(html).not.toContain('Paul G.');
    expect(html).toMatch(/1 avis masqué pour non-respect de la charte/);
    const list = await merchant.json<{ hidden_count: number; items: { id: string }[] }>('/api/storefront/reviews?filter=hidden');
    expect(list.body).toMatchObject({ hidden_count: 1, items: [{ id: review!.id }] });

    const shown = await merchant.json<{ hidden_reason: null }>(`/api/reviews/${review!.id}/show`, { method: 'POST' });
    expect(shown.body.hidden_reason).toBeNull();
    await runJobs(ctx);
    const again = await page(app);
    expect(again).toContain('Superbe bougie');
    expect(again).not.toContain('masqué pour non-respect');
  });

  it('an erased customer disappears from the storefront', async ({ ctx, app }) => {
    const erased = await customerReviews(app, ctx, 'Zoé', 'Effacée', 3, 'Correct sans plus.');
    await runJobs(ctx);
    expect(await page(app)).toContain('Zoé E.');
    await ctx.emulator!.state.raiseCompliance(shop, 'customers/redact', { customerId: erased.customerId });
    await ctx.emulator!.state.whenIdle();
    await runJobs(ctx);
    const html = await page(app);
    expect(html).not.toContain('Zoé');
    expect(html).not.toContain('Correct sans plus.');
  });

  it('« Voir plus » pages come through the app proxy, signed by Shopify, public reviews only', async ({ app }) => {
    const res = await app.request(`${storefront}apps/avis/avis?page=1&v=x`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { page: number; reviews: { name: string | null; comment: string | null }[] };
    expect(body.page).toBe(1);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/@/);
    // Straight to the app without Shopify's signature: refused.
    const direct = await app.request(`http://localhost:3000/storefront-proxy/avis?page=1&shop=${shop}&timestamp=${Math.floor(Date.now() / 1000)}&signature=${'0'.repeat(64)}`);
    expect(direct.status).toBe(401);
    const method = await app.request(`${storefront}apps/avis/methode`);
    expect(method.status).toBe(200);
    const methodText = await method.text();
    expect(methodText).toContain('Comment nous recueillons les avis');
    // Photos are moderated as reviews are: for their content, never the rating (decision 058).
    expect(methodText).toContain('Les photos jointes aux avis sont modérées de la même façon, pour leur contenu seulement et jamais selon la note');
  });

  it('says how reviews are collected in the storefront’s language: its link names it, the app proxy forwards it', async ({ ctx, app }) => {
    await ctx.emulator!.state.setStorefront(shop, { languages: ['fr', 'en'] });
    try {
      const methodOf = async (html: string, acceptLanguage: string) => {
        const href = /<a href="(\/apps\/avis\/methode[^"]*)">/.exec(html)?.[1];
        const res = await app.request(new URL(href!, storefront).href, { headers: { 'accept-language': acceptLanguage } });
        expect(res.status).toBe(200);
        return { href, html: await res.text() };
      };
      // The English storefront (/en/), read by a German browser: the storefront's language wins.
      const english = await methodOf(await page(app, `${storefront}en/`), 'de-DE,de;q=0.9');
      expect(english.href).toBe('/apps/avis/methode?langue=en');
      expect(english.html).toContain('<html lang="en">');
      expect(english.html).toContain('<h1>How we collect reviews</h1>');
      expect(english.html).toContain('Nobody is picked based on what they might say.');
      expect(english.html).not.toMatch(/avis|Comment nous/);
      // The French one, read by an English browser: French, with its typography.
      const french = await methodOf(await page(app), 'en-US,en');
      expect(french.href).toBe('/apps/avis/methode?langue=fr');
      expect(french.html).toContain('<html lang="fr">');
      expect(french.html).toContain('<h1>Comment nous recueillons les avis</h1>');
      expect(french.html).toContain('donner son avis\u202f:');
      // A storefront language the app does not ship reads French, as the block's texts do.
      expect(await (await app.request(`${storefront}apps/avis/methode?langue=pt-BR`)).text()).toContain('<html lang="fr">');
    } finally {
      await ctx.emulator!.state.setStorefront(shop, { languages: null });
    }
  });

  it('links root-relative, so the block works on a domain of the shop other than its primary one', async ({ ctx, app }) => {
    // The shop's primary domain (Liquid's `shop.url`) is its own; the page is asked on the myshopify one.
    await ctx.emulator!.state.setStorefront(shop, { domains: ['maison-lumiere.localhost'] });
    const html = await page(app);
    expect(html).toContain('data-page-url="/apps/avis/avis"');
    expect(html).toContain('href="/apps/avis/methode?langue=fr"');
    expect(html).not.toContain('maison-lumiere.localhost');
    // « Voir plus » asked where the page is: the app proxy of that domain answers.
    const res = await app.request(`${storefront}apps/avis/avis?page=1`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    const primary = await app.request('http://maison-lumiere.localhost:3000/apps/avis/avis?page=1', { headers: { accept: 'application/json' } });
    expect(primary.status).toBe(200);
  });

  it('follows the merchant who moves the app proxy: Shopify signs the new place, the block links there', async ({ ctx, app }) => {
    await ctx.emulator!.state.setStorefront(shop, { proxy: { prefix: 'a', subpath: 'avis-clients' } });
    // The old place is no longer the app's.
    expect((await app.request(`${storefront}apps/avis/methode`)).status).toBe(404);
    // A visitor reaches the new one (a link the merchant shared, the page after a publication…).
    const moved = await app.request(`${storefront}a/avis-clients/methode`);
    expect(moved.status).toBe(200);
    const [row] = await ctx.db.select({ path: s.shopifyStores.storefrontProxyPath }).from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
    expect(row!.path).toBe('/a/avis-clients');
    await runJobs(ctx);
    const html = await page(app);
    expect(html).toContain('data-page-url="/a/avis-clients/avis"');
    expect(html).toContain('href="/a/avis-clients/methode?langue=fr"');
    expect((await app.request(`${storefront}a/avis-clients/avis?page=1`, { headers: { accept: 'application/json' } })).status).toBe(200);

    // Back where shopify.app.toml puts it: the store forgets the path, the block links to /apps/avis.
    await ctx.emulator!.state.setStorefront(shop, { proxy: null });
    expect((await app.request(`${storefront}apps/avis/methode`)).status).toBe(200);
    await runJobs(ctx);
    expect(await page(app)).toContain('data-page-url="/apps/avis/avis"');
  });

  it('publishes five newest reviews too heavy for Shopify’s 128 KB as a value that fits, their words shortened', async ({ ctx, app, world }) => {
    // Five newest reviews of 5,000 characters that weigh six bytes each once escaped: 150 KB as JSON.
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
    await world.at(store!).reviews(
      Array.from({ length: 5 }, (_, i) => ({
        rating: 4,
        customerName: `Lourd ${i}`,
        comment: `${'\u0001'.repeat(4990)}fin-${i}`,
        createdAt: new Date(Date.now() + 60_000 + i * 1_000),
      })),
    );
    await schedulePublish(ctx.db, storeId);
    await runJobs(ctx);
    // Shopify (the local one refuses a json value over 128 KB) took the publication.
    const failed = await ctx.db
      .select({ error: s.jobs.lastError })
      .from(s.jobs)
      .where(and(eq(s.jobs.name, 'publish-storefront'), sql`${s.jobs.lastError} IS NOT NULL`));
    expect(failed).toEqual([]);
    const html = await page(app);
    expect(html).toContain('Lourd 4');
    expect(html).not.toContain('fin-4');
    expect(html).toContain('…');
  });
});
