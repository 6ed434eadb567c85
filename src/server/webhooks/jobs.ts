/**
 * The jobs of webhook intake and order reconciliation. Registered in src/server/job-registry.ts.
 */
import { z } from 'zod';
import { defineJob, enqueue, tickKey, tickPayload } from '../jobs/define';
import { processWebhookEvent } from './process';
import { reconcileStore, storesToReconcile } from './reconcile';

/** One recorded delivery to apply (enqueued by the recorder with the event's row). */
export const processWebhookJob = defineJob({
  name: 'process-webhook',
  payload: z.object({ eventId: z.guid() }),
  maxAttempts: 8,
  run: ({ eventId }, ctx) => processWebhookEvent(ctx, eventId),
});

/** One store's reconciliation pass. */
export const reconcileStoreJob = defineJob({
  name: 'reconcile-store',
  payload: z.object({ storeId: z.guid() }),
  maxAttempts: 3,
  async run({ storeId }, ctx) {
    const seen = await reconcileStore(ctx, storeId);
    ctx.log.child('reconcile').info('orders reconciled', { storeId, orders: seen });
  },
});

/** Hourly tick: one reconcile-store job per store (deduplicated per hour, so several workers enqueue it once). */
export const reconcileOrdersJob = defineJob({
  name: 'reconcile-orders',
  payload: tickPayload,
  maxAttempts: 3,
  async run(_payload, ctx) {
    const now = new Date();
    for (const storeId of await storesToReconcile(ctx)) {
      await enqueue(ctx, reconcileStoreJob, { storeId }, { dedupeKey: tickKey(`${reconcileStoreJob.name}:${storeId}`, 3600, now) });
    }
  },
});
