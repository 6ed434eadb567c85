/**
 * Every Admin API call bounded and retried as Shopify asks, against the local Shopify's faults: a
 * rate limit ran nothing (sent again after the wait Shopify gives); a 5xx, a timeout or a lost
 * connection may hide work done (only a retry-safe operation is sent again); each attempt and the whole
 * call have a time limit.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopifyEmulator } from '#emulator/shopify';
import { testConfig } from '#tests/support/test-context';
import { CREATE_WEBHOOK_SUBSCRIPTION, SHOP_DETAILS, UPDATE_WEBHOOK_SUBSCRIPTION } from './admin-documents';
import type { ShopifyFacade } from './facade';
import type { WebhookSubscriptionTopic } from './generated/admin-types';
import { createShopifyIntegration } from './integration';
import { DEFAULT_SHOPIFY_RETRY, ShopifyRequestError, backoffMs, failureKind, retryAfterMs, shopifyUnavailable, type ShopifyRetryPolicy } from './resilience';

const FAST: ShopifyRetryPolicy = { attempts: 4, timeoutMs: 300, budgetMs: 2000, minDelayMs: 10, maxDelayMs: 40 };
const SHOP = 'maison-lumiere.myshopify.com';

let shopify: ShopifyFacade;
let emulator: ShopifyEmulator;
let token: string;

beforeEach(async () => {
  ({ shopify, emulator } = createShopifyIntegration(testConfig(), { inMemoryEmulator: true, retry: FAST }) as { shopify: ShopifyFacade; emulator: ShopifyEmulator });
  token = (await emulator.state.installApp(SHOP, { expiring: false })).access_token;
});
afterEach(() => emulator.close());

const shopName = () => shopify.graphql(SHOP, token, SHOP_DETAILS);
const subscribe = (topic: WebhookSubscriptionTopic = 'ORDERS_PAID') => shopify.graphql(SHOP, token, CREATE_WEBHOOK_SUBSCRIPTION, { topic, uri: 'https://app.example/h' });
const hits = async () => (await emulator.state.listFaults()).reduce((n, f) => n + f.hits, 0);
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ShopifyRequestError,
  );

describe('the policy', () => {
  it('backs off exponentially, capped, with half of each wait random', () => {
    const policy = { ...DEFAULT_SHOPIFY_RETRY };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, policy, () => 0))).toEqual([125, 250, 500, 1000, 2000, 2000]);
    expect([1, 2, 3].map((n) => backoffMs(n, policy, () => 1))).toEqual([250, 500, 1000]);
  });

  it("reads Retry-After as Shopify sends it (seconds, '2.0') or as a date", () => {
    expect(retryAfterMs('2.0')).toBe(2000);
    expect(retryAfterMs('0.25')).toBe(250);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });

  it('tells a refusal from Shopify being unavailable', () => {
    expect(failureKind(new ShopifyRequestError('x', 401))).toBe('refused');
    expect(failureKind(new ShopifyRequestError('x', 200, 'ACCESS_DENIED'))).toBe('refused');
    expect(failureKind(new ShopifyRequestError('x', 200, 'THROTTLED'))).toBe('throttled');
    expect(failureKind(new ShopifyRequestError('x', 503))).toBe('unavailable');
    expect(failureKind(new ShopifyRequestError('x', 0, 'TIMEOUT'))).toBe('timeout');
    expect(failureKind(new ShopifyRequestError('x', 0, 'NETWORK'))).toBe('unreachable');
    expect(shopifyUnavailable(new ShopifyRequestError('x', 502))).toBe(true);
    expect(shopifyUnavailable(new ShopifyRequestError('x', 403))).toBe(false);
    expect(shopifyUnavailable(new Error('x'))).toBe(false);
  });
});

describe('a query (safe to send again)', () => {
  it.each(['500', '502', '503', '504'] as const)('rides out %s answers within the attempts, and fails with the status past them', async (fault) => {
    await emulator.state.injectFault({ fault, shop: SHOP, count: FAST.attempts - 1 });
    expect((await shopName()).shop.name).toBe('Maison Lumière');
    expect(await hits()).toBe(FAST.attempts - 1);

    await emulator.state.injectFault({ fault, shop: SHOP });
    const error = await failure(shopName());
    expect(error).toMatchObject({ status: Number(fault) });
    expect(shopifyUnavailable(error)).toBe(true);
    // Bounded: exactly `attempts` calls, then the caller is answered.
    expect(await hits()).toBe(FAST.attempts - 1 + FAST.attempts);
  });

  it('gives up on an attempt at its time limit and tries again', async () => {
    await emulator.state.injectFault({ fault: 'timeout', shop: SHOP, count: 1 });
    const started = Date.now();
    expect((await shopName()).shop.name).toBe('Maison Lumière');
    expect(Date.now() - started).toBeGreaterThanOrEqual(FAST.timeoutMs - 5);

    await emulator.state.injectFault({ fault: 'slow', delayMs: 1500, shop: SHOP });
    const slowStart = Date.now();
    expect(await failure(shopName())).toMatchObject({ status: 0, code: 'TIMEOUT' });
    // Within the call's budget, never the sum of the slow answers.
    expect(Date.now() - slowStart).toBeLessThan(FAST.budgetMs + 100);
  });

  it('waits what a 429 Retry-After asks, and does not start a wait beyond its budget', async () => {
    await emulator.state.injectFault({ fault: '429', retryAfter: 0.3, shop: SHOP, count: 1 });
    const started = Date.now();
    expect((await shopName()).shop.name).toBe('Maison Lumière');
    expect(Date.now() - started).toBeGreaterThanOrEqual(295);

    await emulator.state.injectFault({ fault: '429', retryAfter: 60, shop: SHOP, count: 1 });
    const late = Date.now();
    expect(await failure(shopName())).toMatchObject({ status: 429, code: 'THROTTLED' });
    expect(Date.now() - late).toBeLessThan(500);
  });
});

describe('a mutation', () => {
  it('is sent again after THROTTLED or 429, which ran nothing', async () => {
    await emulator.state.injectFault({ fault: 'THROTTLED', operation: 'webhookSubscriptionCreate', count: 2 });
    await emulator.state.injectFault({ fault: '429', retryAfter: 0.01, operation: 'webhookSubscriptionCreate', count: 1 });
    expect((await subscribe()).webhookSubscriptionCreate!.webhookSubscription).not.toBeNull();
    expect(await emulator.state.listWebhookSubscriptions(SHOP)).toHaveLength(1);
  });

  it('is not sent again after a 5xx or a timeout, which may hide work Shopify did', async () => {
    await emulator.state.injectFault({ fault: '500', operation: 'webhookSubscriptionCreate', applied: true, count: 1 });
    expect(await failure(subscribe())).toMatchObject({ status: 500 });
    expect(await hits()).toBe(1);
    expect((await emulator.state.listWebhookSubscriptions(SHOP)).map((s) => s.topic)).toEqual(['ORDERS_PAID']);

    await emulator.state.injectFault({ fault: 'slow', delayMs: 800, operation: 'webhookSubscriptionCreate', count: 1 });
    expect(await failure(subscribe('ORDERS_FULFILLED'))).toMatchObject({ code: 'TIMEOUT' });
    // The slow answer did the work; it was not done twice.
    expect((await emulator.state.listWebhookSubscriptions(SHOP)).map((s) => s.topic).sort()).toEqual(['ORDERS_FULFILLED', 'ORDERS_PAID']);
  });

  it('listed as retry-safe is sent again after a 5xx', async () => {
    const id = (await subscribe()).webhookSubscriptionCreate!.webhookSubscription!.id;
    await emulator.state.injectFault({ fault: '503', operation: 'webhookSubscriptionUpdate', count: 2 });
    const data = await shopify.graphql(SHOP, token, UPDATE_WEBHOOK_SUBSCRIPTION, { id, uri: 'https://app.example/new' });
    expect(data.webhookSubscriptionUpdate!.webhookSubscription!.uri).toBe('https://app.example/new');
  });
});

describe('the token endpoint', () => {
  it('is bounded and retried: a single-use code is never applied twice', async () => {
    const shop = (await emulator.state.createShop({ domain: 'jetons.myshopify.com' })).domain;
    const install = await emulator.state.installApp(shop, { expiring: true });
    await emulator.state.injectFault({ fault: '502', operation: '/admin/oauth/access_token', count: 2 });
    const refreshed = await shopify.refreshAccessToken(shop, install.refresh_token!);
    expect(refreshed.accessToken).toMatch(/^shpat_/);

    await emulator.state.injectFault({ fault: 'timeout', operation: '/admin/oauth/access_token' });
    expect(await failure(shopify.refreshAccessToken(shop, refreshed.refreshToken!))).toMatchObject({ status: 0, code: 'TIMEOUT' });
    await emulator.state.clearFaults();
    // Nothing reached Shopify: the refresh token still works.
    expect((await shopify.refreshAccessToken(shop, refreshed.refreshToken!)).accessToken).toMatch(/^shpat_/);
  });
});
