import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema';
import { makeDueRequest, makeStore, type TestStore } from '../../../tests/support/factories';
import { createTestContext, type TestContext } from '../../../tests/support/test-context';
import { DomainError } from '../domain-error';
import { listReviews, searchPattern } from './reviews';

let ctx: TestContext;
let store: TestStore;
let orderNumber: string;
const base = new Date('2026-11-01T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  store = await makeStore(ctx.db);
  // 45 reviews: ratings cycle 5..1, every third with a comment, two pairs at the very same instant.
  const rows = Array.from({ length: 45 }, (_, i) => ({
    userId: store.userId,
    shopId: store.id,
    rating: 5 - (i % 5),
    customerName: `Client ${i}`,
    customerEmail: `client${i}@exemple.test`,
    comment: i % 3 === 0 ? `Commentaire ${i}` : i % 3 === 1 ? '   ' : null,
    createdAt: new Date(base.getTime() + (i === 11 ? 10 : i === 31 ? 30 : i) * 60_000),
  }));
  await ctx.db.insert(s.shopifyReviews).values(rows);
  // One review reached through its request and order, with an accented name.
  const request = await makeDueRequest(ctx.db, store, { status: 'completed' });
  const [order] = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.id, request.orderId!));
  await ctx.db.insert(s.shopifyReviews).values({
    userId: store.userId,
    shopId: store.id,
    reviewRequestId: request.id,
    rating: 4,
    customerName: 'Léa Dubois',
    customerEmail: 'Lea.Dubois@Exemple.test',
    comment: 'Très bien',
    createdAt: new Date(base.getTime() + 100 * 60_000),
  });
  orderNumber = order!.orderNumber!;
  const other = await makeStore(ctx.db);
  await ctx.db.insert(s.shopifyReviews).values({ userId: other.userId, shopId: other.id, rating: 5, customerName: 'Léa Ailleurs', createdAt: base });
});
afterAll(() => ctx.destroy());

const all = async (options: { q?: string; filter?: 'all' | '5' | '4' | '3' | 'comments' }) => {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const result = await listReviews(ctx.db, store.id, { filter: options.filter ?? 'all', q: options.q, cursor });
    seen.push(...result.items.map((r) => r.customer_name ?? ''));
    if (!result.next_cursor) break;
    cursor = result.next_cursor;
  }
  return seen;
};

describe('the reviews list', () => {
  it('pages newest first, 20 at a time, never skipping nor repeating a review (even at the same instant)', async () => {
    const first = await listReviews(ctx.db, store.id, { filter: 'all' });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ customer_name: 'Léa Dubois', order_number: orderNumber, rating: 4 });
    const names = await all({});
    expect(names).toHaveLength(46);
    expect(new Set(names).size).toBe(46);
  });

  it('filters by rating and by comment (blank ones are no comment)', async () => {
    expect(await all({ filter: '5' })).toHaveLength(9);
    expect(await all({ filter: '4' })).toHaveLength(10);
    expect(await all({ filter: 'comments' })).toHaveLength(16);
  });

  it('searches name, e-mail and order number, whatever the case and the accents', async () => {
    for (const q of ['lea', 'LÉA', 'dubois', 'lea.dubois@exemple', orderNumber, orderNumber.replace('#', '')]) {
      expect(await all({ q }), q).toEqual(['Léa Dubois']);
    }
    expect(await all({ q: 'client1@' })).toEqual(['Client 1']);
    // LIKE's wildcards are text, not patterns.
    expect(await all({ q: '%' })).toEqual([]);
    expect(searchPattern('50%_x')).toBe('%50\\%\\_x%');
  });

  it('refuses a cursor it did not make', async () => {
    await expect(listReviews(ctx.db, store.id, { filter: 'all', cursor: 'pas-un-curseur' })).rejects.toBeInstanceOf(DomainError);
  });
});
