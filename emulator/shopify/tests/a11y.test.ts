// @vitest-environment jsdom
// Accessibility of the emulator's pages with axe-core (rules that need layout, like contrast, are
// left to the browser tests).
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

let emu: TestEmulator;

// jsdom has no canvas; axe only uses it for icon-font heuristics.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

beforeEach(async () => {
  emu = createTestEmulator();
  const { access_token } = await emu.state.installApp(DEMO, { expiring: false });
  const customer = await emu.state.createCustomer(DEMO, { firstName: 'Léa', lastName: 'Dupont', email: 'lea@example.com' });
  await emu.state.createOrder(DEMO, { customerId: customer.id, total: 20, financialStatus: 'pending' });
  await emu.state.createOrder(DEMO, { email: 'guest@example.com', total: 30 });
  const { body } = await emu.gql(
    DEMO,
    access_token,
    `mutation { appSubscriptionCreate(name: "Pro", returnUrl: "http://localhost:3000/done", test: true, trialDays: 7,
      lineItems: [{ plan: { appRecurringPricingDetails: { price: { amount: 29.99, currencyCode: USD } } } }]) { confirmationUrl } }`,
  );
  chargePath = new URL(body.data.appSubscriptionCreate.confirmationUrl).pathname.replace('/_shopify', '');
});
afterEach(() => emu.close());

let chargePath = '';

async function audit(path: string) {
  const res = await emu.app.request(path);
  const html = await res.text();
  document.open();
  document.write(html);
  document.close();
  // The admin frame page's iframe holds the app, audited by the app's own tests.
  const results = await axe.run(document, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('accessibility', () => {
  // The first audit loads axe, and the control page is the longest (every form, the faults' too).
  it('control page', { timeout: 30_000 }, async () => {
    expect(await audit('/')).toEqual([]);
  });
  it('shop admin page', async () => {
    expect(await audit(`/store/${DEMO}/admin`)).toEqual([]);
  });
  it('consent page', async () => {
    const q = new URLSearchParams({ client_id: APP.apiKey, scope: 'read_orders,write_products', redirect_uri: APP.redirectUris[0]!, state: 'x' });
    await emu.state.uninstall(DEMO);
    expect(await audit(`/store/${DEMO}/admin/oauth/authorize?${q}`)).toEqual([]);
  });
  it('billing confirmation page', async () => {
    expect(await audit(chargePath)).toEqual([]);
  });
  it('admin frame page, with the app framed and refused', async () => {
    emu.respond(() => new Response('<!doctype html>', { headers: { 'Content-Security-Policy': "frame-ancestors 'self'" } }));
    expect(await audit(`/admin/${DEMO}/apps/${APP.apiKey}/app/dashboard`)).toEqual([]);
    emu.respond(() => new Response('<!doctype html>', { headers: { 'Content-Security-Policy': "frame-ancestors 'none'" } }));
    expect(await audit(`/admin/${DEMO}/apps/${APP.apiKey}/app/dashboard?token=expired`)).toEqual([]);
  });
  it('error page', async () => {
    expect(await audit('/store/inconnue.myshopify.com/admin')).toEqual([]);
  });
});
