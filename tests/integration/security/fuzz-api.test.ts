/**
 * Section 4 (API, server functions and the review page): every state-changing JSON endpoint gets
 * its valid sample mutated field by field with hostile values, then whole-body garbage. Never a
 * 5xx; under /api and /functions every 4xx is JSON { error: string } and a body that is read must be
 * sent as application/json (415 otherwise); a NUL anywhere in a parsed body is a 400; the review
 * page takes integer ratings 1..5 only; a refused send-email never moves the quota. The /api/auth endpoints are fuzzed in fuzz-auth.test.ts (same engine, other core).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '#db/schema';
import { Browserish, ORIGIN } from '#tests/support/http';
import { fuzzEndpoint, HOSTILE, HOSTILE_SEGMENTS, isValidRating, judge, prototypePolluted, send, short, type FuzzCase } from './support/fuzz';
import { expandedInventory, PUBLIC_PREFIXES } from './support/routes';
import { isJsonEndpoint, SAMPLES, type Sample } from './support/samples';
import { createWorld, freshIp, makeMerchant, signUp, type Merchant, type World } from './support/world';
import { deliverWebhook } from '#tests/support/shopify-webhook';
import { world } from '#tests/support/world';
// Test-cost password hashing (see cheap-password.ts); verification stays the app's.
vi.mock('#server/auth/password', async (original) => (await import('./support/cheap-password')).cheapPasswordModule(original as never));

let w: World;
let c: Merchant;
let account: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  w = await createWorld();
  c = await makeMerchant(w, 'C');
  account = await signUp(w, 'compte');
});
afterAll(() => w.ctx.destroy());

const sampleOf = (key: string): Sample => SAMPLES[key]!({ w, m: c, account });
const browserFor = (sample: Sample) => () => (sample.client === 'merchant' ? c.browser : sample.client === 'account' ? account.browser : new Browserish(w.app, freshIp()));

// Non-destructive endpoints first; those that remove what they name after; disconnecting the store last.
const LAST = 'POST /api/stores/current/disconnect';
const apiKeys = Object.keys(SAMPLES).filter((k) => !k.startsWith('POST /api/auth/'));
const ORDER = [...apiKeys.filter((k) => !/DELETE |disconnect|unsubscribe/.test(k)), ...apiKeys.filter((k) => /DELETE |unsubscribe/.test(k)), LAST];

async function usageOf(shop: string) {
  const rows = await w.ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, shop));
  return Object.fromEntries(rows.map((r) => [`${r.metric}@${r.periodStart.toISOString()}`, r.value]));
}

/** Send-email's quota invariant: unchanged on every refusal, one more e-mail counted on success. */
const quotaInvariant = (shop: string) => ({
  before: () => usageOf(shop),
  async after(before: unknown, status: number) {
    const was = before as Record<string, number>;
    const now = await usageOf(shop);
    const month = (u: Record<string, number>) =>
      Object.entries(u)
        .filter(([k]) => k.startsWith('emails_sent@'))
        .reduce((n, [, v]) => n + v, 0);
    if (status >= 200 && status < 300) return month(now) === month(was) + 1 ? null : `accepted but usage went ${month(was)} → ${month(now)}`;
    return JSON.stringify(now) === JSON.stringify(was) ? null : `refused but usage moved: ${JSON.stringify(was)} → ${JSON.stringify(now)}`;
  },
});

/**
 * Disconnecting reads its body (keep or remove the app on Shopify): each case starts from a connected
 * store, so a mutation that a valid earlier case made pointless (404 no_store) is still judged on its
 * body. A refused case must leave the store connected.
 */
const connectedBeforeEachCase = (storeId: string) => ({
  before: () => w.ctx.db.update(s.shopifyStores).set({ isActive: true }).where(eq(s.shopifyStores.id, storeId)),
  async after(_before: unknown, status: number) {
    if (status < 400) return null;
    const [row] = await w.ctx.db.select({ isActive: s.shopifyStores.isActive }).from(s.shopifyStores).where(eq(s.shopifyStores.id, storeId));
    return row!.isActive ? null : `refused (${status}) but the store was disconnected`;
  },
});

describe('fuzzing the JSON endpoints', () => {
  it('every JSON endpoint of the app has a sample (and every sample an endpoint)', () => {
    const endpoints = expandedInventory(w.app)
      .filter(isJsonEndpoint)
      .map((e) => e.key);
    expect(endpoints.filter((k) => !SAMPLES[k])).toEqual([]);
    expect(Object.keys(SAMPLES).filter((k) => !endpoints.includes(k))).toEqual([]);
    expect(ORDER.sort()).toEqual([...apiKeys].sort());
  });

  for (const key of ORDER) {
    it(key, async () => {
      const sample = sampleOf(key);
      const invariant = key === 'POST /functions/v1/send-email' ? quotaInvariant(c.shop) : key === LAST ? connectedBeforeEachCase(c.store.id) : undefined;
      const problems = await fuzzEndpoint(w, { key, ...sample }, browserFor(sample), invariant);
      expect(problems).toEqual([]);
    });
  }

  it('the review page: plain form posts with hostile values', async () => {
    // A fresh share link (the store may be disconnected by now: reconnect it for this test).
    await w.ctx.db.update(s.shopifyStores).set({ isActive: true }).where(eq(s.shopifyStores.id, c.store.id));
    const [link] = await w.ctx.db
      .select()
      .from(s.shopifyReviewRequests)
      .where(and(eq(s.shopifyReviewRequests.shopId, c.store.id), eq(s.shopifyReviewRequests.channel, 'link')));
    const path = `/review/${link!.token}`;
    const valid = { rating: '5', name: 'Léa Dubois', email: 'lea@exemple.test', comment: 'Très bien' };
    const strings = [
      ...HOSTILE.filter(([, v]) => typeof v === 'string').map(([label, v]) => [label, v as string] as const),
      ...['0x5', '5e0', '0b101', ' 5', '+5', '4.5', '1e0', '6', '0', '-1', 'Infinity', '5\u0000', '٥'].map((v) => [`rating-like ${JSON.stringify(v)}`, v] as const),
    ];
    const problems: string[] = [];
    const anonymous = () => new Browserish(w.app, freshIp());
    const post = async (label: string, form: string, field?: string, value?: string) => {
      const kase: FuzzCase = { label, body: form, contentType: 'application/x-www-form-urlencoded', json: Object.fromEntries(new URLSearchParams(form)), field, value };
      const answer = await send(w, anonymous(), 'POST', path, kase, { accept: 'text/html' });
      problems.push(...judge('POST /review/:token (form)', kase, answer, { jsonErrors: false, readsBody: true, jsonOnly: false }));
      if (field === 'rating' && !isValidRating(value) && answer.status < 400) problems.push(`form rating ${short(value)} accepted: ${answer.status}`);
    };
    for (const field of Object.keys(valid)) {
      for (const [label, value] of strings) await post(`${field} = ${label}`, new URLSearchParams({ ...valid, [field]: value }).toString(), field, value);
    }
    await post('__proto__ keys', `${new URLSearchParams(valid)}&__proto__[polluted]=yes&__proto__=x&constructor[prototype][polluted]=yes`);
    await post('array-style keys', `${new URLSearchParams(valid)}&rating[]=1&name[a]=b`);
    await post('duplicated rating', `${new URLSearchParams(valid)}&rating=1&rating=0x5`);
    await post('percent garbage', 'rating=%ZZ&name=%00&email=%E0%A4%A&comment=%');
    expect(problems).toEqual([]);
  });

  it('path parameters with hostile segments', async () => {
    const problems: string[] = [];
    const withParams = expandedInventory(w.app).filter((e) => e.path.includes(':') && !PUBLIC_PREFIXES.some((p) => e.path.startsWith(p.prefix)));
    expect(withParams.length).toBeGreaterThan(5);
    for (const e of withParams) {
      const sample = SAMPLES[e.key] ? sampleOf(e.key) : undefined;
      for (const segment of HOSTILE_SEGMENTS) {
        const path = e.path.replace(/:[A-Za-z_]+/g, segment);
        const kase: FuzzCase =
          e.method === 'GET'
            ? { label: `segment ${segment.slice(0, 20)}` }
            : { label: `segment ${segment.slice(0, 20)}`, body: JSON.stringify(sample?.body ?? {}), contentType: 'application/json', json: sample?.body ?? {} };
        const answer = await send(w, c.browser, e.method, path, kase, sample?.headers);
        const jsonErrors = !e.path.startsWith('/review/');
        problems.push(...judge(e.key, kase, answer, { jsonErrors, readsBody: false, jsonOnly: false }));
      }
    }
    expect(problems).toEqual([]);
  });

  it('query strings with hostile values on every GET under /api and /functions', async () => {
    const problems: string[] = [];
    const gets = expandedInventory(w.app).filter((e) => e.method === 'GET' && /^\/(api|functions)\//.test(e.path) && !e.path.includes('*'));
    const queries = [
      'store_id=%00',
      `store_id=${'x'.repeat(5_000)}`,
      'store_id=00000000-0000-4000-8000-000000000000',
      'store_id=__proto__&charge_id=-1',
      'page=1e308',
      'page=-1',
      'page=0x5',
      'page[]=1&page=2',
      'to=%ZZ',
      'to=%00',
      `to=${'a'.repeat(5_000)}%40exemple.test`,
      `shop=__proto__&state=${'a'.repeat(100)}`,
      'shop=%00.myshopify.com&state=x',
      'shop=a.myshopify.com&hmac=00&timestamp=1e308',
      'shop=a.myshopify.com&hmac=&timestamp=&code=&state=',
      'error=access_denied',
    ];
    for (const e of gets) {
      const base = e.path.replace(/:[A-Za-z_]+/g, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      for (const q of queries) {
        const answer = await send(w, c.browser, 'GET', `${base}?${q}`, { label: q.slice(0, 40) });
        problems.push(...judge(e.key, { label: q.slice(0, 60) }, answer, { jsonErrors: true, readsBody: false, jsonOnly: false }));
      }
    }
    expect(problems).toEqual([]);
  });

  it("Shopify's webhook endpoint: unsigned requests are refused, signed garbage never gets a 5xx", async () => {
    const secret = w.ctx.config.shopify.clientSecrets[0]!;
    const problems: string[] = [];
    let n = 0;
    const deliver = async (label: string, body: string | Uint8Array, headers: Record<string, string> = {}, sign = true) => {
      n += 1;
      const res = await deliverWebhook(w.app, { shop: c.shop, topic: 'orders/paid', body, secret, id: `fuzz-${n}-${Date.now()}`, hmac: sign ? undefined : null, headers }, ORIGIN);
      const text = await res.text();
      if (res.status >= 500) problems.push(`5xx: POST /webhooks/shopify [${label}] → ${res.status} ${text.slice(0, 120)}`);
      return res.status;
    };
    const order = JSON.stringify({ id: 9_990_001, email: 'client@exemple.test', total_price: '10.00' });
    expect(await deliver('unsigned', order, {}, false)).toBe(401);
    expect(await deliver('wrong signature', order, { 'x-shopify-hmac-sha256': 'AAAA' }, false)).toBe(401);
    const bodies: [string, string | Uint8Array][] = [
      ['truncated JSON', '{"a":'],
      ['JSON array', '[1,2]'],
      ['bare string', '"x"'],
      ['empty', ''],
      ['braces around garbage', '{"a": }'],
      ['trailing garbage', '{"a":1} {"b":2}'],
      ['escaped NUL', '{"id":1,"note":"\\u0000"}'],
      ['lone high surrogate escape', '{"id":1,"note":"\\ud800"}'],
      ['reversed surrogate escapes', '{"id":1,"note":"\\udc00\\ud800"}'],
      ['raw NUL byte', '{"id":1,"note":"a\u0000b"}'],
      ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
      ['prototype keys', '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}'],
      ['hostile order fields', JSON.stringify({ id: '__proto__', email: null, total_price: 'NaN', created_at: 'hier', customer: [], line_items: {} })],
      ['deeply nested', `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`],
    ];
    for (const [label, body] of bodies) await deliver(label, body);
    const headerCases: [string, Record<string, string>][] = [
      ['long topic', { 'x-shopify-topic': 'x'.repeat(101) }],
      ['unknown topic', { 'x-shopify-topic': 'orders/../../admin' }],
      ['shop domain garbage', { 'x-shopify-shop-domain': '%00.myshopify.com' }],
      ['long webhook id', { 'x-shopify-webhook-id': 'w'.repeat(300) }],
      ['triggered-at garbage', { 'x-shopify-triggered-at': 'NaN' }],
      ['triggered-at far future', { 'x-shopify-triggered-at': '9999-12-31T23:59:59Z' }],
      ['triggered-at epoch', { 'x-shopify-triggered-at': '0' }],
    ];
    for (const [label, headers] of headerCases) await deliver(label, order, headers);
    expect(problems).toEqual([]);
  });

  it('parsing hostile bodies never polluted Object.prototype', () => {
    expect(prototypePolluted()).toBe(false);
  });
});

describe('send-email refusals leave the quota untouched', () => {
  it('suppressed recipient, unsubscribed store, exhausted quota, daily limit, bad input: usage rows unchanged', async () => {
    const d = await makeMerchant(w, 'D', { quota: 6 });
    const body = { shopifyStoreId: d.store.id, recipientEmail: 'client@exemple.test', subject: 'Bonjour', text_content: 'Merci !' };
    const invariant = quotaInvariant(d.shop);
    const problems: string[] = [];
    const attempt = async (label: string, json: unknown, expected: number) => {
      const before = await invariant.before();
      const res = await d.browser.json('/functions/v1/send-email', { json });
      if (res.status !== expected) problems.push(`${label}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body)}`);
      const broken = await invariant.after(before, res.status);
      if (broken) problems.push(`${label}: ${broken}`);
    };
    await attempt('subject with a line break', { ...body, subject: 'Bonjour\r\nBcc: tous@exemple.test' }, 400);
    await attempt('NUL in the content', { ...body, text_content: 'Merci\u0000' }, 400);
    await attempt('no content', { ...body, text_content: '   ' }, 400);
    await attempt('suppressed recipient', { ...body, recipientEmail: d.suppressedEmail }, 409);
    await attempt('suppressed recipient, other case', { ...body, recipientEmail: d.suppressedEmail.toUpperCase() }, 409);
    await attempt('a valid send (control)', body, 200);
    // The plan allows 6 a month; 5 were used before the test and 1 just now.
    await attempt('quota exhausted', body, 429);
    await w.ctx.db.update(s.shopPlans).set({ emailsQuota: 100 }).where(eq(s.shopPlans.shopDomain, d.shop));
    await world(w.ctx).at(d.store).emailConfig({ dailySendLimit: 1 });
    await attempt('daily limit reached', body, 429);
    await w.ctx.db.update(s.shopifyStores).set({ subscriptionStatus: 'cancelled' }).where(eq(s.shopifyStores.id, d.store.id));
    await attempt('no subscription in force', body, 403);
    expect(problems).toEqual([]);
  });
});
