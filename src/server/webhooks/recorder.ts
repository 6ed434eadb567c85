/**
 * Records webhook deliveries in small batches: deliveries arriving within a couple of milliseconds
 * share one transaction (one INSERT of the events, one of their `process-webhook` jobs, one commit,
 * one fsync), each answered only after that commit. Under load this multiplies throughput; alone, a
 * delivery waits at most `maxWaitMs`. Durability is unchanged: a 200 is never sent before the
 * delivery and its job are committed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { enqueueMany } from '../jobs/define';
import { processWebhookJob } from './jobs';

export interface Delivery {
  shopDomain: string;
  topic: string;
  webhookId: string;
  payload: string;
}

interface Pending extends Delivery {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createWebhookRecorder(db: Database, options: { maxBatch?: number; maxWaitMs?: number } = {}) {
  const maxBatch = options.maxBatch ?? 200;
  const maxWaitMs = options.maxWaitMs ?? 2;
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | null = null;

  async function flush() {
    timer = null;
    const batch = queue;
    queue = [];
    if (batch.length > 0) await write(batch);
  }

  async function write(batch: Pending[]): Promise<void> {
    const values: SQL[] = batch.map((d) => sql`(${d.shopDomain}, ${d.topic}, ${d.webhookId}, ${d.payload}::json)`);
    try {
      await db.transaction(async (tx) => {
        // Each delivery once per webhook id: a duplicate inserts nothing and gets no job.
        const events = await queryRows<{ id: string }>(
          tx,
          sql`WITH input(shop_domain, topic, shopify_id, payload) AS (VALUES ${sql.join(values, sql`, `)})
              INSERT INTO shopify_webhook_events (shop_id, shop_domain, topic, shopify_id, payload)
              SELECT (SELECT s.id FROM shopify_stores s WHERE s.shop_domain = i.shop_domain AND s.is_active LIMIT 1),
                     i.shop_domain, i.topic, i.shopify_id, i.payload
              FROM input i
              ON CONFLICT (shopify_id) DO NOTHING
              RETURNING id::text`,
        );
        await enqueueMany(
          tx,
          processWebhookJob,
          events.map((e) => ({ eventId: e.id })),
        );
      });
      for (const d of batch) d.resolve();
    } catch (error) {
      // One bad delivery (say a body PostgreSQL's jsonb refuses) must not fail its neighbours.
      if (batch.length > 1) await Promise.all(batch.map((d) => write([d])));
      else batch[0]!.reject(error);
    }
  }

  return {
    record(delivery: Delivery): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ ...delivery, resolve, reject });
        if (queue.length >= maxBatch) {
          if (timer) clearTimeout(timer);
          void flush();
        } else if (!timer) {
          timer = setTimeout(() => void flush(), maxWaitMs);
        }
      });
    },
  };
}
