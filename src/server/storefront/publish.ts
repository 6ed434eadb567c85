/**
 * Keeps the storefront's app-data metafield (decision 028): after each review, each hide or show and
 * each erasure, `publish-storefront` is enqueued, debounced to one job per store and 10-second window;
 * when it runs it reads the store's reviews as they are then and writes them with metafieldsSet on
 * the app's installation (owner: currentAppInstallation.id), which the theme app extension reads as
 * `app.metafields.avis_clients.storefront` without any request of its own.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { STOREFRONT_METAFIELD } from '#core/storefront';
import type { Queryable } from '#db/client';
import { jobs, shopifyStores } from '#db/schema';
import type { AppContext } from '../context';
import { defineJob, enqueue } from '../jobs/define';
import { APP_INSTALLATION_ID, SET_APP_METAFIELDS } from '../shopify/admin-documents';
import { answered } from '../shopify/facade';
import { storeAccessToken } from '../shopify/store-tokens';
import { metafieldValue } from './metafield-value';
import { storefrontSnapshot } from './snapshot';

/** The debounce window: every change inside one window is published by one job at its end. */
export const PUBLISH_WINDOW_MS = 10_000;

export class StorefrontPublishError extends Error {}

/** Writes the store's storefront metafield now. Returns false when the store has no installation to write to. */
export async function publishStorefront(ctx: AppContext, storeId: string, now = new Date()): Promise<boolean> {
  const [store] = await ctx.db.select({ active: shopifyStores.isActive, token: shopifyStores.accessToken }).from(shopifyStores).where(eq(shopifyStores.id, storeId));
  if (!store?.active || !store.token) return false;
  const { shop, accessToken } = await storeAccessToken(ctx, storeId, now);
  const snapshot = await storefrontSnapshot(ctx, storeId, now);
  const installation = await ctx.shopify.graphql(shop, accessToken, APP_INSTALLATION_ID);
  const result = await ctx.shopify.graphql(shop, accessToken, SET_APP_METAFIELDS, {
    // Measured before it is sent: within Shopify's 128 KB for a json metafield (metafield-value.ts).
    metafields: [{ ownerId: installation.currentAppInstallation.id, ...STOREFRONT_METAFIELD, value: metafieldValue(snapshot) }],
  });
  const errors = answered(result.metafieldsSet, 'metafieldsSet').userErrors;
  if (errors.length > 0) throw new StorefrontPublishError(errors.map((e) => `${e.code ?? ''} ${e.message}`.trim()).join('; '));
  return true;
}

export const publishStorefrontJob = defineJob({
  name: 'publish-storefront',
  payload: z.object({ storeId: z.guid() }),
  maxAttempts: 8,
  async run({ storeId }, ctx) {
    const written = await publishStorefront(ctx, storeId);
    if (!written) ctx.log.child('storefront').info('storefront not published: store not installed', { storeId });
  },
});

/**
 * Asks for the store's metafield to be written again at the end of the current window (with the
 * caller's transaction when given one): any number of changes in a window make one write, which
 * reads the database when it runs, after them.
 */
export async function schedulePublish(db: Queryable, storeId: string, now = new Date()): Promise<void> {
  const first = Math.floor(now.getTime() / PUBLISH_WINDOW_MS);
  const key = (w: number) => `publish-storefront:${storeId}:${w}`;
  // A window's job that started already (a worker ahead of this clock, a slow commit) may have read
  // the database before this change: the next window's job writes it.
  for (let window = first; window < first + 50; window++) {
    const queued = await enqueue(db, publishStorefrontJob, { storeId }, { dedupeKey: key(window), runAt: new Date((window + 1) * PUBLISH_WINDOW_MS) });
    if (queued) return;
    const [existing] = await db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.dedupeKey, key(window)));
    if (existing?.status === 'queued') return;
  }
}
