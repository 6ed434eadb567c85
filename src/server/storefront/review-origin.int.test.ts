// Where each review came from, and what every screen, the export and the storefront say of it
// (decision 044): an order's review is a verified purchase, published whatever its rating; a shared
// link's is « Lien partagé », kept off the storefront until the merchant shows unverified reviews,
// then marked « Achat non vérifié ». Over the real protocol with the local Shopify's storefront.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { ReviewItem } from '#core/api/reviews';
import type { ModerationItem, StorefrontSnapshot } from '#core/api/storefront';
import * as s from '#db/schema';
import { Browserish } from '#tests/support/http';
import { integrationTest } from '#tests/support/integration';
import type { TestContext } from '#tests/support/test-context';
import type { StoreRow } from '#tests/support/world';
import { createApp } from '../app';
import { connectDemoShop } from '../demo/connect-demo-shop';
import { DEMO_ACCOUNT, seedDemo } from '../demo/seed-demo';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';

const it = integrationTest({ TRUST_PROXY: 'true' });

let store: StoreRow;
let merchant: Browserish;
let client = 0;
const shop = DEMO_ACCOUNT.shopDomain;

/** Publications wait for their 10-second window: ended now, then the queue runs. */
async function publish(ctx: TestContext) {
  await ctx.db.execute(sql`UPDATE jobs SET run_at = now() WHERE name = 'publish-storefront' AND status = 'queued'`);
  await createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
}

/**
 * The shop's home page with the block, or one of its app proxy pages, as a buyer gets it: on the
 * storefront's own origin, where the local Shopify's link to it leads (decision 043).
 */
async function shopPage(app: ReturnType<typeof createApp>, path = ''): Promise<string> {
  const link = await app.request(`http://localhost:3000/_shopify/store/${shop}/storefront`);
  expect(link.status).toBe(302);
  const res = await app.request(new URL(path, link.headers.get('location')!).href);
  expect(res.status).toBe(200);
  return res.text();
}

/** A review posted on a review page, each from its own client address. */
async function review(app: ReturnType<typeof createApp>, token: string, body: { rating: number; name: string; comment: string }) {
  client += 1;
  return app.request(`http://localhost:3000/review/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': `10.45.${client >> 8}.${client & 255}` },
    body: JSON.stringify({ ...body, email: `${body.name.split(' ')[0]!.toLowerCase()}@exemple.test` }),
  });
}

const listed = async (name: string) => (await merchant.json<{ items: ReviewItem[] }>('/api/reviews?q=' + encodeURIComponent(name))).body.items[0]!;
const recent = async (name: string) =>
  (await merchant.json<{ recent_reviews: { customer_name: string; is_published: boolean; origin: string }[] }>('/api/dashboard?period=all')).body.recent_reviews.find(
    (r) => r.customer_name === name,
  );
const csvLine = async (name: string) => (await (await merchant.request('/api/reviews/export?q=' + encodeURIComponent(name))).text()).split('\r\n')[1];
const snapshot = async () => (await merchant.json<{ snapshot: StorefrontSnapshot; settings: { show_unverified_reviews: boolean } }>('/api/storefront')).body;
const moderation = async (id: string) => (await merchant.json<{ items: ModerationItem[] }>('/api/storefront/reviews')).body.items.find((r) => r.id === id)!;

let sharedToken: string;

it.beforeAll(async ({ ctx, app }) => {
  ctx.deliverWebhooksTo(app);
  const { storeId } = await seedDemo(ctx.db);
  await connectDemoShop(ctx);
  [store] = (await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId))) as [StoreRow];
  merchant = new Browserish(app);
  expect((await merchant.json('/api/auth/sign-in/email', { json: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } })).status).toBe(200);
  // The block on the shop's home page, added as the merchant does, through the theme editor's link.
  const { body } = await merchant.json<{ block_editor_url: string }>('/api/storefront');
  const editor = new URL(body.block_editor_url);
  expect((await app.request(`http://localhost:3000${editor.pathname}${editor.search}`)).status).toBe(200);
  sharedToken = (await merchant.json<{ token: string }>('/api/review-requests/share-link', { json: {} })).body.token;
});

describe('a review’s origin, its label and its storefront badge', () => {
  it('an order’s review is a verified purchase, published at 1 star; a shared link’s is kept off the storefront by default', async ({ ctx, app, world }) => {
    expect((await snapshot()).settings).toEqual({ show_unverified_reviews: false });
    const order = await world.at(store).request({ status: 'sent' });
    expect((await review(app, order.token, { rating: 1, name: 'Odile Commande', comment: 'Arrivé cassé.' })).status).toBe(200);
    expect((await review(app, sharedToken, { rating: 5, name: 'Samuel Partage', comment: 'Jamais commandé, mais super.' })).status).toBe(200);
    const rows = await ctx.db
      .select()
      .from(s.shopifyReviews)
      .where(and(eq(s.shopifyReviews.shopId, store.id), inArray(s.shopifyReviews.customerName, ['Odile Commande', 'Samuel Partage'])));
    expect(Object.fromEntries(rows.map((r) => [r.customerName, [r.origin, r.isPublished]]))).toEqual({
      'Odile Commande': ['order', true],
      'Samuel Partage': ['shared_link', false],
    });

    // The reviews list, the dashboard and the export say the same, from the state, not the rating.
    expect(await listed('Odile Commande')).toMatchObject({ rating: 1, is_published: true, hidden_reason: null, origin: 'order' });
    expect(await listed('Samuel Partage')).toMatchObject({ rating: 5, is_published: false, hidden_reason: null, origin: 'shared_link' });
    expect(await recent('Odile Commande')).toMatchObject({ is_published: true, origin: 'order' });
    expect(await recent('Samuel Partage')).toMatchObject({ is_published: false, origin: 'shared_link' });
    // The last column, « Photos », is empty: these reviews have none (decision 058).
    expect(await csvLine('Odile Commande')).toMatch(/;1;Odile Commande;.*;Oui;[^;]*;[^;]*;;Achat vérifié \(commande\);$/);
    expect(await csvLine('Samuel Partage')).toMatch(/;5;Samuel Partage;.*;Non;[^;]*;[^;]*;Sans achat vérifié, non affiché sur la boutique;Lien partagé;$/);

    await publish(ctx);
    const home = await shopPage(app);
    expect(home).toContain('Odile C.');
    expect(home).toMatch(/Odile C\.[^]*?<p class="avis-clients__origine avis-clients__origine--verifie">Achat vérifié<\/p>/);
    expect(home).not.toContain('Samuel P.');
    expect(home).not.toContain('<p class="avis-clients__origine">');
    const shown = (await snapshot()).snapshot;
    expect(shown.reviews.find((r) => r.name === 'Odile C.')).toMatchObject({ verified: true, rating: 1 });
    expect(shown.hidden).toBe(0);
    const method = await shopPage(app, 'apps/avis/methode');
    expect(method).toContain('Seuls les avis d’achats vérifiés sont affichés ici');
    // The shared link's own page tells its reviewer what becomes of the review.
    expect(await (await app.request(`http://localhost:3000/review/${sharedToken}`)).text()).toContain('n’est pas affiché sur sa boutique en ligne');
  });

  it('shown by the merchant’s choice, a shared link’s review is marked « Achat non vérifié », and the page says so', async ({ ctx, app }) => {
    const refused = await merchant.json<{ error: string }>('/api/storefront/settings', { method: 'PUT', json: { show_unverified_reviews: 'oui' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Indiquez si les avis sans achat vérifié sont affichés (vrai ou faux)');
    expect((await snapshot()).settings.show_unverified_reviews).toBe(false);

    const saved = await merchant.json('/api/storefront/settings', { method: 'PUT', json: { show_unverified_reviews: true } });
    expect(saved).toMatchObject({ status: 200, body: { show_unverified_reviews: true } });
    const [entry] = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.shopId, store.id), eq(s.auditLog.action, 'storefront_unverified.update')));
    expect(entry).toMatchObject({ actorEmail: DEMO_ACCOUNT.email, before: false, after: true });
    // The compliance export names the change as the screen does.
    const changes = await (await merchant.request('/api/audit/export?content=changes&format=csv')).text();
    expect(changes).toContain(`;${DEMO_ACCOUNT.email};Afficher sur la boutique les avis sans achat vérifié;Désactivé;Activé\r\n`);
    const shared = await listed('Samuel Partage');
    expect(shared).toMatchObject({ is_published: true, origin: 'shared_link' });
    expect(await csvLine('Samuel Partage')).toMatch(/;Oui;[^;]*;[^;]*;;Lien partagé;$/);
    expect(await moderation(shared.id)).toMatchObject({ origin: 'shared_link', is_published: true, hidden_reason: null });

    await publish(ctx);
    const home = await shopPage(app);
    expect(home).toMatch(/Samuel P\.[^]*?<p class="avis-clients__origine">Achat non vérifié<\/p>/);
    expect(home).toMatch(/Odile C\.[^]*?Achat vérifié</);
    expect((await snapshot()).snapshot.reviews.find((r) => r.name === 'Samuel P.')).toMatchObject({ verified: false });
    // « Voir plus » pages carry the same mark, for the block's script.
    const more = JSON.parse(await shopPage(app, 'apps/avis/avis?page=1&v=origine')) as { reviews: { verified: boolean }[] };
    expect(more.reviews.every((r) => r.verified)).toBe(true);
    expect(await shopPage(app, 'apps/avis/methode')).toContain('ils portent la mention «\u202fAchat non vérifié\u202f»');
    expect(await (await app.request(`http://localhost:3000/review/${sharedToken}`)).text()).toContain('avec la mention «\u202fAchat non vérifié\u202f»');
  });

  it('hidden, a review is « Masqué » with its reason whatever its origin; shown again, it follows the store’s choice', async ({ ctx }) => {
    const shared = await listed('Samuel Partage');
    expect((await merchant.json(`/api/reviews/${shared.id}/hide`, { json: { reason: 'not_customer' } })).status).toBe(200);
    expect(await listed('Samuel Partage')).toMatchObject({ is_published: false, hidden_reason: 'not_customer' });
    expect(await csvLine('Samuel Partage')).toMatch(/;Non;[^;]*;[^;]*;Masqué\u202f: Ne vient pas d’un client;Lien partagé;$/);
    await publish(ctx);
    expect((await snapshot()).snapshot.hidden).toBe(1);

    // Unverified reviews off again: the hidden one is no longer counted among those the storefront would show.
    await merchant.json('/api/storefront/settings', { method: 'PUT', json: { show_unverified_reviews: false } });
    await publish(ctx);
    expect((await snapshot()).snapshot.hidden).toBe(0);
    expect((await merchant.json(`/api/reviews/${shared.id}/show`, { method: 'POST' })).status).toBe(200);
    expect(await listed('Samuel Partage')).toMatchObject({ is_published: false, hidden_reason: null });
    expect(await moderation(shared.id)).toMatchObject({ is_published: false, hidden_reason: null, origin: 'shared_link' });
    // The order's review never moved.
    expect(await listed('Odile Commande')).toMatchObject({ is_published: true, origin: 'order' });
  });
});
