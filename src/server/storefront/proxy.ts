/**
 * The storefront's requests through Shopify's app proxy (decision 028): /apps/avis/* on the shop is
 * forwarded here. Each request must carry Shopify's signature; the « Voir plus » pages are answered
 * from a short cache, and what reaches the database is rate limited per shop and buyer's address, so
 * one visitor never makes the others wait (decision 043). Only public reviews go out: shown ones, a
 * first name and initial, never an e-mail or an order.
 */
import { and, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { DEFAULT_PROXY_PATH, STOREFRONT_MAX_PAGE } from '#core/storefront';
import { escapeHtml } from '#core/email/layout';
import type { Database } from '#db/client';
import { shopifyStores } from '#db/schema';
import type { AppContext } from '../context';
import { canonicalLocale, languageOf, languageOfVisitor } from '#core/customer-language';
import { methodPageCatalogues } from '../messages/method-page';
import { storefrontPublic as m } from '../messages/storefront';
import { clientIp } from '../http/client-ip';
import { hitRateLimit } from '../security/rate-limit';
import { verifyAppProxy } from './proxy-signature';
import { showsUnverified } from './publication';
import { schedulePublish } from './publish';
import { storefrontPage } from './snapshot';

/**
 * Pages read from the database per shop, buyer's address and minute (cached answers do not count).
 * A shop has at most STOREFRONT_MAX_PAGE pages and each is cached: what all its visitors together
 * read from the database is bounded by the cache, whatever their number.
 */
export const PROXY_RATE_LIMIT = { max: 60, windowSeconds: 60 };
const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 2000;

/**
 * The buyer's address as Shopify forwards it: Shopify sets X-Forwarded-For to the client's address
 * (« Authenticate app proxies »), and the request is signed, so only Shopify sent it. Behind the app's
 * own reverse proxy (TRUST_PROXY) that proxy's hop comes last, holding Shopify's address: it is
 * dropped. An IPv6 address counts by its /64, which one visitor holds whole.
 */
export function buyerAddress(c: Context, trustProxy: boolean): string {
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  if (trustProxy) hops.pop();
  const address = hops.at(-1) ?? clientIp(c, trustProxy);
  return addressBucket(address);
}

/** IPv4 as it is (an IPv4-mapped IPv6 address too); IPv6 by its first 64 bits. */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Shopify signed the request at another place than the one the block links to: the merchant moved the
 * app proxy (Shopify lets them choose its prefix and subpath). The store remembers where, and the block
 * is published again, so its links follow on every domain of the shop (decision 043). Written once:
 * requests arriving together find it written.
 */
export async function followProxyPath(db: Database, storeId: string, pathPrefix: string): Promise<void> {
  const stored = pathPrefix === DEFAULT_PROXY_PATH ? null : pathPrefix;
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(shopifyStores)
      .set({ storefrontProxyPath: stored })
      .where(and(eq(shopifyStores.id, storeId), sql`${shopifyStores.storefrontProxyPath} IS DISTINCT FROM ${stored}`))
      .returning({ id: shopifyStores.id });
    if (changed.length > 0) await schedulePublish(tx, storeId);
  });
}

export function storefrontProxyRoutes(ctx: AppContext) {
  const app = new Hono();
  const cache = new Map<string, { body: string; expires: number }>();

  /** The signed shop's store, or the refusal to answer. */
  async function signedStore(c: Context): Promise<{ id: string; name: string } | Response> {
    const params = new URL(c.req.url).searchParams;
    const signed = verifyAppProxy(params, ctx.config.shopify.clientSecrets);
    if (!signed) return c.text(m.badSignature, 401);
    const [store] = await ctx.db
      .select({ id: shopifyStores.id, name: shopifyStores.shopName, domain: shopifyStores.shopDomain, proxyPath: shopifyStores.storefrontProxyPath })
      .from(shopifyStores)
      .where(and(eq(shopifyStores.shopDomain, signed.shop), eq(shopifyStores.isActive, true)));
    if (!store) return c.text(m.unknownShop, 404);
    if (signed.pathPrefix !== (store.proxyPath ?? DEFAULT_PROXY_PATH)) await followProxyPath(ctx.db, store.id, signed.pathPrefix);
    return { id: store.id, name: store.name ?? store.domain };
  }

  app.get('/avis', async (c) => {
    const page = Number(c.req.query('page') ?? '1');
    if (!Number.isInteger(page) || page < 1 || page > STOREFRONT_MAX_PAGE) return c.json({ error: m.pageNotFound }, 404);
    const store = await signedStore(c);
    if (store instanceof Response) return store;
    // The block adds its metafield's date (`v`) so that a browser's or a CDN's copy follows each
    // publication; here it is left out of the key: anyone can set it, and a new `v` per request would
    // make every request read the database and push every other page out (decision 043).
    const key = `${store.id}|${page}`;
    const now = Date.now();
    const cached = cache.get(key);
    let body = cached && cached.expires > now ? cached.body : null;
    if (!body) {
      const limit = await hitRateLimit(ctx.db, `storefront-proxy:${store.id}:${buyerAddress(c, ctx.config.trustProxy)}`, PROXY_RATE_LIMIT);
      if (!limit.allowed) return c.json({ error: m.rateLimited }, 429, { 'Retry-After': String(limit.retryAfterSeconds) });
      body = JSON.stringify(await storefrontPage(ctx, store.id, page));
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(key, { body, expires: now + CACHE_TTL_MS });
    }
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=30' });
  });

  /**
   * How reviews are collected (the badge's and the block's link): the Omnibus directive's notice, in
   * the storefront's language. Shopify documents no language among what its app proxy adds to a
   * request (`shop`, `logged_in_customer_id`, `path_prefix`, `timestamp`, `signature`), but it
   * forwards and signs the link's own query: the block writes the storefront's language there
   * (`?langue=`, from Liquid's documented `request.locale.iso_code`). A language the app does not
   * ship is French, as the block's texts fall back to its default locale file; a link without one
   * (a block released before) reads the visitor's browser (`Accept-Language`), else French.
   */
  app.get('/methode', async (c) => {
    const store = await signedStore(c);
    if (store instanceof Response) return store;
    const asked = c.req.query('langue');
    const t = methodPageCatalogues[asked === undefined ? languageOfVisitor(c.req.header('accept-language')) : languageOf(canonicalLocale(asked))];
    const name = escapeHtml(store.name);
    // Whether reviews without a verified purchase are shown is the store's choice (decision 044): the page says which.
    const paragraphs = t
      .paragraphs(store.name, await showsUnverified(ctx.db, store.id))
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('\n');
    return c.html(
      `<!doctype html>
<html lang="${t.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)} · ${name}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}</style></head>
<body><main><h1>${escapeHtml(t.title)}</h1>
${paragraphs}
</main></body></html>`,
      200,
      // A link without `langue` answers in the browser's language: a shared cache keeps one copy per language.
      { 'Cache-Control': 'public, max-age=300', Vary: 'Accept-Language' },
    );
  });

  return app;
}
