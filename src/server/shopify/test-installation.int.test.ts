import { describe, expect } from 'vitest';
import { Browserish } from '#tests/support/http';
import { createApp } from '../app';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

type TestInstallation = { token: string; shop: string; plan_selection_url: string; emulator_shop: 'created' | 'existing' | null };

const uniqueShop = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.myshopify.com`;

async function createTestInstallation(target: ReturnType<typeof createApp>, shop: string) {
  return new Browserish(target).json<TestInstallation>('/api/shopify/test-installations', { json: { shop } });
}

describe('POST /api/shopify/test-installations and the local Shopify', () => {
  it('creates a missing test shop on the emulator, so the install does not end at "Boutique introuvable"', async ({ ctx, app }) => {
    const shop = uniqueShop('boutique-absente');
    expect(await ctx.emulator!.state.getShop(shop)).toBeNull();

    const res = await createTestInstallation(app, shop);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shop, emulator_shop: 'created' });
    expect(res.body.plan_selection_url).toContain(`token=${res.body.token}`);
    expect((await ctx.emulator!.state.getShop(shop))?.domain).toBe(shop);
    // The emulator's OAuth screen now knows the shop.
    const authorize = await app.request(`https://avis.exemple.test/_shopify/store/${shop}/admin/oauth/authorize?client_id=x`);
    expect(await authorize.text()).not.toContain('Boutique introuvable');
  });

  it('keeps an existing emulator shop as it is and says so', async ({ ctx, app }) => {
    const shop = uniqueShop('boutique-existante');
    await ctx.emulator!.state.createShop({ domain: shop, name: 'Boutique existante' });

    const res = await createTestInstallation(app, shop);
    expect(res.status).toBe(200);
    expect(res.body.emulator_shop).toBe('existing');
    expect((await ctx.emulator!.state.getShop(shop))?.name).toBe('Boutique existante');
    expect((await ctx.emulator!.state.listShops()).filter((s) => s.domain === shop)).toHaveLength(1);
  });

  it('without the emulator (real Shopify), creates the link only and says there is no local shop', async ({ ctx }) => {
    const realShopify = createApp({ ...ctx, emulator: null });
    const shop = uniqueShop('boutique-reelle');

    const res = await createTestInstallation(realShopify, shop);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shop, emulator_shop: null });
    expect(await ctx.emulator!.state.getShop(shop)).toBeNull();
  });
});
