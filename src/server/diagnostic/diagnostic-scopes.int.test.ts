// The diagnostic's token step names a scope the app asks that the store's token lacks (decision 043):
// a shop installed before the storefront's app proxy holds a token without write_app_proxy, which
// Shopify needs to forward « Voir plus »; reconnecting grants it, as the app's own check at the next
// opening does (scopesCover).
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { connectDemoShop } from '../demo/connect-demo-shop';
import { seedDemo } from '../demo/seed-demo';
import { missingScopes, scopesCover } from '../shopify/install-service';
import { runDiagnostic } from './diagnostic';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

let storeId: string;
let userId: string;

it.beforeAll(async ({ ctx }) => {
  storeId = (await seedDemo(ctx.db)).storeId;
  await connectDemoShop(ctx);
  const [store] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
  userId = store!.userId;
});

describe('the diagnostic and the scopes the app asks', () => {
  it('passes the token step when the token holds every scope the app asks', async ({ ctx }) => {
    expect((await runDiagnostic(ctx, userId)).checks!.token).toEqual({ status: 'success', http_status: null, failure: null, missing_scopes: [] });
  });

  it('fails the token step with the scope a token from before the app proxy lacks, while the other checks still run', async ({ ctx }) => {
    await ctx.db.update(s.shopifyStores).set({ scope: 'read_orders,read_fulfillments' }).where(eq(s.shopifyStores.id, storeId));
    const { checks } = await runDiagnostic(ctx, userId);
    expect(checks!.token).toEqual({ status: 'error', http_status: null, failure: null, missing_scopes: ['write_app_proxy'] });
    expect(checks!.orders.status).not.toBe('error');
    // The app's own check agrees: the next opening of the app runs OAuth for it.
    expect(scopesCover('read_orders,read_fulfillments', ctx.config.shopify.scopes)).toBe(false);
  });

  it('counts a write scope as granting its read scope, as Shopify does', () => {
    expect(missingScopes('write_orders,read_fulfillments,write_app_proxy', 'read_orders,read_fulfillments,write_app_proxy')).toEqual([]);
    expect(missingScopes('read_orders', 'read_orders,read_fulfillments,write_app_proxy')).toEqual(['read_fulfillments', 'write_app_proxy']);
  });
});
