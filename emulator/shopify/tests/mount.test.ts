import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, createTestEmulator, type TestEmulator } from '../test-support';

let emu: TestEmulator;
beforeEach(() => {
  emu = createTestEmulator();
});
afterEach(() => emu.close());

describe('mounted under /_shopify in the product app', () => {
  it('serves every route below the mount point', async () => {
    const parent = new Hono();
    parent.get('/', (c) => c.text('product home'));
    parent.route('/_shopify', emu.app);
    for (const path of ['/_shopify']) {
      const res = await parent.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('Émulateur Shopify');
    }
    expect((await parent.request(`/_shopify/store/${DEMO}/admin`)).status).toBe(200);
    const { access_token } = await emu.state.installApp(DEMO, { expiring: false });
    const res = await parent.request(`/_shopify/store/${DEMO}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': access_token },
      body: JSON.stringify({ query: '{ shop { myshopifyDomain } }' }),
    });
    expect(((await res.json()) as any).data.shop.myshopifyDomain).toBe(DEMO);
    expect(await (await parent.request('/')).text()).toBe('product home');
    const form = await parent.request('/_shopify/control/webhooks/drop', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'count=1',
    });
    expect(form.status).toBe(303);
    expect((await parent.request(form.headers.get('Location')!)).status).toBe(200);
  });
});
