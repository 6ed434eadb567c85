// A send counted without proof is a state held in data, the `unconfirmed` column (decision 051), never
// recognised by the words of a note. Migration 0026 moves the sends written before it, known then only
// by their note in last_error, whichever of its two spellings they carry, into that column; after it,
// every reader (the calendar's list, « Renvoyer », the dashboard) reads the column and nothing else.
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { integrationTest } from '#tests/support/integration';
import type { TestContext } from '#tests/support/test-context';
import { dashboardSummary } from '#server/insight/dashboard';
import { listRequests, requeueUnconfirmed } from '#server/requests/service';
import { DomainError } from '#server/domain-error';
import { migrationsFolder } from './migrate';
import * as s from './schema';

/** The note as the sender wrote it first (plain spaces, straight apostrophe), then after decision 026. */
const EARLIER_NOTE = "Envoi non confirmé : la transmission a été interrompue ; l'e-mail n'a pas été renvoyé pour éviter un doublon";
const LATER_NOTE = 'Envoi non confirmé\u202f: la transmission a été interrompue\u202f; l’e-mail n’a pas été renvoyé pour éviter un doublon';

const it = integrationTest();

/** The migration's data statements (after its column exists). */
function backfillStatements(): string[] {
  const file = readFileSync(`${migrationsFolder}/0026_unconfirmed_send.sql`, 'utf8');
  const statements = file.split('--> statement-breakpoint').map((part) => part.replace(/^\s*--.*$/gm, '').trim());
  return statements.filter((statement) => /^UPDATE "shopify_review_requests"/.test(statement));
}

const sentAt = new Date(Date.now() - 2 * 86_400_000);

async function rowsOf(ctx: TestContext, ids: string[]) {
  const rows = await ctx.db
    .select({ id: s.shopifyReviewRequests.id, unconfirmed: s.shopifyReviewRequests.unconfirmed, lastError: s.shopifyReviewRequests.lastError })
    .from(s.shopifyReviewRequests)
    .where(inArray(s.shopifyReviewRequests.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, { unconfirmed: r.unconfirmed, lastError: r.lastError }]));
}

/** What the merchant is offered: the calendar's flag, the dashboard's count, and whether « Renvoyer » is refused. */
async function offered(ctx: TestContext, storeId: string, requestId: string) {
  const listed = (await listRequests(ctx.db, storeId, 1)).items.find((i) => i.id === requestId);
  const dashboard = await dashboardSummary(ctx.db, storeId, 'all');
  return { listed: listed?.unconfirmed, counted: dashboard.unconfirmed.count };
}

async function resendRefused(ctx: TestContext, storeId: string, requestId: string): Promise<boolean> {
  try {
    await requeueUnconfirmed(ctx.db, storeId, requestId);
    return false;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'request_not_resendable') return true;
    throw error;
  }
}

describe('migration 0026 on sends counted without proof before it', () => {
  it('flags the sends whose note has either spelling, and only those, and clears the note', async ({ ctx, world }) => {
    const w = await world.merchant().store();
    const earlier = await w.request({ status: 'sent', sentAt, customerName: 'Ancienne graphie' });
    const later = await w.request({ status: 'sent', sentAt, customerName: 'Graphie typographique' });
    const bounced = await w.request({ status: 'failed', failureKind: 'permanent', lastError: '550 5.1.1 <[adresse]>: Recipient address rejected' });
    const confirmed = await w.request({ status: 'sent', sentAt });
    // As before the migration: the column at its default, the state only in the note.
    await ctx.db.execute(sql`UPDATE shopify_review_requests SET unconfirmed = false WHERE shop_id = ${w.store.id}::uuid`);
    await ctx.db.update(s.shopifyReviewRequests).set({ lastError: EARLIER_NOTE }).where(eq(s.shopifyReviewRequests.id, earlier.id));
    await ctx.db.update(s.shopifyReviewRequests).set({ lastError: LATER_NOTE }).where(eq(s.shopifyReviewRequests.id, later.id));
    expect((await dashboardSummary(ctx.db, w.store.id, 'all')).unconfirmed.count).toBe(0);

    const statements = backfillStatements();
    expect(statements).toHaveLength(1);
    for (const statement of statements) await ctx.db.execute(sql.raw(statement));

    expect(await rowsOf(ctx, [earlier.id, later.id, bounced.id, confirmed.id])).toEqual({
      [earlier.id]: { unconfirmed: true, lastError: null },
      [later.id]: { unconfirmed: true, lastError: null },
      [bounced.id]: { unconfirmed: false, lastError: '550 5.1.1 <[adresse]>: Recipient address rejected' },
      [confirmed.id]: { unconfirmed: false, lastError: null },
    });
    const dashboard = await dashboardSummary(ctx.db, w.store.id, 'all');
    expect(dashboard.unconfirmed.count).toBe(2);
    expect(dashboard.unconfirmed.items.map((i) => i.customer_name).sort()).toEqual(['Ancienne graphie', 'Graphie typographique']);
    const listed = (await listRequests(ctx.db, w.store.id, 1)).items;
    expect(
      listed
        .filter((i) => i.unconfirmed)
        .map((i) => i.id)
        .sort(),
    ).toEqual([earlier.id, later.id].sort());

    // The one written with the earlier spelling is re-sendable, as any unconfirmed send.
    await requeueUnconfirmed(ctx.db, w.store.id, earlier.id);
    const [requeued] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, earlier.id));
    expect(requeued).toMatchObject({ status: 'scheduled', unconfirmed: false, sentAt: null, lastError: null });
    expect((await dashboardSummary(ctx.db, w.store.id, 'all')).unconfirmed.count).toBe(1);
  });
});

describe('the unconfirmed state', () => {
  it('is the column, whatever last_error says', async ({ ctx, world }) => {
    const w = await world.merchant().store();
    // The note's words, either spelling, without the state: a confirmed send, not offered again.
    for (const note of [EARLIER_NOTE, LATER_NOTE]) {
      const wording = await w.request({ status: 'sent', sentAt, lastError: note, unconfirmed: false });
      expect(await offered(ctx, w.store.id, wording.id)).toEqual({ listed: false, counted: 0 });
      expect(await resendRefused(ctx, w.store.id, wording.id)).toBe(true);
    }

    // The state without any words: counted, listed and re-sendable.
    const state = await w.request({ status: 'sent', sentAt, lastError: null, unconfirmed: true });
    expect(await offered(ctx, w.store.id, state.id)).toEqual({ listed: true, counted: 1 });
    expect(await resendRefused(ctx, w.store.id, state.id)).toBe(false);
    expect(await offered(ctx, w.store.id, state.id)).toEqual({ listed: false, counted: 0 });
  });

  it('is offered only while the request is sent: an opened one proved it arrived', async ({ ctx, world }) => {
    const w = await world.merchant().store();
    const opened = await w.request({ status: 'opened', sentAt, openedAt: new Date(), unconfirmed: true });
    expect(await offered(ctx, w.store.id, opened.id)).toEqual({ listed: false, counted: 0 });
    expect(await resendRefused(ctx, w.store.id, opened.id)).toBe(true);
  });
});
