import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, createTestEmulator, type TestEmulator } from '../test-support';

let emu: TestEmulator;

beforeEach(() => {
  emu = createTestEmulator();
});
afterEach(() => emu.close());

async function post(path: string, body?: unknown) {
  const res = await emu.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('control API', () => {
  it('starts with the demo shop', async () => {
    const res = await emu.app.request('/control/shops');
    const shops = (await res.json()) as { domain: string; name: string; currency: string }[];
    expect(shops).toEqual([expect.objectContaining({ domain: DEMO, name: 'Maison Lumière', currency: 'EUR', installed: false })]);
  });

  it('creates shops and validates input', async () => {
    const ok = await post('/control/shops', { domain: 'boutique-test', name: 'Boutique test', currency: 'USD' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      domain: 'boutique-test.myshopify.com',
      name: 'Boutique test',
      currency: 'USD',
      adminUrl: 'http://localhost:3000/_shopify/store/boutique-test.myshopify.com/admin',
    });
    expect((await post('/control/shops', { domain: 'boutique-test.myshopify.com' })).status).toBe(409);
    const bad = await post('/control/shops', { domain: '-bad domain!' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/invalid shop domain/);
    expect((await post('/control/shops', { domain: 'x', currency: 'XYZ' })).body.error).toMatch(/^currency:/);
    expect((await post('/control/shops', {})).status).toBe(400);
    const notJson = await emu.app.request('/control/shops', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
  });

  it('creates customers and orders, and runs the order lifecycle with webhooks', async () => {
    await emu.state.installApp(DEMO, { expiring: false }).then(({ access_token }) =>
      emu.gql(
        DEMO,
        access_token,
        `mutation { a: webhookSubscriptionCreate(topic: ORDERS_UPDATED, webhookSubscription: { uri: "https://a.example/h" }) { userErrors { message } }
        b: webhookSubscriptionCreate(topic: ORDERS_CANCELLED, webhookSubscription: { uri: "https://a.example/h" }) { userErrors { message } } }`,
      ),
    );
    const customer = await post(`/control/shops/${DEMO}/customers`, { firstName: 'Léa', lastName: 'Dupont', email: 'lea@example.com' });
    expect(customer.status).toBe(201);
    expect((await post(`/control/shops/${DEMO}/customers`, { email: 'not-an-email' })).status).toBe(400);
    expect((await post(`/control/shops/${DEMO}/customers`, { email: 'lea@example.com' })).status).toBe(409);

    const order = await post(`/control/shops/${DEMO}/orders`, { customerId: customer.body.id, total: '49.90', financialStatus: 'pending', createdAt: '2026-01-05T10:00:00Z' });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ name: '#1001', total: '49.90', currency: 'EUR', financialStatus: 'PENDING', createdAt: '2026-01-05T10:00:00Z', email: 'lea@example.com' });
    expect((await post(`/control/shops/${DEMO}/orders`, { total: 'abc' })).body.error).toMatch(/^total:/);
    expect((await post(`/control/shops/${DEMO}/orders`, { total: 1, createdAt: '2999-01-01T00:00:00Z' })).status).toBe(400);
    expect((await post(`/control/shops/${DEMO}/orders`, { total: 1, financialStatus: 'weird' })).status).toBe(400);
    expect((await post(`/control/shops/nowhere.myshopify.com/orders`, { total: 1 })).status).toBe(404);

    const id = order.body.id;
    expect((await post(`/control/orders/${id}/pay`)).body.financialStatus).toBe('PAID');
    expect((await post(`/control/orders/${id}/pay`)).status).toBe(409);
    expect((await post(`/control/orders/${id}/refund`, { amount: '10' })).body).toMatchObject({ financialStatus: 'PARTIALLY_REFUNDED', refunded: '10.00' });
    expect((await post(`/control/orders/${id}/refund`, { amount: '100' })).status).toBe(400);
    const cancelled = await post(`/control/orders/${id}/cancel`, { refund: true });
    expect(cancelled.body).toMatchObject({ financialStatus: 'REFUNDED', refunded: '49.90' });
    expect(cancelled.body.cancelledAt).not.toBeNull();
    expect((await post(`/control/orders/999999/fulfil`)).status).toBe(404);

    const other = await post(`/control/shops/${DEMO}/orders`, { email: 'guest@example.com', total: 12 });
    expect((await post(`/control/orders/${other.body.id}/fulfil`)).body.fulfillmentStatus).toBe('FULFILLED');

    await emu.state.whenIdle();
    const deliveries = (await (await emu.app.request(`/control/deliveries?shop=${DEMO}`)).json()) as { topic: string }[];
    expect(deliveries.map((d) => d.topic)).toEqual(['orders/updated', 'orders/updated', 'orders/cancelled', 'orders/updated', 'orders/updated']);
  });

  it('forces throttling and drops deliveries through the API', async () => {
    const { access_token } = await emu.state.installApp(DEMO, { expiring: false });
    expect((await post('/control/throttle', { count: 1 })).status).toBe(200);
    expect((await emu.gql(DEMO, access_token, '{ shop { name } }')).body.errors[0].extensions.code).toBe('THROTTLED');
    expect((await emu.gql(DEMO, access_token, '{ shop { name } }')).body.data.shop.name).toBe('Maison Lumière');
    expect((await post('/control/throttle', { count: -1 })).status).toBe(400);
    expect((await post('/control/webhooks/drop', { count: 2 })).body).toEqual({ droppedDeliveries: 2 });
    const state = (await (await emu.app.request('/control/state')).json()) as { pendingDrops: number };
    expect(state.pendingDrops).toBe(2);
  });

  it('uninstalls and raises compliance requests through the API', async () => {
    expect((await post(`/control/shops/${DEMO}/uninstall`)).status).toBe(409);
    expect((await post(`/control/shops/${DEMO}/compliance`, { topic: 'shop/redact' })).status).toBe(409);
    await emu.state.installApp(DEMO);
    expect((await post(`/control/shops/${DEMO}/compliance`, { topic: 'customers/redact' })).body.error).toMatch(/customerId/);
    expect((await post(`/control/shops/${DEMO}/compliance`, { topic: 'nope' })).status).toBe(400);
    const r = await post(`/control/shops/${DEMO}/compliance`, { topic: 'shop/redact' });
    expect(r.body.deliveries[0]).toMatchObject({ topic: 'shop/redact', uri: 'http://localhost:3000/webhooks/shopify' });
    expect((await post(`/control/shops/${DEMO}/uninstall`)).body).toEqual({ uninstalled: true });
  });

  it('resets to the demo shop', async () => {
    await emu.state.createShop({ domain: 'temp' });
    await emu.state.createOrder(DEMO, { email: 'a@example.com', total: 1 });
    expect((await post('/control/reset')).status).toBe(200);
    const shops = await emu.state.listShops();
    expect(shops.map((s) => s.domain)).toEqual([DEMO]);
    expect(await emu.state.listOrders(DEMO)).toEqual([]);
  });
});

describe('HTML pages', () => {
  it('the control page lists shops with links and French forms with labels', async () => {
    const res = await emu.app.request('/');
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Émulateur Shopify</h1>');
    expect(html).toContain(`href="/_shopify/store/${DEMO}/admin"`);
    expect(html).toContain('<label for="new-shop-domain">');
    expect(html).toContain('id="new-shop-domain"');
    expect(html).not.toMatch(/<(script|link)\b/);
  });

  it('forms post to the control API and come back with a notice', async () => {
    const res = await emu.app.request('/control/shops', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ domain: 'depuis-formulaire', name: 'Depuis le formulaire', email: '', currency: 'EUR' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/_shopify?notice=shop_created');
    const page = await (await emu.app.request('/?notice=shop_created')).text();
    expect(page).toContain('La boutique a été créée.');
    expect(page).toContain('Depuis le formulaire');

    const order = await emu.app.request(`/control/shops/${DEMO}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        customerId: '',
        email: 'client@example.com',
        total: '12,50',
        currency: 'EUR',
        createdAt: '2026-09-01T10:00',
        financialStatus: 'pending',
      }).toString(),
    });
    expect(order.status).toBe(303);
    const [created] = await emu.state.listOrders(DEMO);
    expect(created).toMatchObject({ totalCents: 1250, createdAt: '2026-09-01T10:00:00Z', financialStatus: 'PENDING' });

    const admin = await (await emu.app.request(`/store/${DEMO}/admin`)).text();
    expect(admin).toContain('#1001');
    expect(admin).toContain('client@example.com');
    expect(admin).toContain('Marquer comme payée');
    const pay = await emu.app.request(`/control/orders/${created!.id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect: `/_shopify/store/${DEMO}/admin` }).toString(),
    });
    expect(pay.headers.get('Location')).toBe(`/_shopify/store/${DEMO}/admin?notice=order_updated`);
    const evil = await emu.app.request(`/control/orders/${created!.id}/fulfil`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect: 'https://evil.example/' }).toString(),
    });
    expect(evil.headers.get('Location')).toBe('/_shopify?notice=order_updated');

    const bad = await emu.app.request('/control/shops', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'domain=%21%21',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Requête invalide');
  });

  it('escapes user data in pages', async () => {
    await emu.state.createShop({ domain: 'xss', name: '<script>alert(1)</script>' });
    const html = await (await emu.app.request('/')).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('unknown shop pages answer 404 in French', async () => {
    const res = await emu.app.request('/store/inconnue.myshopify.com/admin');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Boutique introuvable');
  });
});

describe('persistence', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shopify-emulator-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the state atomically and loads it at the next start', async () => {
    const statePath = join(dir, 'nested', 'state.json');
    const first = createTestEmulator({ statePath });
    expect(existsSync(statePath)).toBe(true);
    await first.state.createShop({ domain: 'persistante', name: 'Persistante' });
    const { access_token } = await first.state.installApp('persistante', { expiring: false });
    await first.state.createOrder('persistante', { email: 'a@example.com', total: 3 });
    await first.close();

    const json = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(json.version).toBe(1);
    expect(json.shops.map((s: { domain: string }) => s.domain)).toEqual([DEMO, 'persistante.myshopify.com']);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['state.json']);

    const second = createTestEmulator({ statePath });
    try {
      expect((await second.state.listShops()).map((s) => s.domain)).toEqual([DEMO, 'persistante.myshopify.com']);
      expect((await second.state.listOrders('persistante'))[0]!.name).toBe('#1001');
      expect((await second.gql('persistante.myshopify.com', access_token, '{ shop { name } }')).body.data.shop.name).toBe('Persistante');
      // New ids continue after the persisted ones.
      const order = await second.state.createOrder('persistante', { email: 'b@example.com', total: 3 });
      expect(order.name).toBe('#1002');
    } finally {
      await second.close();
    }
  });
});
