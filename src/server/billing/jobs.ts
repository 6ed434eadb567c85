/** The jobs of billing. Registered in src/server/job-registry.ts. */
import { defineJob, tickPayload } from '../jobs/define';
import { resyncStaleStores } from './sync';

/**
 * Reads again the billing of connected stores not read for a day (sync.ts resyncStaleStores), so a
 * lost app_subscriptions/update or app/uninstalled heals within a day.
 */
export const syncBillingJob = defineJob({
  name: 'sync-billing',
  payload: tickPayload,
  maxAttempts: 3,
  async run(_payload, ctx) {
    const { synced, failed } = await resyncStaleStores(ctx);
    if (synced + failed > 0) ctx.log.child('billing').info('billing re-read', { synced, failed });
  },
});
