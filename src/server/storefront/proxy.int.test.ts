// The app proxy's « Voir plus » pages under load (decision 043): the limit counts per shop and buyer's
// address, so one visitor past it never makes the others wait, and `v` (which anyone can set) is not
// part of the cache key, so a new one per request neither reads the database again nor fills the cache.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { world } from '#tests/support/world';
import { createApp } from '../app';
import { methodPageCatalogues } from '../messages/method-page';
import { storefrontPublic as m } from '../messages/storefront';
import { PROXY_RATE_LIMIT, addressBucket } from './proxy';
import { appProxySignature } from './proxy-signature';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

let shop: string;
let storeId: string;

/** GET /storefront-proxy/{path} as Shopify forwards it for a buyer at `address`, signed now. */
async function signed(ctx: TestContext, app: ReturnType<typeof createApp>, path: string, address: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const params = new URLSearchParams({ ...query, shop, logged_in_customer_id: '', path_prefix: '/apps/avis', timestamp: String(Math.floor(Date.now() / 1000)) });
  params.set('signature', appProxySignature(params, ctx.config.shopify.clientSecrets[0]!));
  return app.request(`http://localhost:3000/storefront-proxy/${path}?${params}`, { headers: { accept: 'application/json', 'x-forwarded-for': address, ...headers } });
}

/** GET /storefront-proxy/avis (a « Voir plus » page) as Shopify forwards it. */
const page = (ctx: TestContext, app: ReturnType<typeof createApp>, address: string, query: Record<string, string>) => signed(ctx, app, 'avis', address, query);

it.beforeAll(async ({ ctx }) => {
  const w = await world(ctx).merchant().store();
  shop = w.store.shopDomain;
  storeId = w.store.id;
  for (let i = 0; i < 8; i++) await w.review({ rating: (i % 5) + 1, customerName: `Client ${i}`, comment: `Avis ${i}` });
});

describe('the app proxy under load', () => {
  it('one buyer past the limit is told to wait in French, while another buyer of the same shop is still served', async ({ ctx, app }) => {
    // Every page a database read (none cached yet): the first buyer uses up its minute.
    for (let p = 1; p <= PROXY_RATE_LIMIT.max; p++) expect((await page(ctx, app, '203.0.113.7', { page: String(p) })).status).toBe(200);
    const refused = await page(ctx, app, '203.0.113.7', { page: String(PROXY_RATE_LIMIT.max + 1) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: m.rateLimited });

    // Another buyer reads the same page from the database: served.
    const other = await page(ctx, app, '198.51.100.23', { page: String(PROXY_RATE_LIMIT.max + 1) });
    expect(other.status).toBe(200);
    expect(((await other.json()) as { page: number }).page).toBe(PROXY_RATE_LIMIT.max + 1);
    // The first buyer still gets what is cached.
    expect((await page(ctx, app, '203.0.113.7', { page: '1' })).status).toBe(200);
  });

  it('a new `v` on every request is one database read: the cache key leaves it out', async ({ ctx, app }) => {
    const buyer = '192.0.2.44';
    for (let i = 0; i < PROXY_RATE_LIMIT.max + 10; i++) {
      const res = await page(ctx, app, buyer, { page: '90', v: `2026-11-29T10:00:${String(i).padStart(2, '0')}.000Z-${i}` });
      expect(res.status).toBe(200);
    }
    // The buyer's limit counted the one read that filled the cache, nothing more.
    const rows = await ctx.db
      .select({ count: s.rateLimit.count })
      .from(s.rateLimit)
      .where(eq(s.rateLimit.key, `storefront-proxy:${storeId}:${buyer}`));
    expect(rows).toEqual([{ count: 1 }]);
  });

  it('counts an IPv6 buyer by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressBucket('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressBucket('2001:db8:85a3:8d3::1')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('the page saying how reviews are collected', () => {
  const method = async (ctx: TestContext, app: ReturnType<typeof createApp>, query: Record<string, string>, acceptLanguage?: string) => {
    const res = await signed(ctx, app, 'methode', '192.0.2.80', query, acceptLanguage ? { 'accept-language': acceptLanguage } : {});
    expect(res.status).toBe(200);
    return { html: await res.text(), vary: res.headers.get('vary') };
  };

  it('is in the language its link names (the storefront’s), whatever the browser’s, with that language’s typography', async ({ ctx, app }) => {
    const german = await method(ctx, app, { langue: 'de' }, 'fr-FR,fr');
    expect(german.html).toContain('<html lang="de">');
    expect(german.html).toContain(`<h1>${methodPageCatalogues.de.title}</h1>`);
    expect(german.html).toContain('„Verifizierter Kauf“');
    expect(german.html).not.toMatch(/\u202f|Comment nous/);
    const french = await method(ctx, app, { langue: 'fr-CA' }, 'de-DE');
    expect(french.html).toContain('<html lang="fr">');
    expect(french.html).toContain('«\u202fAchat vérifié\u202f»');
  });

  it('without a language in its link (a block released before), reads the browser’s, else French; one cached copy per language', async ({ ctx, app }) => {
    const italian = await method(ctx, app, {}, 'it-CH,it;q=0.9,fr;q=0.5');
    expect(italian.html).toContain('<h1>Come raccogliamo le recensioni</h1>');
    expect(italian.vary).toBe('Accept-Language');
    expect((await method(ctx, app, {})).html).toContain('<html lang="fr">');
    expect((await method(ctx, app, {}, 'pt-BR')).html).toContain('<html lang="fr">');
  });
});
