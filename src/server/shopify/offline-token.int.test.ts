// The embedded door's offline token against the local Shopify (offline-token.ts, docs/shopify/session-tokens.md §5):
// a token exchange only when no stored token works or the scopes changed, never two at once for a shop.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { shopifyStores } from '#db/schema';
import { integrationTest } from '#tests/support/integration';
import type { TestContext } from '#tests/support/test-context';
import { unseal } from '../security/encryption';
import { SHOP_DETAILS } from './admin-documents';
import { SessionTokenExchangeError, ensureOfflineToken } from './offline-token';
import { sessionTokenClaims, signSessionToken } from './session-token';

const it = integrationTest();

/** A shop of the local Shopify, the app not installed yet. */
async function newShop(ctx: TestContext): Promise<string> {
  const shop = `admin-${randomUUID().slice(0, 8)}.myshopify.com`;
  await ctx.emulator!.state.createShop({ domain: shop, name: 'Boutique du cadre' });
  return shop;
}

const grants = async (ctx: TestContext, shop: string, grant: string) => (await ctx.emulator!.state.listTokens(shop)).filter((t) => t.grant === grant).length;
const exchanges = (ctx: TestContext, shop: string) => grants(ctx, shop, 'token_exchange');
const sessionToken = (ctx: TestContext, shop: string) => ctx.emulator!.state.sessionToken(shop);
const storeRow = async (ctx: TestContext, id: string) => (await ctx.db.select().from(shopifyStores).where(eq(shopifyStores.id, id)))[0]!;

describe('ensureOfflineToken', () => {
  it('exchanges the session token of a store with no token, stores it sealed, then keeps using it', async ({ ctx, world }) => {
    const shop = await newShop(ctx);
    const { store } = await world.merchant().store({ shopDomain: shop });

    const first = await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop));
    expect(first).toMatchObject({ kind: 'ready', storeId: store.id, shop, obtained: 'exchanged' });
    if (first.kind !== 'ready') throw new Error('unreachable');
    const row = await storeRow(ctx, store.id);
    expect(unseal(ctx.config.encryptionKey, row.accessToken!)).toBe(first.accessToken);
    expect(row.accessToken).not.toContain(first.accessToken);
    expect(row.refreshToken).not.toBeNull();
    expect(row.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(row.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect(row.scope).toBe(ctx.config.shopify.scopes);
    // Shopify-managed installation: the exchange installed the app on the shop.
    expect((await ctx.emulator!.state.getShop(shop))!.installed).toBe(true);
    expect((await ctx.shopify.graphql(shop, first.accessToken, SHOP_DETAILS)).shop.name).toBe('Boutique du cadre');

    // A second load: the stored token works, no new token (it would revoke the first).
    const second = await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop));
    expect(second).toEqual({ kind: 'ready', storeId: store.id, shop, accessToken: first.accessToken, obtained: 'stored' });
    expect(await exchanges(ctx, shop)).toBe(1);
  });

  it('answers not_installed with live tokens for a shop with no active store, creating nothing', async ({ ctx }) => {
    const shop = await newShop(ctx);
    const result = await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop));
    expect(result).toMatchObject({ kind: 'not_installed', shop, tokens: { scope: ctx.config.shopify.scopes, expiresIn: 3600 } });
    if (result.kind !== 'not_installed') throw new Error('unreachable');
    expect(result.tokens.refreshToken).toMatch(/^shprt_/);
    expect((await ctx.shopify.graphql(shop, result.tokens.accessToken, SHOP_DETAILS)).shop.name).toBe('Boutique du cadre');
    expect(await ctx.db.select().from(shopifyStores).where(eq(shopifyStores.shopDomain, shop))).toEqual([]);
  });

  it('exchanges once when the stored scopes are not the configured ones', async ({ ctx, world }) => {
    const shop = await newShop(ctx);
    const { store } = await world.merchant().store({ shopDomain: shop });
    await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop));
    await ctx.db.update(shopifyStores).set({ scope: 'read_orders' }).where(eq(shopifyStores.id, store.id));

    expect(await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop))).toMatchObject({ kind: 'ready', obtained: 'exchanged' });
    expect((await storeRow(ctx, store.id)).scope).toBe(ctx.config.shopify.scopes);
    expect(await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop))).toMatchObject({ kind: 'ready', obtained: 'stored' });
    expect(await exchanges(ctx, shop)).toBe(2);
  });

  it('refreshes a token due for renewal rather than exchanging', async ({ ctx, world }) => {
    const shop = await newShop(ctx);
    const { store } = await world.merchant().store({ shopDomain: shop });
    const exchanged = await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop));
    await ctx.db
      .update(shopifyStores)
      .set({ accessTokenExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(shopifyStores.id, store.id));

    const refreshed = await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop));
    expect(refreshed).toMatchObject({ kind: 'ready', obtained: 'refreshed' });
    if (refreshed.kind !== 'ready' || exchanged.kind !== 'ready') throw new Error('unreachable');
    expect(refreshed.accessToken).not.toBe(exchanged.accessToken);
    expect(unseal(ctx.config.encryptionKey, (await storeRow(ctx, store.id)).accessToken!)).toBe(refreshed.accessToken);
    expect(await grants(ctx, shop, 'refresh_token')).toBe(1);
    expect(await exchanges(ctx, shop)).toBe(1);
  });

  it('exchanges when Shopify refuses the refresh token, or the stored one has expired or is missing', async ({ ctx, world }) => {
    const shop = await newShop(ctx);
    const { store } = await world.merchant().store({ shopDomain: shop });
    await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop));
    const due = new Date(Date.now() + 60_000);

    // Refused: Shopify revoked it.
    const [live] = (await ctx.emulator!.state.listTokens(shop)).filter((t) => !t.revokedAt);
    await ctx.emulator!.state.revokeToken(live!.refreshToken!);
    await ctx.db.update(shopifyStores).set({ accessTokenExpiresAt: due }).where(eq(shopifyStores.id, store.id));
    expect(await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop))).toMatchObject({ kind: 'ready', obtained: 'exchanged' });
    expect(await grants(ctx, shop, 'refresh_token')).toBe(0);
    expect(await exchanges(ctx, shop)).toBe(2);

    // Expired here: not even tried.
    await ctx.db
      .update(shopifyStores)
      .set({ accessTokenExpiresAt: due, refreshTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(shopifyStores.id, store.id));
    expect(await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop))).toMatchObject({ kind: 'ready', obtained: 'exchanged' });

    // None at all.
    await ctx.db.update(shopifyStores).set({ accessTokenExpiresAt: due, refreshToken: null }).where(eq(shopifyStores.id, store.id));
    expect(await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop))).toMatchObject({ kind: 'ready', obtained: 'exchanged' });
    expect(await grants(ctx, shop, 'refresh_token')).toBe(0);
    expect(await exchanges(ctx, shop)).toBe(4);
  });

  it('refuses an expired, forged or other shop’s session token with a typed error, asking Shopify nothing', async ({ ctx, world }) => {
    const shop = await newShop(ctx);
    await world.merchant().store({ shopDomain: shop });
    const other = await newShop(ctx);
    const refusal = (token: Promise<string> | string) =>
      Promise.resolve(token)
        .then((t) => ensureOfflineToken(ctx, shop, t))
        .then(
          () => null,
          (error: unknown) => (error instanceof SessionTokenExchangeError ? error.reason : error),
        );

    expect(await refusal(ctx.emulator!.state.sessionToken(shop, { fault: 'expired' }))).toBe('expired');
    expect(await refusal(ctx.emulator!.state.sessionToken(shop, { fault: 'not_yet_valid' }))).toBe('not_yet_valid');
    expect(await refusal(ctx.emulator!.state.sessionToken(shop, { fault: 'wrong_audience' }))).toBe('audience');
    expect(await refusal(ctx.emulator!.state.sessionToken(shop, { fault: 'wrong_signature' }))).toBe('signature');
    expect(await refusal('not-a-token')).toBe('malformed');
    expect(await refusal(sessionToken(ctx, other))).toBe('wrong_shop');
    expect(await exchanges(ctx, shop)).toBe(0);
    expect(await exchanges(ctx, other)).toBe(0);
  });

  it('reports Shopify’s invalid_subject_token as a typed refusal, keeping the stored token', async ({ ctx, world }) => {
    const shop = await newShop(ctx);
    // Expired 5 s ago: within our 10 s of clock tolerance, past Shopify's own clock.
    const claims = sessionTokenClaims({ shop, apiKey: ctx.config.shopify.apiKey, now: Date.now() - 65_000 });
    const token = signSessionToken(claims, ctx.config.shopify.apiSecret);
    await expect(ensureOfflineToken(ctx, shop, token)).rejects.toEqual(new SessionTokenExchangeError('refused_by_shopify'));

    const { store } = await world.merchant().store({ shopDomain: shop });
    await ensureOfflineToken(ctx, shop, await sessionToken(ctx, shop));
    await ctx.db.update(shopifyStores).set({ scope: 'read_orders' }).where(eq(shopifyStores.id, store.id));
    const before = await storeRow(ctx, store.id);
    await expect(ensureOfflineToken(ctx, shop, token)).rejects.toMatchObject({ reason: 'refused_by_shopify' });
    expect((await storeRow(ctx, store.id)).accessToken).toBe(before.accessToken);
  });

  it('exchanges once for two loads at once, both getting the live token', async ({ ctx, world }) => {
    const shop = await newShop(ctx);
    const { store } = await world.merchant().store({ shopDomain: shop });
    const [t1, t2] = await Promise.all([sessionToken(ctx, shop), sessionToken(ctx, shop)]);
    const [a, b] = await Promise.all([ensureOfflineToken(ctx, shop, t1), ensureOfflineToken(ctx, shop, t2)]);
    expect(await exchanges(ctx, shop)).toBe(1);
    if (a.kind !== 'ready' || b.kind !== 'ready') throw new Error('both should be ready');
    expect(a.accessToken).toBe(b.accessToken);
    expect(unseal(ctx.config.encryptionKey, (await storeRow(ctx, store.id)).accessToken!)).toBe(a.accessToken);
    expect((await ctx.shopify.graphql(shop, a.accessToken, SHOP_DETAILS)).shop.name).toBe('Boutique du cadre');

    // The same when the scopes changed: one exchange, one live token.
    await ctx.db.update(shopifyStores).set({ scope: 'read_orders' }).where(eq(shopifyStores.id, store.id));
    const tokens = await Promise.all([1, 2, 3].map(() => sessionToken(ctx, shop)));
    const again = await Promise.all(tokens.map((t) => ensureOfflineToken(ctx, shop, t)));
    expect(await exchanges(ctx, shop)).toBe(2);
    expect(new Set(again.map((r) => (r.kind === 'ready' ? r.accessToken : null))).size).toBe(1);
  });

  it('exchanges once for two processes at once: the lock, then the re-check', async ({ ctx, world }) => {
    const shop = await newShop(ctx);
    const { store } = await world.merchant().store({ shopDomain: shop });
    // Another process: its own context (no shared promise), the same database and Shopify.
    const elsewhere: TestContext = { ...ctx };
    const [t1, t2] = await Promise.all([sessionToken(ctx, shop), sessionToken(ctx, shop)]);
    const results = await Promise.all([ensureOfflineToken(ctx, shop, t1), ensureOfflineToken(elsewhere, shop, t2)]);
    expect(results.map((r) => (r.kind === 'ready' ? r.obtained : r.kind)).sort()).toEqual(['exchanged', 'stored']);
    expect(await exchanges(ctx, shop)).toBe(1);
    const live = unseal(ctx.config.encryptionKey, (await storeRow(ctx, store.id)).accessToken!);
    expect(results.every((r) => r.kind === 'ready' && r.accessToken === live)).toBe(true);
  });
});
