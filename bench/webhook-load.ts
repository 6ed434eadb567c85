/**
 * Load generator for the webhook case, run as its own process so it does not share the server's
 * event loop: signed orders/paid deliveries of 5–10 KB, each with a new webhook id. The bare Hono
 * baseline gets the very same requests. Each of the 64 bodies is signed once, up front: signing every
 * request would charge the generator, which shares the machine's cores with the server measured.
 * Usage: tsx bench/webhook-load.ts <url> <shop> <secret> <seconds> <connections>
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { signWebhook } from '#server/shopify/hmac';

const [url, shop, secret, seconds, connections] = process.argv.slice(2) as [string, string, string, string, string];

/** A realistic orders/paid body: line items, addresses, a note; 5 to 10 KB. */
export function orderBody(i: number): string {
  const lines = Array.from({ length: 10 + (i % 10) }, (_, n) => ({
    id: 1000 + n,
    admin_graphql_api_id: `gid://shopify/LineItem/${1000 + n}`,
    title: `Bougie parfumée n°${n}`,
    quantity: 1 + (n % 3),
    price: '24.90',
    sku: `BOUGIE-${n}`,
    vendor: 'Maison Lumière',
    requires_shipping: true,
    taxable: true,
    gift_card: false,
    properties: [{ name: 'Gravure', value: 'Joyeux anniversaire' }],
    tax_lines: [{ title: 'TVA', rate: 0.2, price: '4.15' }],
    discount_allocations: [],
    price_set: { shop_money: { amount: '24.90', currency_code: 'EUR' } },
  }));
  return JSON.stringify({
    id: 9_000_000 + i,
    name: `#${10_000 + i}`,
    email: `client${i}@exemple.test`,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:05:00Z',
    processed_at: '2026-11-20T10:00:00Z',
    cancelled_at: null,
    financial_status: 'paid',
    fulfillment_status: null,
    total_price: '129.90',
    currency: 'EUR',
    customer: { id: 7, first_name: 'Léa', last_name: 'Dubois', email: `client${i}@exemple.test` },
    billing_address: { address1: '12 rue des Lilas', city: 'Lyon', zip: '69003', country: 'France' },
    shipping_address: { address1: '12 rue des Lilas', city: 'Lyon', zip: '69003', country: 'France' },
    line_items: lines,
    note: 'Livrer en point relais. '.repeat(10),
  });
}

const bodies = Array.from({ length: 64 }, (_, n) => orderBody(n));
const signatures = bodies.map((body) => signWebhook(body, secret));
let i = 0;
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  method: 'POST',
  requests: [
    {
      setupRequest: (req) => {
        const n = i++ % bodies.length;
        const body = bodies[n]!;
        return {
          ...req,
          body,
          headers: {
            'content-type': 'application/json',
            'x-shopify-topic': 'orders/paid',
            'x-shopify-shop-domain': shop,
            'x-shopify-webhook-id': randomUUID(),
            // Fresh, as Shopify's deliveries are (stale ones are refused).
            'x-shopify-triggered-at': new Date().toISOString(),
            'x-shopify-hmac-sha256': signatures[n]!,
          },
        };
      },
    },
  ],
});
const sizes = bodies.map((b) => b.length);
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    minBytes: Math.min(...sizes),
    maxBytes: Math.max(...sizes),
  }),
);
