// Faults injected through the control API: per shop and per operation, for N calls or until cleared,
// answered as Shopify answers them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, createTestEmulator, type TestEmulator } from '../test-support';

let emu: TestEmulator;
let token: string;
const OTHER = 'autre-boutique.myshopify.com';

beforeEach(async () => {
  emu = createTestEmulator();
  await emu.state.createShop({ domain: OTHER });
  token = (await emu.state.installApp(DEMO, { expiring: false })).access_token;
});
afterEach(() => emu.close());

async function post(path: string, body: unknown) {
  const res = await emu.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

const SHOP_NAME = 'query ShopName { shop { name } }';
const SUBSCRIBE = `mutation Subscribe { webhookSubscriptionCreate(topic: ORDERS_PAID, webhookSubscription: { uri: "https://app.example/h" }) { webhookSubscription { id } userErrors { message } } }`;

function raw(shop: string, query: string, accessToken = token) {
  return emu.app.request(`/store/${shop}/admin/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': accessToken },
    body: JSON.stringify({ query }),
  });
}

describe('fault injection', () => {
  it('answers each status as Shopify shapes it', async () => {
    await post('/control/faults', { fault: 500, count: 1 });
    const internal = await raw(DEMO, SHOP_NAME);
    expect(internal.status).toBe(500);
    expect(await internal.json()).toEqual({ errors: 'Internal Server Error' });
    expect(internal.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);

    await post('/control/faults', { fault: '502', count: 1 });
    const gateway = await raw(DEMO, SHOP_NAME);
    expect(gateway.status).toBe(502);
    expect(gateway.headers.get('Content-Type')).toContain('text/html');
    expect(await gateway.text()).toContain('502 Bad Gateway');

    await post('/control/faults', { fault: '503', count: 1, retryAfter: 1.5 });
    const unavailable = await raw(DEMO, SHOP_NAME);
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('Retry-After')).toBe('1.5');
    expect(await unavailable.json()).toEqual({ errors: 'Service Unavailable' });

    await post('/control/faults', { fault: '429', count: 1 });
    const limited = await raw(DEMO, SHOP_NAME);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('2.0');

    await post('/control/faults', { fault: 'THROTTLED', count: 1 });
    const throttled = await emu.gql(DEMO, token, SHOP_NAME);
    expect(throttled.status).toBe(200);
    expect(throttled.body.errors[0].extensions.code).toBe('THROTTLED');
    expect(throttled.body.extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 1000, restoreRate: 50 });

    // Each was for one call: the next is answered.
    expect((await emu.gql(DEMO, token, SHOP_NAME)).body.data.shop.name).toBe('Maison Lumière');
  });

  it('targets one shop and one operation, by name, root field or path', async () => {
    const byName = await post('/control/faults', { fault: '503', shop: DEMO, operation: 'ShopName' });
    expect(byName).toMatchObject({ status: 201, body: { id: expect.any(String), fault: '503', shop: DEMO, operation: 'ShopName', remaining: null, hits: 0 } });
    expect((await raw(DEMO, SHOP_NAME)).status).toBe(503);
    expect((await raw(DEMO, '{ shop { name } }')).status).toBe(200);
    // Another shop is not touched.
    const other = (await emu.state.installApp(OTHER, { expiring: false })).access_token;
    expect((await raw(OTHER, SHOP_NAME, other)).status).toBe(200);

    await post('/control/faults', { fault: '500', operation: 'webhookSubscriptionCreate', count: 2 });
    expect((await raw(DEMO, SUBSCRIBE)).status).toBe(500);
    expect((await raw(OTHER, SUBSCRIBE, other)).status).toBe(500);
    expect((await raw(DEMO, SUBSCRIBE)).status).toBe(200);

    await post('/control/faults', { fault: '502', operation: '/admin/oauth/access_token', count: 1 });
    const exchange = await emu.app.request(`/store/${DEMO}/admin/oauth/access_token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(exchange.status).toBe(502);

    // Until cleared: still there, with its hits counted.
    expect((await raw(DEMO, SHOP_NAME)).status).toBe(503);
    const listed = (await (await emu.app.request('/control/faults')).json()) as { id: string; hits: number }[];
    expect(listed.find((f) => f.id === byName.body.id)).toMatchObject({ hits: 2, remaining: null });
    expect((await post('/control/faults/clear', { shop: DEMO })).body).toEqual({ cleared: 1 });
    expect((await raw(DEMO, SHOP_NAME)).status).toBe(200);
    // The used-up faults stay listed, with their hits, until cleared.
    expect((await emu.state.listFaults()).map((f) => [f.fault, f.remaining, f.hits])).toEqual([
      ['500', 0, 2],
      ['502', 0, 1],
    ]);
  });

  it('a 5xx may hide an operation Shopify did run (applied)', async () => {
    await emu.state.injectFault({ fault: '500', operation: 'webhookSubscriptionCreate', applied: true, count: 1 });
    expect((await raw(DEMO, SUBSCRIBE)).status).toBe(500);
    expect((await emu.state.listWebhookSubscriptions(DEMO)).map((s) => s.topic)).toEqual(['ORDERS_PAID']);
    // Not applied: nothing ran.
    await emu.state.injectFault({ fault: '503', operation: 'webhookSubscriptionCreate', count: 1 });
    const again = await raw(DEMO, SUBSCRIBE.replace('ORDERS_PAID', 'ORDERS_FULFILLED'));
    expect(again.status).toBe(503);
    expect(await emu.state.listWebhookSubscriptions(DEMO)).toHaveLength(1);
  });

  it('answers slowly, after doing the work', async () => {
    await emu.state.injectFault({ fault: 'slow', delayMs: 150, operation: 'Subscribe', count: 1 });
    const started = Date.now();
    const answer = raw(DEMO, SUBSCRIBE);
    await new Promise((r) => setTimeout(r, 50));
    expect(await emu.state.listWebhookSubscriptions(DEMO)).toHaveLength(1);
    expect((await answer).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('never answers a timed-out call while the fault holds, then 504', async () => {
    const fault = await emu.state.injectFault({ fault: 'timeout', shop: DEMO, count: 1 });
    let settled = false;
    const answer = Promise.resolve(raw(DEMO, SHOP_NAME)).then((res) => ((settled = true), res));
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toBe(false);
    // Used up by that call (still listed, with its hit), yet the call is held until its fault is cleared.
    expect(await emu.state.listFaults()).toEqual([expect.objectContaining({ id: fault.id, remaining: 0, hits: 1 })]);
    expect((await raw(DEMO, SHOP_NAME)).status).toBe(200);
    await emu.state.clearFaults({ id: fault.id });
    expect((await answer).status).toBe(504);
    expect(await emu.state.listFaults()).toEqual([]);
  });

  it('closing the emulator lets held calls go', async () => {
    await emu.state.injectFault({ fault: 'timeout' });
    const answer = raw(DEMO, SHOP_NAME);
    await new Promise((r) => setTimeout(r, 20));
    await emu.close();
    expect((await answer).status).toBe(504);
  });

  it('refuses what it cannot do, with a reason', async () => {
    expect(await post('/control/faults', { fault: '418' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^fault:/) } });
    expect(await post('/control/faults', { fault: 'slow' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^delayMs:/) } });
    expect(await post('/control/faults', { fault: '429', applied: true })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^applied:/) } });
    expect(await post('/control/faults', { fault: '500', count: 0 })).toMatchObject({ status: 400 });
    expect(await post('/control/faults', { fault: '500', shop: 'nulle-part.myshopify.com' })).toMatchObject({ status: 404 });
    expect(await emu.state.listFaults()).toEqual([]);
  });

  it('the control page sets and clears faults from its form', async () => {
    const form = (path: string, fields: Record<string, string>) =>
      emu.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const set = await form('/control/faults', { fault: '503', shop: '', operation: 'ShopName', count: '2', delayMs: '', retryAfter: '' });
    expect(set.status).toBe(303);
    expect(set.headers.get('Location')).toContain('notice=fault');
    const page = await (await emu.app.request('/')).text();
    expect(page).toContain('503 Service Unavailable · toutes les boutiques · ShopName · encore 2');
    expect(page).toContain('<label for="fault-kind">');
    expect((await form('/control/faults/clear', {})).status).toBe(303);
    expect(await emu.state.listFaults()).toEqual([]);
  });
});
