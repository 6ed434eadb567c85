import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema';
import { createTestContext, type TestContext } from '../../../tests/support/test-context';
import { verifyPassword } from '../auth/password';
import { DEMO_ACCOUNT, seedDemo } from './seed-demo';
import { connectDemoShop } from './connect-demo-shop';
import { unseal } from '../security/encryption';
import { storeAccessToken } from '../shopify/store-tokens';
import { sql } from 'drizzle-orm';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.destroy());

describe('demo data', () => {
  it('creates a living demo merchant once', async () => {
    const first = await seedDemo(ctx.db);
    expect(first.created).toBe(true);
    const again = await seedDemo(ctx.db);
    expect(again).toEqual({ created: false, userId: first.userId, storeId: first.storeId });

    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, first.storeId));
    expect(store).toMatchObject({ shopDomain: DEMO_ACCOUNT.shopDomain, isActive: true, subscriptionStatus: 'active' });
    const requests = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopId, first.storeId));
    const reviews = await ctx.db.select().from(s.shopifyReviews).where(eq(s.shopifyReviews.shopId, first.storeId));
    expect(requests).toHaveLength(40);
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(['scheduled', 'sent', 'failed', 'completed']));
    expect(new Set(requests.map((r) => r.token)).size).toBe(40);
    expect(reviews.length).toBeGreaterThan(10);
    expect(reviews.every((r) => r.isPublished === r.rating >= 4)).toBe(true);
    const actions = await ctx.db.select().from(s.ratingActions).where(eq(s.ratingActions.shopifyStoreId, first.storeId));
    expect(actions.sort((a, b) => b.rating - a.rating).map((a) => a.actionType)).toEqual(['redirect', 'redirect', 'collect_feedback', 'collect_feedback', 'notify_email']);

    const [account] = await ctx.db.select().from(s.account).where(eq(s.account.userId, first.userId));
    expect(await verifyPassword(account!.password!, DEMO_ACCOUNT.password)).toBe(true);
    expect(await verifyPassword(account!.password!, 'wrong-password')).toBe(false);
  });

  it('installs the demo store on the emulator once, with sealed tokens that work', async () => {
    expect(await connectDemoShop(ctx)).toBe(true);
    expect(await connectDemoShop(ctx)).toBe(false);
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, DEMO_ACCOUNT.shopDomain));
    const token = unseal(ctx.config.encryptionKey, store!.accessToken!);
    const data = await ctx.shopify.graphql<{ shop: { myshopifyDomain: string } }>(DEMO_ACCOUNT.shopDomain, token, '{ shop { myshopifyDomain } }');
    expect(data.shop.myshopifyDomain).toBe(DEMO_ACCOUNT.shopDomain);
  });

  it('refreshes an expiring token before use, rotating the refresh token, and the new one works', async () => {
    const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, DEMO_ACCOUNT.shopDomain));
    const before = unseal(ctx.config.encryptionKey, store!.accessToken!);
    expect((await storeAccessToken(ctx, store!.id)).accessToken).toBe(before);

    await ctx.db.execute(sql`UPDATE shopify_stores SET access_token_expires_at = now() + interval '1 minute' WHERE id = ${store!.id}`);
    const refreshed = await storeAccessToken(ctx, store!.id);
    expect(refreshed.accessToken).not.toBe(before);
    const [after] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store!.id));
    expect(after!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(unseal(ctx.config.encryptionKey, after!.refreshToken!)).not.toBe(unseal(ctx.config.encryptionKey, store!.refreshToken!));
    const data = await ctx.shopify.graphql<{ shop: { name: string } }>(DEMO_ACCOUNT.shopDomain, refreshed.accessToken, '{ shop { name } }');
    expect(data.shop.name).toBe(DEMO_ACCOUNT.shopName);
  });
});
