// The emulator seen through @shopify/shopify-api (the version package.json pins), the library the app uses: its HMAC checks,
// GraphQL client, token refresh, webhook registration and validation, and billing helpers.
import '@shopify/shopify-api/adapters/web-api';
import { ApiVersion, BillingInterval, DeliveryMethod, LogSeverity, Session, shopifyApi } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paramsOf } from '../crypto';
import { APP, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

let emu: TestEmulator;

const api = shopifyApi({
  apiKey: APP.apiKey,
  apiSecretKey: APP.apiSecret,
  scopes: ['read_orders'],
  hostName: 'localhost:3000',
  hostScheme: 'http',
  apiVersion: ApiVersion.July26,
  isEmbeddedApp: false,
  billing: { Pro: { lineItems: [{ amount: 29.99, currencyCode: 'USD', interval: BillingInterval.Every30Days }] } },
  logger: { level: LogSeverity.Error, log: async () => {} },
});

// What the app's fetch does: https://{shop}/… → {baseUrl}/store/{shop}/… (here straight into Hono).
setAbstractFetchFunc((async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url);
  if (!url.hostname.endsWith('.myshopify.com')) throw new Error(`unexpected request to ${url}`);
  return emu.app.request(`/store/${url.hostname}${url.pathname}${url.search}`, init);
}) as typeof fetch);

beforeEach(() => {
  emu = createTestEmulator();
});
afterEach(() => emu.close());

function session(accessToken: string) {
  return new Session({ id: `offline_${DEMO}`, shop: DEMO, state: '', isOnline: false, accessToken });
}

describe('@shopify/shopify-api against the emulator', () => {
  it('validates the install link and the OAuth callback HMAC', async () => {
    const install = paramsOf(await emu.state.installLink(DEMO)) as Record<string, string>;
    expect(await api.utils.validateHmac(install)).toBe(true);
    expect(api.utils.sanitizeHost(install.host!)).toBe(install.host);

    const res = await emu.app.request(`/store/${DEMO}/admin/oauth/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: APP.apiKey, scope: 'read_orders', redirect_uri: APP.redirectUris[0]!, state: '1234.5678', decision: 'approve' }).toString(),
    });
    const callback = Object.fromEntries(new URL(res.headers.get('Location')!).searchParams);
    expect(await api.utils.validateHmac(callback)).toBe(true);
    expect(await api.utils.validateHmac({ ...callback, state: 'tampered' })).toBe(false);
  });

  it('refreshes a token with auth.refreshToken', async () => {
    const tokens = await emu.state.installApp(DEMO);
    const { session: refreshed } = await api.auth.refreshToken({ shop: DEMO, refreshToken: tokens.refresh_token! });
    expect(refreshed.accessToken).toMatch(/^shpat_/);
    expect(refreshed.refreshToken).toMatch(/^shprt_/);
    expect(refreshed.expires!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    await expect(api.auth.refreshToken({ shop: DEMO, refreshToken: tokens.refresh_token! })).rejects.toThrow();
  });

  it('queries with the GraphQL client and reports 401 for a bad token', async () => {
    const { access_token } = await emu.state.installApp(DEMO, { expiring: false });
    await emu.state.createOrder(DEMO, { email: 'a@example.com', total: '19.90' });
    const client = new api.clients.Graphql({ session: session(access_token) });
    const res = await client.request<{ shop: { name: string }; orders: { nodes: { name: string }[] } }>(
      `query { shop { name } orders(first: 5, query: "financial_status:paid") { nodes { name } } }`,
    );
    expect(res.data?.shop.name).toBe('Maison Lumière');
    expect(res.data?.orders.nodes).toEqual([{ name: '#1001' }]);
    expect(res.extensions?.cost).toBeDefined();

    const bad = new api.clients.Graphql({ session: session('shpat_nope') });
    await expect(bad.request('{ shop { name } }')).rejects.toMatchObject({ response: { code: 401 } });
  });

  it('registers webhooks with webhooks.register and validates deliveries with webhooks.validate', async () => {
    const { access_token } = await emu.state.installApp(DEMO, { expiring: false });
    api.webhooks.addHandlers({
      ORDERS_PAID: { deliveryMethod: DeliveryMethod.Http, callbackUrl: '/webhooks/shopify' },
      APP_UNINSTALLED: { deliveryMethod: DeliveryMethod.Http, callbackUrl: '/webhooks/shopify' },
    });
    const result = await api.webhooks.register({ session: session(access_token) });
    expect(result.ORDERS_PAID?.[0]?.success).toBe(true);
    expect(result.APP_UNINSTALLED?.[0]?.success).toBe(true);
    const subs = await emu.state.listWebhookSubscriptions(DEMO);
    expect(subs.map((s) => [s.topic, s.uri])).toEqual([
      ['ORDERS_PAID', 'http://localhost:3000/webhooks/shopify'],
      ['APP_UNINSTALLED', 'http://localhost:3000/webhooks/shopify'],
    ]);
    // A second run finds them and changes nothing.
    const again = await api.webhooks.register({ session: session(access_token) });
    expect(again.ORDERS_PAID).toEqual([]);

    await emu.state.createOrder(DEMO, { email: 'a@example.com', total: 10 });
    await emu.state.whenIdle();
    const delivered = emu.requests[0]!;
    const request = new Request(delivered.url, { method: 'POST', headers: delivered.headers, body: delivered.body });
    const check = await api.webhooks.validate({ rawBody: delivered.body, rawRequest: request });
    expect(check).toMatchObject({ valid: true, topic: 'ORDERS_PAID', domain: DEMO, webhookId: delivered.headers['x-shopify-webhook-id'] });
    const forged = new Request(delivered.url, { method: 'POST', headers: delivered.headers, body: `${delivered.body} ` });
    expect((await api.webhooks.validate({ rawBody: `${delivered.body} `, rawRequest: forged })).valid).toBe(false);
  });

  it('bills with billing.request and billing.check', async () => {
    const { access_token } = await emu.state.installApp(DEMO, { expiring: false });
    const s = session(access_token);
    const confirmationUrl = await api.billing.request({ session: s, plan: 'Pro', isTest: true, returnUrl: 'http://localhost:3000/billing/done' });
    expect(confirmationUrl).toMatch(/\/_shopify\/store\/maison-lumiere\.myshopify\.com\/admin\/charges\/\d+\/confirm$/);
    expect(await api.billing.check({ session: s, plans: ['Pro'], isTest: true })).toBe(false);
    const id = confirmationUrl.match(/charges\/(\d+)\//)![1]!;
    await emu.app.request(`/store/${DEMO}/admin/charges/${id}/approve`, { method: 'POST' });
    expect(await api.billing.check({ session: s, plans: ['Pro'], isTest: true })).toBe(true);
    const subs = await api.billing.subscriptions({ session: s });
    expect(subs.activeSubscriptions.map((x) => x.name)).toEqual(['Pro']);
    const cancelled = await api.billing.cancel({ session: s, subscriptionId: `gid://shopify/AppSubscription/${id}`, isTest: true });
    expect(cancelled.status).toBe('CANCELLED');
  });
});
