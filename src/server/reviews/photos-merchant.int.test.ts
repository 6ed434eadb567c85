// The merchant's side of photo reviews (decision 058): the list's photos (one query for the page),
// hiding a photo for a content reason and showing it again (audited, the storefront's metafield
// scheduled, another store's photo not found), the hidden photos' count, the export's column and the
// dashboard's count of reviews with photos.
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { integrationTest } from '#tests/support/integration';
import { dashboardSummary } from '../insight/dashboard';
import { listReviews } from '../insight/reviews';
import { reviewsCsv } from '../insight/reviews-csv';
import { hiddenPhotoCount } from '../storefront/snapshot';
import { storeReviewPhoto } from './photos';

const it = integrationTest();

/** A real image, as a phone would send it: the pipeline decodes it. */
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

const read = async (stream: ReadableStream<Uint8Array>) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

async function auditOf(ctx: TestContext, storeId: string) {
  return ctx.db.select().from(s.auditLog).where(eq(s.auditLog.shopId, storeId)).orderBy(s.auditLog.createdAt, s.auditLog.id);
}

describe('photos on the merchant’s side', () => {
  it('lists each review’s photos in their order, with sizes, hidden or not', async ({ ctx, world }) => {
    const { store } = await world.merchant().store();
    const withPhotos = await world.at(store).review({ rating: 2, customerName: 'Marie Dupont' });
    await world.at(store).review({ rating: 5, customerName: 'Paul Martin' });
    const first = await storeReviewPhoto(ctx, { id: withPhotos.id, shopId: store.id }, await jpeg(600, 400));
    const second = await storeReviewPhoto(ctx, { id: withPhotos.id, shopId: store.id }, await jpeg(300, 500));

    const { items } = await listReviews(ctx, ctx.db, store.id, { filter: 'all' });
    const byName = Object.fromEntries(items.map((r) => [r.customer_name, r.photos]));
    expect(byName['Paul Martin']).toEqual([]);
    expect(byName['Marie Dupont']).toEqual([
      { ...first, hidden: false, hidden_reason: null },
      { ...second, hidden: false, hidden_reason: null },
    ]);
    expect(byName['Marie Dupont']![0]).toMatchObject({ position: 1, width: 600, height: 400, thumb_width: 400, thumb_height: 267 });
    expect(byName['Marie Dupont']![0]!.url).toMatch(new RegExp(`/review-photos/${store.id}/${first.id}\\.webp$`));
    expect(byName['Marie Dupont']![0]!.thumb_url).toMatch(/-thumb\.webp$/);
  });

  it('hides a photo for a content reason and shows it again: audited, published, counted; the review untouched', async ({ ctx, app, world }) => {
    const shop = await world.signedIn(app).store();
    const review = await shop.review({ rating: 1, customerName: 'Marie Dupont', comment: 'Cassé à l’arrivée.' });
    const photo = await storeReviewPhoto(ctx, { id: review.id, shopId: shop.store.id }, await jpeg(200, 200));
    await ctx.db.execute(sql`DELETE FROM jobs WHERE name = 'publish-storefront'`);
    const path = `/api/reviews/${review.id}/photos/${photo.id}`;

    // A rating is not a reason; nor is nothing.
    for (const body of [{ reason: 'low_rating' }, {}]) {
      const refused = await shop.browser.json<{ code: string; error: string }>(`${path}/hide`, { json: body });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain('Choisissez un motif');
    }

    const hidden = await shop.browser.json<Record<string, unknown>>(`${path}/hide`, { json: { reason: 'personal_data' } });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id: photo.id, hidden: true, hidden_reason: 'personal_data' });
    const [row] = await ctx.db.select().from(s.reviewPhotos).where(eq(s.reviewPhotos.id, photo.id));
    expect(row).toMatchObject({ hiddenReason: 'personal_data', hiddenBy: shop.userId });
    expect(row!.hiddenAt).toBeInstanceOf(Date);
    // The review itself stays as it was: shown, not hidden.
    const [after] = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.id, review.id));
    expect(after).toMatchObject({ hiddenReason: null, isPublished: review.isPublished });
    expect(await hiddenPhotoCount(ctx.db, shop.store.id)).toBe(1);
    const moderation = await shop.browser.json<{ hidden_count: number; hidden_photo_count: number; items: { photos: unknown[] }[] }>('/api/storefront/reviews');
    expect(moderation.body).toMatchObject({ hidden_count: 0, hidden_photo_count: 1 });
    expect(moderation.body.items[0]!.photos).toMatchObject([{ id: photo.id, hidden: true, hidden_reason: 'personal_data' }]);
    // « Masqués » lists it, for its photo.
    const hiddenOnes = await shop.browser.json<{ items: { id: string }[] }>('/api/storefront/reviews?filter=hidden');
    expect(hiddenOnes.body.items.map((r) => r.id)).toEqual([review.id]);
    const jobs = await ctx.db
      .select()
      .from(s.jobs)
      .where(and(eq(s.jobs.name, 'publish-storefront'), eq(s.jobs.status, 'queued')));
    expect(jobs).toHaveLength(1);

    // The same reason again changes nothing, and writes nothing.
    expect((await shop.browser.json(`${path}/hide`, { json: { reason: 'personal_data' } })).status).toBe(200);
    const shown = await shop.browser.json<Record<string, unknown>>(`${path}/show`, { json: {} });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: photo.id, hidden: false, hidden_reason: null });
    expect(await hiddenPhotoCount(ctx.db, shop.store.id)).toBe(0);
    expect((await shop.browser.json<{ items: unknown[] }>('/api/storefront/reviews?filter=hidden')).body.items).toEqual([]);

    const audit = await auditOf(ctx, shop.store.id);
    expect(audit.map((a) => [a.action, a.before, a.after, a.actorEmail])).toEqual([
      [
        'review_photo.hide',
        { review_id: review.id, photo_id: photo.id, hidden: false, reason: null },
        { review_id: review.id, photo_id: photo.id, hidden: true, reason: 'personal_data' },
        shop.email,
      ],
      [
        'review_photo.show',
        { review_id: review.id, photo_id: photo.id, hidden: true, reason: 'personal_data' },
        { review_id: review.id, photo_id: photo.id, hidden: false, reason: null },
        shop.email,
      ],
    ]);
    // Never the customer's name or words.
    expect(JSON.stringify(audit)).not.toMatch(/Marie|Dupont|Cassé/);
    // The compliance export words it.
    const changes = await shop.browser.request('/api/audit/export?content=changes&format=csv');
    expect(changes.status).toBe(200);
    expect(await changes.text()).toContain(`Photo ${photo.id} de l’avis ${review.id} sur la boutique;Affiché;Masqué (Données personnelles)`);
  });

  it('finds no photo of another store, nor one named under another review (404, nothing changed)', async ({ ctx, app, world }) => {
    const owner = await world.merchant().store();
    const review = await owner.review({ rating: 3 });
    const photo = await storeReviewPhoto(ctx, { id: review.id, shopId: owner.store.id }, await jpeg(120, 80));
    const intruder = await world.signedIn(app).store();
    const theirs = await intruder.review({ rating: 4 });
    for (const path of [`/api/reviews/${review.id}/photos/${photo.id}/hide`, `/api/reviews/${theirs.id}/photos/${photo.id}/hide`]) {
      const res = await intruder.browser.json<{ code: string; error: string }>(path, { json: { reason: 'insult' } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'photo_not_found', error: 'Photo introuvable pour cette boutique.' });
    }
    expect((await intruder.browser.json(`/api/reviews/${review.id}/photos/${photo.id}/show`, { json: {} })).status).toBe(404);
    const [row] = await ctx.db.select().from(s.reviewPhotos).where(eq(s.reviewPhotos.id, photo.id));
    expect(row!.hiddenAt).toBeNull();
    expect(await auditOf(ctx, intruder.store.id)).toEqual([]);
    expect(await auditOf(ctx, owner.store.id)).toEqual([]);
  });

  it('exports every photo’s public URL, hidden ones too, separated by a space', async ({ ctx, world }) => {
    const { store } = await world.merchant().store();
    const review = await world.at(store).review({ rating: 4, customerName: 'Avec photos', createdAt: new Date('2026-11-02T10:00:00Z') });
    await world.at(store).review({ rating: 4, customerName: 'Sans photo', createdAt: new Date('2026-11-01T10:00:00Z') });
    const a = await storeReviewPhoto(ctx, { id: review.id, shopId: store.id }, await jpeg(100, 100));
    const b = await storeReviewPhoto(ctx, { id: review.id, shopId: store.id }, await jpeg(100, 100));
    await ctx.db.update(s.reviewPhotos).set({ hiddenAt: new Date(), hiddenReason: 'off_topic' }).where(eq(s.reviewPhotos.id, b.id));
    const csv = await read(reviewsCsv(ctx, ctx.db, store.id, { filter: 'all' }));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]!.endsWith(';Origine;Photos')).toBe(true);
    expect(lines[1]!.endsWith(`;${a.url} ${b.url}`)).toBe(true);
    expect(lines[2]!.endsWith(';Achat vérifié (commande);')).toBe(true);
  });

  it('counts the period’s reviews that carry photos on the dashboard', async ({ ctx, world }) => {
    const now = new Date('2026-11-20T12:00:00Z');
    const { store } = await world.merchant().store();
    const empty = await dashboardSummary(ctx.db, store.id, '7days', now);
    expect(empty.reviews_with_photos).toBe(0);
    const recent = await world.at(store).review({ rating: 5, createdAt: new Date('2026-11-19T10:00:00Z') });
    const old = await world.at(store).review({ rating: 4, createdAt: new Date('2026-10-01T10:00:00Z') });
    await world.at(store).review({ rating: 3, createdAt: new Date('2026-11-18T10:00:00Z') });
    for (const review of [recent, recent, old]) await storeReviewPhoto(ctx, { id: review.id, shopId: store.id }, await jpeg(50, 50));
    // Photos are added within the hour of their review: dated as they would be.
    await ctx.db.execute(
      sql`UPDATE review_photos p SET created_at = v.created_at + interval '2 minutes' FROM shopify_reviews v WHERE v.id = p.review_id AND p.shop_id = ${store.id}::uuid`,
    );
    const week = await dashboardSummary(ctx.db, store.id, '7days', now);
    expect(week).toMatchObject({ reviews_received: 2, reviews_with_photos: 1 });
    expect((await dashboardSummary(ctx.db, store.id, 'all', now)).reviews_with_photos).toBe(2);
    // Another store's photos never count.
    const other = (await world.merchant().store()).store;
    expect((await dashboardSummary(ctx.db, other.id, 'all', now)).reviews_with_photos).toBe(0);
  });
});
