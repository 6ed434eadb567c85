/**
 * What follows a store's connection, by either door (the authorization code grant of the standalone
 * site, or a first opening in the Shopify admin: decision 053): its webhooks subscribed, the storefront
 * block's data written, Shopify's orders since it left read, and Shopify's billing read afresh.
 * A failure of one step is logged and leaves the others (the diagnostic offers the repairs).
 */
import type { AppContext } from '../context';
import { syncBilling } from '../billing/sync';
import { enqueue } from '../jobs/define';
import { recordComplianceWebhooks, registerWebhooks } from '../shopify/webhook-subscriptions';
import { schedulePublish } from '../storefront/publish';
import { reconcileStoreJob } from './jobs';

export async function afterStoreConnected(ctx: AppContext, store: { id: string; updatedAt: Date }): Promise<{ activePlan: string | null }> {
  const log = ctx.log.child('store-connected');
  // Orders reach us only by webhook: subscribe now (the diagnostic offers a retry if this fails).
  try {
    const result = await registerWebhooks(ctx, store.id);
    await recordComplianceWebhooks(ctx, store.id);
    if (result.errors.length) log.warn('some webhooks were not registered', { storeId: store.id, errors: result.errors });
  } catch (error) {
    log.warn('webhook registration failed', { storeId: store.id, error: (error as Error).message });
  }
  // The storefront block reads an app-data metafield of this installation: a new installation has
  // none, so the reviews collected so far are written now rather than after the next review.
  await schedulePublish(ctx.db, store.id);
  // The orders Shopify holds since the last pass are read now, not within the hour: after a time
  // away, those paid meanwhile are asked (or not) at once, and the merchant is told which (decision 045).
  await enqueue(ctx, reconcileStoreJob, { storeId: store.id }, { dedupeKey: `connected:${store.id}:${store.updatedAt.toISOString()}` });

  // A (re)install starts from Shopify's billing as it is now, never from what was recorded before
  // (a merchant still inside a paid period keeps it; a cancelled plan stays cancelled).
  try {
    return { activePlan: (await syncBilling(ctx, store.id)).verdict.active?.name ?? null };
  } catch (error) {
    log.warn('billing read after connection failed', { storeId: store.id, error: (error as Error).message });
    return { activePlan: null };
  }
}
