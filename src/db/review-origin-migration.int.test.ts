// Migration 0022 (decision 044) on reviews written before it: each takes the origin its request tells,
// and `is_published` stops following the rating. The reviews are put back as the old schema held
// them (no origin, `is_published` = rating ≥ 4), then the migration's own statements run on them.
import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { world } from '#tests/support/world';
import { migrationsFolder } from './migrate';
import * as s from './schema';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

/** The migration's statements that write data or constraints (after its columns exist). */
function migrationStatements(): string[] {
  const file = readFileSync(`${migrationsFolder}/0022_review_origin.sql`, 'utf8');
  const statements = file.split('--> statement-breakpoint').map((part) => part.replace(/^\s*--.*$/gm, '').trim());
  return statements.filter((statement) => /^(UPDATE|ALTER TABLE "shopify_reviews" (ALTER|ADD CONSTRAINT)|INSERT INTO "jobs")/.test(statement));
}

describe('migration 0022 on existing reviews', () => {
  it('ties each review to its origin, publishes what the storefront shows whatever the rating, and republishes connected stores', async ({ ctx }) => {
    const w = await world(ctx)
      .merchant()
      .store({ row: { accessToken: 'jeton-chiffre' } });
    const order = await w.request({ status: 'completed' });
    const link = await w.request({ order: null, channel: 'link', status: 'completed' });
    const direct = await w.request({ order: null, status: 'completed' });
    const gone = await w.request({ status: 'completed' });
    const hidden = await w.request({ status: 'completed' });
    await w.reviews([
      { request: order, rating: 1, customerName: 'Commande' },
      { request: link, rating: 5, customerName: 'Lien' },
      { request: direct, rating: 5, customerName: 'Direct' },
      { request: gone, rating: 2, customerName: 'Demande supprimée' },
      { rating: 5, customerName: 'Sans trace', shopifyOrderId: null },
      { request: hidden, rating: 4, customerName: 'Masqué', hiddenAt: new Date(), hiddenReason: 'off_topic' },
    ]);
    // The review whose request went keeps its order's id, as the review page copied it.
    await ctx.db.delete(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, gone.id));

    // As before the migration: no origin, no constraints on it, and the rating's rule.
    await ctx.db.execute(sql`ALTER TABLE shopify_reviews DROP CONSTRAINT reviews_published_check`);
    await ctx.db.execute(sql`ALTER TABLE shopify_reviews DROP CONSTRAINT reviews_origin_check`);
    await ctx.db.execute(sql`ALTER TABLE shopify_reviews ALTER COLUMN origin DROP NOT NULL`);
    await ctx.db.execute(sql`UPDATE shopify_reviews SET origin = NULL, is_published = rating >= 4 WHERE shop_id = ${w.store.id}::uuid`);

    for (const statement of migrationStatements()) await ctx.db.execute(sql.raw(statement));

    const after = await ctx.db
      .select({ name: s.shopifyReviews.customerName, origin: s.shopifyReviews.origin, published: s.shopifyReviews.isPublished })
      .from(s.shopifyReviews)
      .where(eq(s.shopifyReviews.shopId, w.store.id))
      .orderBy(asc(s.shopifyReviews.customerName));
    expect(after).toEqual([
      { name: 'Commande', origin: 'order', published: true },
      { name: 'Demande supprimée', origin: 'order', published: true },
      { name: 'Direct', origin: 'no_order', published: false },
      { name: 'Lien', origin: 'shared_link', published: false },
      { name: 'Masqué', origin: 'order', published: false },
      { name: 'Sans trace', origin: 'no_order', published: false },
    ]);
    const [job] = await ctx.db
      .select()
      .from(s.jobs)
      .where(eq(s.jobs.dedupeKey, `publish-storefront:${w.store.id}:review-origin`));
    expect(job).toMatchObject({ name: 'publish-storefront', payload: { storeId: w.store.id }, status: 'queued' });
  });
});
