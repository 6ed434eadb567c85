import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, createTestEmulator, type TestEmulator } from '../test-support';

let emu: TestEmulator;
let token: string;
const RETURN = 'http://localhost:3000/functions/v1/shopify-billing-callback?store_id=42';

const CREATE = `mutation CreateSubscription($name: String!, $returnUrl: URL!, $test: Boolean, $trialDays: Int, $lineItems: [AppSubscriptionLineItemInput!]!) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, test: $test, trialDays: $trialDays, lineItems: $lineItems) {
    appSubscription { id name status test }
    confirmationUrl
    userErrors { field message }
  }
}`;
const ACTIVE = `{ currentAppInstallation { id activeSubscriptions { id name status test createdAt currentPeriodEnd
  lineItems { plan { pricingDetails { __typename ... on AppRecurringPricing { price { amount currencyCode } interval } } } } } } }`;

const lineItems = (amount: number) => [{ plan: { appRecurringPricingDetails: { price: { amount, currencyCode: 'USD' }, interval: 'EVERY_30_DAYS' } } }];

async function create(name = 'Pro', amount = 29.99) {
  const { body } = await emu.gql(DEMO, token, CREATE, { name, returnUrl: RETURN, test: true, lineItems: lineItems(amount) });
  return body.data.appSubscriptionCreate;
}

function pathOf(url: string) {
  const u = new URL(url);
  return u.pathname.replace(/^\/_shopify/, '');
}

beforeEach(async () => {
  emu = createTestEmulator();
  token = (await emu.state.installApp(DEMO, { expiring: false })).access_token;
  const { body } = await emu.gql(
    DEMO,
    token,
    `mutation { webhookSubscriptionCreate(topic: APP_SUBSCRIPTIONS_UPDATE, webhookSubscription: { uri: "http://localhost:3000/webhooks/shopify" }) { userErrors { message } } }`,
  );
  expect(body.data.webhookSubscriptionCreate.userErrors).toEqual([]);
});
afterEach(() => emu.close());

describe('billing', () => {
  it('create → PENDING with a confirmation page; approve → ACTIVE, webhook, redirect with charge_id', async () => {
    const created = await create();
    expect(created.userErrors).toEqual([]);
    expect(created.appSubscription).toMatchObject({ name: 'Pro', status: 'PENDING', test: true });
    const id = Number(created.appSubscription.id.split('/').pop());
    expect(created.confirmationUrl).toBe(`http://localhost:3000/_shopify/store/${DEMO}/admin/charges/${id}/confirm`);

    const page = await emu.app.request(pathOf(created.confirmationUrl));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pro');
    expect(html).toMatch(/29,99\s\$US tous les 30 jours/);
    expect(html).toContain('>Approuver</button>');
    expect(html).toContain('>Refuser</button>');
    expect(html).toContain(`action="/_shopify/store/${DEMO}/admin/charges/${id}/approve"`);

    expect((await emu.gql(DEMO, token, ACTIVE)).body.data.currentAppInstallation.activeSubscriptions).toEqual([]);

    const res = await emu.app.request(`/store/${DEMO}/admin/charges/${id}/approve`, { method: 'POST' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('Location')!);
    expect(back.searchParams.get('store_id')).toBe('42');
    expect(back.searchParams.get('charge_id')).toBe(String(id));

    const installation = (await emu.gql(DEMO, token, ACTIVE)).body.data.currentAppInstallation;
    expect(installation.id).toMatch(/^gid:\/\/shopify\/AppInstallation\/\d+$/);
    expect(installation.activeSubscriptions).toHaveLength(1);
    expect(installation.activeSubscriptions[0]).toMatchObject({
      id: created.appSubscription.id,
      name: 'Pro',
      status: 'ACTIVE',
      test: true,
      lineItems: [{ plan: { pricingDetails: { __typename: 'AppRecurringPricing', price: { amount: '29.99', currencyCode: 'USD' }, interval: 'EVERY_30_DAYS' } } }],
    });
    expect(Date.parse(installation.activeSubscriptions[0].currentPeriodEnd)).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    await emu.state.whenIdle();
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]!.headers['x-shopify-topic']).toBe('app_subscriptions/update');
    const shop = (await emu.state.getShop(DEMO))!;
    expect(JSON.parse(emu.requests[0]!.body)).toEqual({
      app_subscription: {
        admin_graphql_api_id: created.appSubscription.id,
        name: 'Pro',
        status: 'ACTIVE',
        admin_graphql_api_shop_id: shop.gid,
        created_at: expect.stringMatching(/\+00:00$/),
        updated_at: expect.stringMatching(/\+00:00$/),
        currency: 'USD',
        capped_amount: null,
        price: '29.99',
        interval: 'every_30_days',
        plan_handle: null,
      },
    });

    // A second approval replaces the first (CANCELLED, with its own webhook).
    const next = await create('Enterprise', 99.99);
    const nextId = next.appSubscription.id.split('/').pop();
    await emu.app.request(`/store/${DEMO}/admin/charges/${nextId}/approve`, { method: 'POST' });
    await emu.state.whenIdle();
    const statuses = emu.requests.slice(1).map((r) => JSON.parse(r.body).app_subscription);
    expect(statuses.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Pro', 'CANCELLED'],
      ['Enterprise', 'ACTIVE'],
    ]);
    const active = (await emu.gql(DEMO, token, ACTIVE)).body.data.currentAppInstallation.activeSubscriptions;
    expect(active.map((s: { name: string }) => s.name)).toEqual(['Enterprise']);

    // Approving twice is refused.
    expect((await emu.app.request(`/store/${DEMO}/admin/charges/${id}/approve`, { method: 'POST' })).status).toBe(409);
  });

  it('decline → DECLINED, webhook, and the merchant is sent to the Shopify admin (not the returnUrl); nothing active', async () => {
    const created = await create();
    const id = created.appSubscription.id.split('/').pop();
    const res = await emu.app.request(`/store/${DEMO}/admin/charges/${id}/decline`, { method: 'POST' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('Location')!);
    expect(location.pathname).toBe(`/_shopify/store/${DEMO}/admin`);
    expect(location.searchParams.get('charge_id')).toBeNull();
    const admin = await emu.app.request(`/store/${DEMO}/admin?notice=charge_declined`);
    expect(await admin.text()).toContain('Vous avez refusé le paiement');
    await emu.state.whenIdle();
    expect(JSON.parse(emu.requests[0]!.body).app_subscription.status).toBe('DECLINED');
    expect((await emu.gql(DEMO, token, ACTIVE)).body.data.currentAppInstallation.activeSubscriptions).toEqual([]);
    const page = await emu.app.request(`/store/${DEMO}/admin/charges/${id}/confirm`);
    expect(page.status).toBe(409);
  });

  it('a charge left pending for 2 days expires, with its webhook', async () => {
    const created = await create();
    emu.clock.advance(2 * 86_400_000 - 60_000);
    expect((await emu.state.listAppSubscriptions(DEMO))[0]!.status).toBe('PENDING');
    emu.clock.advance(60_000);
    expect((await emu.state.listAppSubscriptions(DEMO))[0]!.status).toBe('EXPIRED');
    await emu.state.whenIdle();
    expect(emu.requests.map((r) => JSON.parse(r.body).app_subscription)).toMatchObject([{ admin_graphql_api_id: created.appSubscription.id, status: 'EXPIRED' }]);
    const id = created.appSubscription.id.split('/').pop();
    expect((await emu.app.request(`/store/${DEMO}/admin/charges/${id}/approve`, { method: 'POST' })).status).toBe(409);
  });

  it('appSubscriptionCancel cancels the active subscription', async () => {
    const created = await create();
    await emu.state.approveAppSubscription(DEMO, created.appSubscription.id);
    const { body } = await emu.gql(DEMO, token, `mutation($id: ID!) { appSubscriptionCancel(id: $id) { appSubscription { id status } userErrors { message } } }`, {
      id: created.appSubscription.id,
    });
    expect(body.data.appSubscriptionCancel).toEqual({ appSubscription: { id: created.appSubscription.id, status: 'CANCELLED' }, userErrors: [] });
    await emu.state.whenIdle();
    expect(emu.requests.map((r) => JSON.parse(r.body).app_subscription.status)).toEqual(['ACTIVE', 'CANCELLED']);
  });

  it('reports userErrors for invalid input', async () => {
    const { body } = await emu.gql(DEMO, token, CREATE, { name: ' ', returnUrl: 'not-a-url', lineItems: [] });
    const r = body.data.appSubscriptionCreate;
    expect(r.appSubscription).toBeNull();
    expect(r.confirmationUrl).toBeNull();
    expect(r.userErrors.map((e: { field: string[] }) => e.field[0])).toEqual(['name', 'returnUrl', 'lineItems']);
  });
});
