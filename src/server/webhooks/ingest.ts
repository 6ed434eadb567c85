/**
 * Shopify webhook ingestion: verify the HMAC over the raw body, record the delivery once per
 * X-Shopify-Webhook-Id, queue the work, answer 200 at once. A duplicate delivery is answered 200 and
 * changes nothing. The work itself runs in the `process-webhook` job.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { shopifyStores, shopifyWebhookEvents } from '../../db/schema';
import type { AppContext } from '../context';
import { enqueueJob } from '../jobs/queue';
import { normalizeShopDomain, verifyWebhookHmac } from '../shopify/hmac';

export const PROCESS_WEBHOOK = 'process-webhook';
/** Deliveries are small JSON documents; anything bigger is not Shopify. */
const MAX_BODY_BYTES = 512 * 1024;

export function webhookRoutes(ctx: AppContext) {
  const app = new Hono();
  const log = ctx.log.child('webhooks');

  app.post('/shopify', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'payload too large' }, 413) }), async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!verifyWebhookHmac(raw, c.req.header('x-shopify-hmac-sha256'), ctx.config.shopify.webhookSecrets)) {
      log.warn('webhook with an invalid signature refused');
      return c.json({ error: 'invalid signature' }, 401);
    }
    const topic = c.req.header('x-shopify-topic');
    const shopDomain = normalizeShopDomain(c.req.header('x-shopify-shop-domain'));
    const webhookId = c.req.header('x-shopify-webhook-id');
    if (!topic || !shopDomain || !webhookId) return c.json({ error: 'missing Shopify headers' }, 400);
    let payload: unknown;
    try {
      payload = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      log.warn('webhook with a malformed body refused', { topic, webhookId });
      return c.json({ error: 'malformed JSON body' }, 400);
    }
    if (!payload || typeof payload !== 'object') return c.json({ error: 'malformed JSON body' }, 400);

    const recorded = await ctx.db.transaction(async (tx) => {
      const [store] = await tx
        .select({ id: shopifyStores.id })
        .from(shopifyStores)
        .where(and(eq(shopifyStores.shopDomain, shopDomain), eq(shopifyStores.isActive, true)));
      const [event] = await tx
        .insert(shopifyWebhookEvents)
        .values({ shopId: store?.id ?? null, shopDomain, topic, shopifyId: webhookId, payload })
        .onConflictDoNothing({ target: shopifyWebhookEvents.shopifyId })
        .returning({ id: shopifyWebhookEvents.id });
      if (!event) return false;
      await enqueueJob(tx, PROCESS_WEBHOOK, { eventId: event.id }, { maxAttempts: 8 });
      return true;
    });
    if (!recorded) log.debug('duplicate webhook delivery ignored', { topic, webhookId });
    return c.json({ ok: true });
  });

  return app;
}

