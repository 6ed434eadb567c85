// Shopify-managed installation from the shop's admin (issue 47, decision 053): the App Store's button
// installs the app with the scopes its configuration declares, with no redirect to the app and no
// token, then opens the app in the admin that frames it; the app gets its token by token exchange.
import { afterEach, describe, expect, it } from 'vitest';
import { ID_TOKEN_TYPE, OFFLINE_ACCESS_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '../areas/installation';
import { APP, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

const DECLARED = 'read_orders,read_customers';
const MANAGED_BUTTON = "Installer depuis l'App Store (installation gérée par Shopify)";
let emu: TestEmulator;

afterEach(() => emu.close());

const shopOf = async (shop = DEMO) => (await emu.state.getShop(shop))!;
const adminHtml = async (shop = DEMO) => (await emu.app.request(`/store/${shop}/admin`)).text();
const installManaged = (shop = DEMO) =>
  emu.app.request(`/store/${shop}/admin/apps/install-managed`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
  });

async function exchange(shop = DEMO) {
  const res = await emu.app.request(`/store/${shop}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_id: APP.apiKey,
      client_secret: APP.apiSecret,
      grant_type: TOKEN_EXCHANGE_GRANT,
      subject_token: await emu.state.sessionToken(shop),
      subject_token_type: ID_TOKEN_TYPE,
      requested_token_type: OFFLINE_ACCESS_TOKEN_TYPE,
      expiring: '1',
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the admin page of a shop without the app', () => {
  it('offers the managed installation as a form button next to the standalone install link', async () => {
    emu = createTestEmulator({ app: { ...APP, scopes: DECLARED } });
    const page = await adminHtml();
    expect(page).toContain(`href="/_shopify/store/${DEMO}/admin/apps/install"`);
    expect(page).toContain("Installer l'application");
    const at = page.indexOf(`<form method="post" action="/_shopify/store/${DEMO}/admin/apps/install-managed">`);
    expect(at).toBeGreaterThan(-1);
    expect(page.slice(at, page.indexOf('</form>', at))).toContain(`<button type="submit" class="secondary">${MANAGED_BUTTON}</button>`);
  });

  it('says why there is no managed installation when the app declares no scopes', async () => {
    emu = createTestEmulator();
    const page = await adminHtml();
    expect(page).not.toContain('install-managed');
    expect(page).toContain("L'installation gérée par Shopify demande les autorisations déclarées par l'application");
    expect(page).toContain("Installer l'application");
  });

  it('offers neither once the app is installed', async () => {
    emu = createTestEmulator({ app: { ...APP, scopes: DECLARED } });
    await emu.state.installManaged(DEMO);
    const page = await adminHtml();
    expect(page).not.toContain('install-managed');
    expect(page).toContain('Installée');
  });
});

describe('the managed installation', () => {
  it('installs with the declared scopes, issues no token, calls nothing of the app and opens the app in the admin', async () => {
    emu = createTestEmulator({ app: { ...APP, scopes: DECLARED } });
    expect((await shopOf()).installed).toBe(false);
    const res = await installManaged();
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`/_shopify/admin/${DEMO}/apps/${APP.apiKey}`);
    expect(await shopOf()).toMatchObject({ installed: true, installation: { scopes: ['read_orders', 'read_customers'] } });
    expect(await emu.state.listTokens(DEMO)).toEqual([]);
    expect(emu.requests).toEqual([]);

    // The admin now frames the app (it answered 409 before), whose document lets it.
    emu.respond(() => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': "frame-ancestors 'self'" } }));
    const frame = await emu.app.request(`/admin/${DEMO}/apps/${APP.apiKey}`);
    expect(frame.status).toBe(200);
    expect(await frame.text()).toContain('<iframe');
    expect(emu.requests.map((r) => new URL(r.url).pathname)).toEqual(['/app/dashboard']);

    // The app's first load exchanges its session token: the token holds the declared scopes.
    const { status, body } = await exchange();
    expect(status).toBe(200);
    expect(body.scope).toBe('read_orders,read_customers');
    expect((await emu.state.listTokens(DEMO)).map((t) => t.grant)).toEqual(['token_exchange']);
  });

  it('the admin frame refuses a shop that was not installed, the managed way or another', async () => {
    emu = createTestEmulator({ app: { ...APP, scopes: DECLARED } });
    expect((await emu.app.request(`/admin/${DEMO}/apps/${APP.apiKey}`)).status).toBe(409);
  });

  it('installs again after an uninstall, and only opens an installed app (brought to the declared scopes)', async () => {
    emu = createTestEmulator({ app: { ...APP, scopes: DECLARED } });
    await emu.state.installApp(DEMO, { scope: 'read_orders' });
    const installedAt = (await shopOf()).installation!.installedAt;
    expect((await installManaged()).status).toBe(303);
    expect(await shopOf()).toMatchObject({ installed: true, installation: { installedAt, scopes: ['read_orders', 'read_customers'] } });
    // The token the standalone install issued is left alone.
    expect((await emu.state.listTokens(DEMO)).filter((t) => !t.revokedAt)).toHaveLength(1);

    await emu.state.uninstall(DEMO);
    expect((await installManaged()).status).toBe(303);
    expect(await shopOf()).toMatchObject({ installed: true, installation: { uninstalledAt: null, scopes: ['read_orders', 'read_customers'] } });
  });

  it('is refused in French when the app declares no scopes, and for an unknown shop', async () => {
    emu = createTestEmulator();
    const res = await installManaged();
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('Action impossible');
    expect((await shopOf()).installed).toBe(false);
    expect((await installManaged('inconnue.myshopify.com')).status).toBe(404);
  });

  it('is in the state API and the control API too', async () => {
    emu = createTestEmulator({ app: { ...APP, scopes: DECLARED } });
    const other = await emu.state.createShop({ domain: 'atelier-gere.myshopify.com', name: 'Atelier géré' });
    expect(await emu.state.installManaged(DEMO)).toEqual(['read_orders', 'read_customers']);
    const res = await emu.app.request(`/control/shops/${other.domain}/install-managed`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ installed: true, scopes: ['read_orders', 'read_customers'] });
    expect(await emu.state.listTokens(other.domain)).toEqual([]);

    await emu.close();
    emu = createTestEmulator();
    const refused = await emu.app.request(`/control/shops/${DEMO}/install-managed`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: expect.stringContaining('declares no access scopes') });
  });
});
