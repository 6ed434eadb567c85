/**
 * Shopify webhook ingestion: verify the HMAC over the raw body, record the delivery once per
 * X-Shopify-Webhook-Id and queue its job (batched, see recorder.ts), answer 200 once committed.
 * A duplicate delivery is answered 200 and changes nothing. The work runs in `process-webhook`.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createWebhookRecorder } from './recorder';
import type { AppContext } from '../context';
import { normalizeShopDomain, verifyWebhookHmac } from '../shopify/hmac';
import { pgErrorCode } from '../../db/pg-error';

export { PROCESS_WEBHOOK } from './recorder';
/** Deliveries are small JSON documents; anything bigger is not Shopify. */
const MAX_BODY_BYTES = 512 * 1024;

export function webhookRoutes(ctx: AppContext) {
  const app = new Hono();
  const log = ctx.log.child('webhooks');
  const recorder = createWebhookRecorder(ctx.db);

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
    if (topic.length > 100 || webhookId.length > 255) return c.json({ error: 'malformed Shopify headers' }, 400);
    const text = new TextDecoder().decode(raw);
    // A JSON object: braces here, well-formedness checked by the database's json cast (no second
    // parse of a 5–10 KB body on the hot path). A refused body is a 400, alone in its batch.
    if (!/^\s*\{[\s\S]*\}\s*$/.test(text)) return c.json({ error: 'malformed JSON body' }, 400);
    // The body is stored as received (already validated as a JSON object above).
    try {
      await recorder.record({ shopDomain, topic, webhookId, payload: text });
    } catch (error) {
      if (isInvalidJson(error)) {
        log.warn('webhook with a malformed body refused', { topic, webhookId });
        return c.json({ error: 'malformed JSON body' }, 400);
      }
      throw error;
    }
    return c.json({ ok: true });
  });

  return app;
}

/** PostgreSQL's invalid_text_representation (22P02): what the json cast raises for a malformed body. */
const isInvalidJson = (error: unknown) => pgErrorCode(error) === '22P02';
