// A signed delivery whose payload carries U+0000 (PostgreSQL refuses it in text and jsonb) must not
// poison its job: the order is stored without the character, and a job that fails anyway ends
// `failed` with a readable error, never stuck `running`.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import * as s from '#db/schema';
import { queryRows } from '#db/client';
import type { TestContext } from '#tests/support/test-context';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { defineJob } from '../jobs/define';
import { integrationTest } from '#tests/support/integration';

const SECRET = 'hush';
const it = integrationTest({ SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET });

/** The id of the event's job: read before it runs (a finished job's payload is emptied). */
const jobIdOfEvent = async (ctx: TestContext, eventId: string) =>
  (await queryRows<{ id: string }>(ctx.db, sql`SELECT id::text FROM jobs WHERE name = 'process-webhook' AND payload->>'eventId' = ${eventId}`))[0]!.id;
const job = async (ctx: TestContext, id: string) =>
  (await queryRows<{ status: string; attempts: number; last_error: string | null }>(ctx.db, sql`SELECT status, attempts::int, last_error FROM jobs WHERE id = ${id}`))[0];

describe('a delivery carrying U+0000', () => {
  it('stores the order without the NUL, and its job succeeds (never left running)', async ({ ctx, app, world }) => {
    const store = (await world.merchant().store()).store;
    const webhookId = randomUUID();
    const orderId = 900_000_000 + Math.floor(Math.random() * 1e8);
    // JSON.stringify writes the NUL as the escape \u0000, exactly what a delivery would carry.
    const raw = JSON.stringify({
      id: orderId,
      name: `#${orderId}`,
      email: 'lea.dubois@exemple.test',
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:05:00Z',
      processed_at: '2026-11-20T10:00:00Z',
      financial_status: 'paid',
      total_price: '10.00',
      currency: 'EUR',
      customer: { first_name: 'Lé\u0000a', last_name: 'Dubois\u0000', email: 'lea.dubois@exemple.test' },
      note: 'bonjour\u0000',
    });
    expect(raw).toContain('\\u0000');
    expect((await world.deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: raw, id: webhookId })).status).toBe(200);
    const [recorded] = await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.shopifyId, webhookId));
    const jobId = await jobIdOfEvent(ctx, recorded!.id);

    await createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();

    const after = await job(ctx, jobId);
    expect(after?.status).not.toBe('running');
    expect(after).toMatchObject({ status: 'succeeded', attempts: 1 });
    const [event] = await ctx.db.select().from(s.shopifyWebhookEvents).where(eq(s.shopifyWebhookEvents.id, recorded!.id));
    expect(event).toMatchObject({ processed: true, error: null, payload: null });
    const [order] = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopId, store.id));
    expect(order).toMatchObject({ shopifyOrderId: String(orderId), customerName: 'Léa Dubois', financialStatus: 'paid' });
  });

  it('refuses a body with a raw NUL byte with 400 (not JSON) instead of a 500 Shopify would retry', async ({ app, world }) => {
    const store = (await world.merchant().store()).store;
    const res = await world.deliver(app, { shop: store.shopDomain, topic: 'orders/paid', body: '{"id": 1, "name": "a\u0000b"}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'malformed JSON body' });
  });

  it('a job that fails on every attempt with NUL in its error ends failed with a stored, readable error', async ({ ctx, app }) => {
    // The failure text of a database error carries the query's parameters: here a NUL, and a name.
    const poison = defineJob({
      name: 'poisoned',
      payload: z.object({}),
      maxAttempts: 2,
      run: async () => {
        await ctx.db.execute(sql`SELECT ${'Lé\u0000a Dubois'}::text`);
      },
    });
    const failedLast24h = async () => ((await (await app.request('/health')).json()) as { jobs: { failedLast24h: number } }).jobs.failedLast24h;
    const failedBefore = await failedLast24h();
    const id = randomUUID();
    await ctx.db.insert(s.jobs).values({ id, name: 'poisoned', maxAttempts: 2 });
    const worker = createWorker(ctx, [poison], [], { pollIntervalMs: 10, concurrency: 1 });
    await worker.drain();
    await ctx.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`); // skip the backoff
    await worker.drain();
    const row = await job(ctx, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row!.last_error).toBeTruthy();
    expect(row!.last_error).not.toMatch(/[\u0000-\u001f]/);
    // Parameters (customer data) are not copied into the job's error.
    expect(row!.last_error).not.toContain('Dubois');
    // An operator sees it without reading the table.
    expect(await failedLast24h()).toBe(failedBefore + 1);
  });
});
