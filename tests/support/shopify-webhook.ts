/**
 * A webhook delivery as Shopify makes it (docs/shopify/signatures.md): the exact body bytes, signed
 * with the app's secret over those bytes, and Shopify's headers. One builder for every test that
 * posts to /webhooks/shopify, so a header Shopify adds is added once.
 */
import { randomUUID } from 'node:crypto';
import { signWebhook } from '#server/shopify/hmac';

export interface DeliveryOptions {
  /** X-Shopify-Shop-Domain; null leaves the header out. */
  shop: string | null;
  topic: string;
  /** The body: sent as is when text or bytes, as JSON otherwise. */
  body: string | Uint8Array | object;
  /** The app's secret the body is signed with (ignored when `hmac` is given). */
  secret: string;
  /** X-Shopify-Webhook-Id (default: a fresh one). */
  id?: string;
  /** The signature header as given (a wrong one, say); null leaves it out. */
  hmac?: string | null;
  /** X-Shopify-Triggered-At (default: now); null leaves it out. */
  triggeredAt?: string | null;
  apiVersion?: string;
  /** Added last: they may replace any of the above. */
  headers?: Record<string, string>;
}

/** The request Shopify would send for this delivery. */
export function shopifyDelivery(o: DeliveryOptions): RequestInit {
  const raw = typeof o.body === 'string' || o.body instanceof Uint8Array ? o.body : JSON.stringify(o.body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-shopify-topic': o.topic,
    'x-shopify-webhook-id': o.id ?? randomUUID(),
    'x-shopify-api-version': o.apiVersion ?? '2026-07',
  };
  if (o.shop !== null) headers['x-shopify-shop-domain'] = o.shop;
  const triggeredAt = o.triggeredAt === undefined ? new Date().toISOString() : o.triggeredAt;
  if (triggeredAt !== null) headers['x-shopify-triggered-at'] = triggeredAt;
  const hmac = o.hmac === undefined ? signWebhook(raw, o.secret) : o.hmac;
  if (hmac !== null) headers['x-shopify-hmac-sha256'] = hmac;
  return { method: 'POST', headers: { ...headers, ...o.headers }, body: raw as BodyInit };
}

/** Anything with Hono's `request` (the app under test). */
export interface Requestable {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

/** Posts the delivery to the app's webhook endpoint (`origin` for apps that check the host). */
export function deliverWebhook(app: Requestable, o: DeliveryOptions, origin = ''): Promise<Response> {
  return Promise.resolve(app.request(`${origin}/webhooks/shopify`, shopifyDelivery(o)));
}
