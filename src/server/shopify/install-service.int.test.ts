import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { integrationTest } from '#tests/support/integration';
import type { TestContext } from '#tests/support/test-context';
import { testDbKind } from '#tests/support/test-db';
import { world } from '#tests/support/world';
import { unseal } from '../security/encryption';
import {
  claimInstallationToken,
  connectStore,
  consumeOAuthState,
  createInstallationToken,
  createOAuthState,
  disconnectStore,
  peekOAuthState,
  readInstallationToken,
} from './install-service';

const it = integrationTest();

async function makeUser(ctx: TestContext) {
  return (await world(ctx).merchant().account()).user.id;
}

const tokens = { accessToken: 'shpat_abc', scope: 'read_orders', expiresIn: 3600, refreshToken: 'shprt_def', refreshTokenExpiresIn: 7_776_000 };

describe('OAuth states', () => {
  it('live 15 minutes and can be used once', async ({ ctx }) => {
    const t0 = new Date('2026-11-22T10:00:00Z');
    const state = await createOAuthState(ctx.db, { userId: null, metadata: { shop_domain: 'a.myshopify.com' } }, t0);
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect((await peekOAuthState(ctx.db, state, new Date(t0.getTime() + 14 * 60_000))).stateToken).toBe(state);
    await expect(peekOAuthState(ctx.db, state, new Date(t0.getTime() + 15 * 60_000 + 1))).rejects.toMatchObject({ code: 'expired_state' });
    await expect(consumeOAuthState(ctx.db, state, new Date(t0.getTime() + 16 * 60_000))).rejects.toMatchObject({ code: 'expired_state' });

    const fresh = await createOAuthState(ctx.db, { userId: null, metadata: { shop_domain: 'a.myshopify.com' } });
    const first = await consumeOAuthState(ctx.db, fresh);
    expect(first.metadata).toEqual({ shop_domain: 'a.myshopify.com' });
    await expect(consumeOAuthState(ctx.db, fresh)).rejects.toMatchObject({ code: 'state_already_used' });
    await expect(consumeOAuthState(ctx.db, 'made-up')).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('cannot be used twice even by concurrent callbacks', async ({ ctx }) => {
    const state = await createOAuthState(ctx.db, { userId: null, metadata: { shop_domain: 'a.myshopify.com' } });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => consumeOAuthState(ctx.db, state)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('installation tokens', () => {
  it('follow the claim rules: unused and unexpired, or already claimed by the same user', async ({ ctx }) => {
    const alice = await makeUser(ctx);
    const bob = await makeUser(ctx);
    const token = await createInstallationToken(ctx.db, 'boutique.myshopify.com');
    const claimed = await claimInstallationToken(ctx.db, { token, userId: alice, planId: null });
    expect(claimed.userId).toBe(alice);
    expect((await claimInstallationToken(ctx.db, { token, userId: alice, planId: null })).userId).toBe(alice);
    const refused = (reason: string) => ({ code: 'installation_claim_refused', details: { values: { reason } } });
    await expect(claimInstallationToken(ctx.db, { token, userId: bob, planId: null })).rejects.toMatchObject(refused('used'));
    await expect(claimInstallationToken(ctx.db, { token: 'nope', userId: bob, planId: null })).rejects.toMatchObject(refused('not_found'));
    await expect(readInstallationToken(ctx.db, token, bob)).rejects.toMatchObject({ code: 'installation_used' });
    expect((await readInstallationToken(ctx.db, token, alice)).installationToken).toBe(token);

    const old = await createInstallationToken(ctx.db, 'boutique.myshopify.com', new Date(Date.now() - 2 * 3600_000));
    await expect(claimInstallationToken(ctx.db, { token: old, userId: bob, planId: null })).rejects.toMatchObject(refused('expired'));
  });

  it('let exactly one of two simultaneous claims win', async ({ ctx }) => {
    const users = await Promise.all([makeUser(ctx), makeUser(ctx)]);
    const token = await createInstallationToken(ctx.db, 'course.myshopify.com');
    const results = await Promise.allSettled(users.map((userId) => claimInstallationToken(ctx.db, { token, userId, planId: null })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toMatchObject([
      { code: 'installation_claim_refused', details: { values: { reason: 'used' } } },
    ]);
  });

  it.runIf(testDbKind === 'postgres')('let one claim win across connections', async ({ ctx }) => {
    const other = await ctx.testDb.openAnother();
    const users = await Promise.all([makeUser(ctx), makeUser(ctx), makeUser(ctx), makeUser(ctx)]);
    const token = await createInstallationToken(ctx.db, 'course2.myshopify.com');
    const results = await Promise.allSettled(users.map((userId, i) => claimInstallationToken(i % 2 ? other.db : ctx.db, { token, userId, planId: null })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('connecting a store', () => {
  const key = randomBytes(32);

  it('seals the tokens, refuses a second shop on one account, and reconnects the same shop', async ({ ctx }) => {
    const userId = await makeUser(ctx);
    const store = await connectStore(ctx.db, key, { userId, shopDomain: 'lumiere-1.myshopify.com', shopName: 'Lumière', tokens });
    expect(store.accessToken).not.toContain('shpat');
    expect(unseal(key, store.accessToken!)).toBe('shpat_abc');
    expect(unseal(key, store.refreshToken!)).toBe('shprt_def');
    expect(store.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());

    await expect(connectStore(ctx.db, key, { userId, shopDomain: 'autre.myshopify.com', shopName: null, tokens })).rejects.toMatchObject({ code: 'store_already_connected' });
    const again = await connectStore(ctx.db, key, { userId, shopDomain: 'lumiere-1.myshopify.com', shopName: 'Lumière', tokens: { ...tokens, accessToken: 'shpat_new' } });
    expect(again.id).toBe(store.id);
    expect(unseal(key, again.accessToken!)).toBe('shpat_new');

    expect(await disconnectStore(ctx.db, userId, store.id)).toEqual({ id: store.id });
    const [gone] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id));
    expect(gone).toMatchObject({ isActive: false });
    expect(gone!.uninstalledAt).toBeInstanceOf(Date);
    // Now another shop may be connected.
    await expect(connectStore(ctx.db, key, { userId, shopDomain: 'autre.myshopify.com', shopName: null, tokens })).resolves.toBeTruthy();
  });

  it('gives a newly installed store the spec’s default flow, once; a reconnect keeps the merchant’s choice', async ({ ctx }) => {
    const userId = await makeUser(ctx);
    const flowsOf = (storeId: string) => ctx.db.select().from(s.flowConfigurations).where(eq(s.flowConfigurations.shopId, storeId));
    const store = await connectStore(ctx.db, key, { userId, shopDomain: `defaut-${userId.slice(0, 8)}.myshopify.com`, shopName: null, tokens });
    const [flow] = await flowsOf(store.id);
    expect(flow).toMatchObject({
      name: 'Nouveau flux',
      triggerEvent: 'order_fulfilled',
      delayDays: 3,
      channels: { email: true, whatsapp: false },
      targetAllOrders: true,
      minimumOrderAmount: '0.00',
      isActive: true,
    });
    // Reconnecting the installed store adds nothing, even after the merchant deleted every flow.
    await connectStore(ctx.db, key, { userId, shopDomain: store.shopDomain, shopName: null, tokens });
    expect(await flowsOf(store.id)).toHaveLength(1);
    await ctx.db.delete(s.flowConfigurations).where(eq(s.flowConfigurations.shopId, store.id));
    await connectStore(ctx.db, key, { userId, shopDomain: store.shopDomain, shopName: null, tokens });
    expect(await flowsOf(store.id)).toHaveLength(0);
    // A reinstall after an uninstall starts again with the default flow.
    await disconnectStore(ctx.db, userId, store.id);
    const reinstalled = await connectStore(ctx.db, key, { userId, shopDomain: store.shopDomain, shopName: null, tokens });
    expect(reinstalled.id).toBe(store.id);
    expect(await flowsOf(store.id)).toHaveLength(1);
  });

  it('never moves a shop active on another account; once uninstalled there, it moves', async ({ ctx, world }) => {
    const first = await makeUser(ctx);
    const second = await makeUser(ctx);
    const a = await connectStore(ctx.db, key, { userId: first, shopDomain: 'partagee.myshopify.com', shopName: null, tokens });
    await world.at(a).suppress('partie@exemple.test');
    await expect(connectStore(ctx.db, key, { userId: second, shopDomain: 'partagee.myshopify.com', shopName: null, tokens })).rejects.toMatchObject({
      code: 'shop_owned_by_another_account',
    });
    const [still] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, a.id));
    expect(still).toMatchObject({ isActive: true, userId: first });
    // The shop's owner uninstalls the app on Shopify (app/uninstalled deactivates it), then reinstalls.
    await ctx.db.update(s.shopifyStores).set({ isActive: false, uninstalledAt: new Date() }).where(eq(s.shopifyStores.id, a.id));
    const b = await connectStore(ctx.db, key, { userId: second, shopDomain: 'partagee.myshopify.com', shopName: null, tokens });
    const [old] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, a.id));
    expect(old!.isActive).toBe(false);
    // Its unsubscribed customers stay unsubscribed under the new account.
    const carried = await ctx.db.select().from(s.emailSuppressions).where(eq(s.emailSuppressions.shopId, b.id));
    expect(carried.map((x) => x.email)).toEqual(['partie@exemple.test']);
  });
});
