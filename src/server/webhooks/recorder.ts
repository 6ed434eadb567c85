/**
 * Records webhook deliveries with a group commit: deliveries that arrive while a batch is being
 * written wait for it and then share the next statement (the events and their `process-webhook`
 * jobs: one commit, one WAL flush), and each is answered only after that commit. Nothing waits on a
 * clock: a delivery arriving when nothing is being written goes at the end of the current turn of
 * the event loop (together with whatever else arrived in it), and under load the batch is whatever
 * came in during the previous write. Durability is the same as one commit
 * per delivery: a 200 is never sent before the delivery and its job are committed.
 *
 * One batch is written at a time, on both engines. PGlite runs one statement at a time anyway. On
 * PostgreSQL a second write at once was meant to overlap one statement's WAL flush with the next
 * one's execution; measured, it halves the batches and each statement's fixed cost (parse, plan,
 * commit) then weighs twice per delivery (decision 036; bench/results/decision-036-webhook-intake.md).
 */
import type { z } from 'zod';
import type { RawClient } from '#db/client';
import { pgErrorCode } from '#db/pg-error';
import { processWebhookJob } from './jobs';

/** The one key of the process-webhook payload, written by the SQL below: a rename of it fails to compile here. */
const PAYLOAD_KEY = 'eventId' satisfies keyof z.input<typeof processWebhookJob.payload>;

export interface Delivery {
  shopDomain: string;
  topic: string;
  webhookId: string;
  /** The body as received: UTF-8 JSON text, stored as it is (checked by the database's json cast). */
  payload: Uint8Array;
}

interface Pending extends Delivery {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Most deliveries in one statement (4 parameters each, far under PostgreSQL's 65,535). */
const MAX_BATCH = 500;

export interface RecorderOptions {
  /** Told once per write the database refused (with the number of deliveries it rejects). */
  onRefused?: (error: unknown, size: number) => void;
}

/**
 * Whether the database refused the batch because of one of its rows, so that the others can be
 * written alone: data exceptions (22: a body the json cast refuses), integrity violations (23) and
 * program limits (54: a key too long for its index). Anything else (a lost connection, a database
 * shutting down) would fail each row alike: the batch fails as a whole, without one statement per row.
 */
const isRowError = (error: unknown) => ['22', '23', '54'].includes(pgErrorCode(error)?.slice(0, 2) ?? '');

/** `client`: the driver under the app's database (`rawClient`), which the statement below is written for. */
export function createWebhookRecorder(client: RawClient, options: RecorderOptions = {}) {
  const queue: Pending[] = [];
  let writing = false;
  let scheduled = false;

  /** Writes what is queued at the end of this turn of the event loop, unless a batch is being written. */
  function schedule() {
    if (scheduled || writing || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  }

  function flush() {
    // schedule() saw nothing being written and something queued, and since then nothing has
    // started a write or emptied the queue.
    scheduled = false;
    const batch = queue.splice(0, MAX_BATCH);
    writing = true;
    void write(batch).finally(() => {
      writing = false;
      schedule();
    });
  }

  async function write(batch: Pending[]): Promise<void> {
    try {
      await insert(batch);
    } catch (error) {
      if (batch.length > 1 && isRowError(error)) {
        // One bad delivery must not fail its neighbours: each is written (and answered) alone.
        await Promise.all(batch.map((d) => write([d])));
        return;
      }
      options.onRefused?.(error, batch.length);
      for (const d of batch) d.reject(error);
      return;
    }
    for (const d of batch) d.resolve();
  }

  /**
   * One statement (one round trip, one commit): record each delivery once per webhook id (a replay,
   * in this batch or an earlier one, inserts nothing), and queue the typed process-webhook job for
   * each new one. One parameter per value, not arrays: node-postgres escapes every quote of an array
   * element, and JSON bodies are mostly quotes. The job's payload is built in SQL because the event
   * ids exist only inside the statement; its shape is the job's (checked at compile time above, and
   * by the worker against the job's schema before it runs). The text is written here and sent to the
   * driver as it is: building a statement of a few hundred parameters through drizzle cost the server
   * a measurable share of its CPU per delivery (decision 036).
   */
  function insert(batch: Delivery[]) {
    const values: unknown[] = [];
    const rows = batch.map((d) => {
      const at = values.push(d.shopDomain, d.topic, d.webhookId, d.payload);
      return `($${at - 3}, $${at - 2}, $${at - 1}, $${at}::json)`;
    });
    const at = values.push(processWebhookJob.name, PAYLOAD_KEY, processWebhookJob.maxAttempts);
    return client.query(
      `WITH input(shop_domain, topic, shopify_id, payload) AS (VALUES ${rows.join(', ')}),
      event AS (
        INSERT INTO shopify_webhook_events (shop_id, shop_domain, topic, shopify_id, payload)
        SELECT (SELECT s.id FROM shopify_stores s WHERE s.shop_domain = i.shop_domain AND s.is_active LIMIT 1),
               i.shop_domain, i.topic, i.shopify_id, i.payload
        FROM input i
        ON CONFLICT (shopify_id) DO NOTHING
        RETURNING id
      )
      INSERT INTO jobs (name, payload, max_attempts)
      SELECT $${at - 2}, jsonb_build_object($${at - 1}::text, event.id), $${at}::int FROM event`,
      values,
    );
  }

  return {
    /** Resolves once the delivery (and its job, when it is new) is committed; rejects with the database's error otherwise. */
    record(delivery: Delivery): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ ...delivery, resolve, reject });
        schedule();
      });
    },
  };
}
