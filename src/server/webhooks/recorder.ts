/**
 * Records webhook deliveries in small batches: deliveries arriving within a couple of milliseconds
 * share one INSERT (and one commit, one fsync), each answered only after that commit. Under load this
 * multiplies throughput; alone, a delivery waits at most `maxWaitMs`. Durability is unchanged: a 200
 * is never sent before the delivery is committed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

export const PROCESS_WEBHOOK = 'process-webhook';

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
      // One statement: record each delivery once per webhook id, and queue a job for each new one.
      await db.execute(sql`
        WITH input(shop_domain, topic, shopify_id, payload) AS (VALUES ${sql.join(values, sql`, `)}),
        event AS (
          INSERT INTO shopify_webhook_events (shop_id, shop_domain, topic, shopify_id, payload)
          SELECT (SELECT s.id FROM shopify_stores s WHERE s.shop_domain = i.shop_domain AND s.is_active LIMIT 1),
                 i.shop_domain, i.topic, i.shopify_id, i.payload
          FROM input i
          ON CONFLICT (shopify_id) DO NOTHING
          RETURNING id
        )
        INSERT INTO jobs (name, payload, max_attempts)
        SELECT ${PROCESS_WEBHOOK}, jsonb_build_object('eventId', event.id), 8 FROM event`);
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
