/**
 * Shopify webhook ingestion: verify the HMAC over the raw body, read the shop (the header, or for a
 * privacy topic the signed body: shopOf), refuse a delivery triggered too long ago (or in the
 * future), record it once per X-Shopify-Webhook-Id and queue its job (batched, see recorder.ts),
 * answer 200 once committed. A duplicate delivery is answered 200 and changes nothing.
 * The work runs in `process-webhook`.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createWebhookRecorder } from './recorder';
import type { AppContext } from '../context';
import { normalizeShopDomain, verifyWebhookHmac } from '../shopify/hmac';
import { COMPLIANCE_TOPICS } from '../shopify/webhook-subscriptions';
import { rawClient } from '#db/client';
import { pgErrorCode } from '#db/pg-error';

/** Deliveries are small JSON documents; anything bigger is not Shopify. */
const MAX_BODY_BYTES = 512 * 1024;

/**
 * Oldest X-Shopify-Triggered-At accepted. Shopify retries a failed delivery 8 times over 4 hours and
 * every retry carries the original trigger time; it asks apps to use that header to tell a stale
 * payload (changelog "Updates to webhook retry mechanism", 2024-09-10,
 * https://shopify.dev/changelog/updates-to-webhook-retry-mechanism). 4 h covers the last retry, plus
 * 30 min for Shopify's own queueing and our clock running ahead. Anything Shopify gave up on is read
 * back by the hourly reconciliation anyway.
 */
export const MAX_DELIVERY_AGE_MS = 4.5 * 3600_000;
/** How far in the future a trigger time may be: clock skew between Shopify and us, nothing more. */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;

/**
 * Epoch milliseconds of an X-Shopify-Triggered-At value, or null. Strict ISO 8601 with a zone, read
 * field by field: Shopify sends nanoseconds (2024-08-13T15:45:05.877041743Z), and Date.parse neither
 * promises to read those nor refuses impossible dates (it rolls 2026-02-30 over to March). A bare
 * number or a date without a time is not a trigger time.
 */
export function parseTriggeredAt(value: string | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|([+-])(\d{2}):(\d{2}))$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(local);
  const valid =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute &&
    check.getUTCSeconds() === second;
  const offsetHours = Number(m[9] ?? 0);
  const offsetMinutes = Number(m[10] ?? 0);
  if (!valid || offsetHours > 23 || offsetMinutes > 59) return null;
  const offsetMs = (m[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return local - offsetMs;
}

export function webhookRoutes(ctx: AppContext) {
  const app = new Hono();
  const log = ctx.log.child('webhooks');
  const recorder = createWebhookRecorder(rawClient(ctx.db), {
    // Once per refused write (a malformed body is the sender's mistake, logged below as a warning).
    onRefused: (error, size) => void (isInvalidJson(error) || log.error('webhook deliveries not recorded', { deliveries: size, code: pgErrorCode(error) ?? null })),
  });

  const tooLarge = (c: Context) => c.json({ error: 'payload too large' }, 413);
  const streamedLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  /**
   * The size limit. A delivery with a Content-Length (Shopify's always have one) is judged by it:
   * Node's parser reads no more than that, and the body is then read straight from the socket
   * (@hono/node-server's fast path). Hono's bodyLimit reads `c.req.raw.body`, which builds a WHATWG
   * Request and stream for the body, the largest share of the route's CPU under load (decision 027).
   * A chunked body goes through bodyLimit.
   */
  const limit: MiddlewareHandler = (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamedLimit(c, next);
    return Number(length) > MAX_BODY_BYTES ? Promise.resolve(tooLarge(c)) : next();
  };

  app.post('/shopify', limit, async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!verifyWebhookHmac(raw, c.req.header('x-shopify-hmac-sha256'), ctx.config.shopify.clientSecrets)) {
      log.warn('webhook with an invalid signature refused');
      return c.json({ error: 'invalid signature' }, 401);
    }
    const topic = c.req.header('x-shopify-topic');
    const webhookId = c.req.header('x-shopify-webhook-id');
    const shop = shopOf(topic, c.req.header('x-shopify-shop-domain'), raw);
    if ('error' in shop) {
      if (shop.error === 'mismatch') log.warn('compliance delivery whose shop header contradicts its signed body refused', { topic, webhookId });
      return c.json({ error: shop.error === 'mismatch' ? 'shop domain header does not match the body' : 'missing Shopify headers' }, 400);
    }
    const { shopDomain } = shop;
    if (!topic || !webhookId) return c.json({ error: 'missing Shopify headers' }, 400);
    if (topic.length > 100 || webhookId.length > 255) return c.json({ error: 'malformed Shopify headers' }, 400);
    // The HMAC covers the body only: the shop header, webhook id and trigger time are unsigned. A
    // freshness bound stops a captured delivery from being re-sent as is, days later; it is no proof
    // (the header can be rewritten), so process-webhook also refuses to move an order between shops.
    const triggeredAt = parseTriggeredAt(c.req.header('x-shopify-triggered-at'));
    if (triggeredAt === null) {
      log.warn('webhook without a readable X-Shopify-Triggered-At refused', { topic, shopDomain, webhookId });
      return c.json({ error: 'missing or malformed X-Shopify-Triggered-At' }, 400);
    }
    const age = Date.now() - triggeredAt;
    if (age > MAX_DELIVERY_AGE_MS) {
      log.warn('stale webhook refused', { topic, shopDomain, webhookId, ageSeconds: Math.round(age / 1000) });
      return c.json({ error: 'stale delivery' }, 400);
    }
    if (-age > MAX_FUTURE_SKEW_MS) {
      log.warn('webhook dated in the future refused', { topic, shopDomain, webhookId, aheadSeconds: Math.round(-age / 1000) });
      return c.json({ error: 'delivery dated in the future' }, 400);
    }
    // A JSON object: braces (and no raw NUL byte, never valid JSON) checked here, without a round
    // trip; well-formedness and UTF-8 by the database's json cast: no decoding, no second parse of the
    // body on the hot path. A refused body is a 400, alone in its batch. The escape \u0000 is
    // valid JSON and is dealt with by the job. The body is stored as received, less a byte-order mark.
    const body = jsonObjectBytes(raw);
    if (!body) return c.json({ error: 'malformed JSON body' }, 400);
    try {
      await recorder.record({ shopDomain, topic, webhookId, payload: body });
    } catch (error) {
      if (isInvalidJson(error)) {
        log.warn('webhook with a malformed body refused', { topic, webhookId });
        return c.json({ error: 'malformed JSON body' }, 400);
      }
      // Not recorded (the database refused it or is unreachable; logged once per write above): 503,
      // and Shopify delivers it again.
      return c.json({ error: 'not recorded, retry later' }, 503);
    }
    return c.json({ ok: true });
  });

  return app;
}

const COMPLIANCE = new Set<string>(COMPLIANCE_TOPICS);

/** JSON's whitespace: space, tab, line feed, carriage return. */
const isJsonSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/**
 * The body, without a leading UTF-8 byte-order mark, when it may be a JSON object (its first and
 * last bytes other than whitespace are braces) and holds no NUL byte; null otherwise.
 */
export function jsonObjectBytes(raw: Uint8Array): Uint8Array | null {
  const body = raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? raw.subarray(3) : raw;
  let first = 0;
  let last = body.length - 1;
  while (first <= last && isJsonSpace(body[first]!)) first++;
  while (last >= first && isJsonSpace(body[last]!)) last--;
  if (first >= last || body[first] !== 0x7b || body[last] !== 0x7d) return null;
  // Buffer's indexOf is a native memchr, much faster than a Uint8Array's includes (decision 036).
  if (Buffer.from(body.buffer, body.byteOffset, body.byteLength).indexOf(0) !== -1) return null;
  return body;
}

/**
 * The shop a delivery is about. X-Shopify-Shop-Domain, unsigned, for every topic; a privacy delivery
 * (customers/data_request, customers/redact, shop/redact) also names its shop in the signed body
 * (`shop_domain`), and Shopify has sent such deliveries without the header: the body is then the
 * shop, and a header that names another shop is refused (a replayed body must not erase another
 * shop's data). Neither naming a valid shop (Shopify's rule, core/shopify-domain.ts) is refused.
 */
function shopOf(topic: string | undefined, header: string | undefined, raw: Uint8Array): { shopDomain: string } | { error: 'missing' | 'mismatch' } {
  const fromHeader = normalizeShopDomain(header);
  if (!topic || !COMPLIANCE.has(topic)) return fromHeader ? { shopDomain: fromHeader } : { error: 'missing' };
  const fromBody = bodyShopDomain(raw);
  if (fromBody && fromHeader && fromBody !== fromHeader) return { error: 'mismatch' };
  const shopDomain = fromBody ?? fromHeader;
  return shopDomain ? { shopDomain } : { error: 'missing' };
}

/** The body's `shop_domain`, when it is a JSON object naming a valid shop (privacy bodies are a few hundred bytes). */
function bodyShopDomain(raw: Uint8Array): string | null {
  try {
    const body: unknown = JSON.parse(new TextDecoder().decode(raw));
    const value = typeof body === 'object' && body !== null ? (body as { shop_domain?: unknown }).shop_domain : undefined;
    return typeof value === 'string' ? normalizeShopDomain(value) : null;
  } catch {
    return null;
  }
}

/**
 * What the database raises for a body that is not JSON: invalid_text_representation (22P02, the json
 * cast) or character_not_in_repertoire (22021, bytes that are not UTF-8).
 */
const isInvalidJson = (error: unknown) => ['22P02', '22021'].includes(pgErrorCode(error) ?? '');
