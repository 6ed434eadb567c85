// The local Shopify's storefront, as strict as Shopify where the app depends on it (decision 043): each
// shop on an origin of its own, the block's script `<script async>` in <head> (a browser gets <head>
// first), the app block's deep link with its `target`, the app proxy only for an app holding
// write_app_proxy, at the place the merchant chose, with the client's address forwarded; each published
// language but the primary one in its subfolder (`/en/`), which sets Liquid's `request.locale` and picks
// the extension's locale file, key by key over the default one.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signProxyQuery } from '../storefront/routes';
import { loadThemeExtension } from '../storefront/theme';
import { APP, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

const EXTENSION = fileURLToPath(new URL('../../../extensions/avis-clients', import.meta.url));
const SITE = 'http://maison-lumiere.myshopify.localhost:3000';
let emu: TestEmulator;

const editor = (query: string) => emu.app.request(`/store/${DEMO}/admin/themes/current/editor?${query}`);
const site = (path: string, init?: RequestInit) => emu.storefront!.fetch(new Request(`${SITE}${path}`, init));

beforeEach(async () => {
  emu = createTestEmulator({ storefront: { extensionDir: EXTENSION, proxy: { url: 'http://localhost:3000/storefront-proxy', prefix: 'apps', subpath: 'avis' } } });
  emu.respond(() => new Response('{"page":1}', { status: 200, headers: { 'content-type': 'application/json' } }));
});
afterEach(() => emu.close());

describe('the storefront on the local Shopify', () => {
  it('serves each shop on its own origin, and its domains, the primary one first', async () => {
    expect(emu.storefront!.serves(`${SITE}/`)).toBe(true);
    expect(emu.storefront!.serves('http://localhost:3000/')).toBe(false);
    expect(emu.storefront!.serves('http://other.myshopify.localhost:3000/')).toBe(false);
    const shop = await emu.state.setStorefront(DEMO, { domains: ['maison-lumiere.localhost'] });
    expect(shop.storefrontUrl).toBe('http://maison-lumiere.localhost:3000/');
    expect(emu.storefront!.serves('http://maison-lumiere.localhost:3000/')).toBe(true);
    await expect(emu.state.setStorefront(DEMO, { domains: ['example.com'] })).rejects.toThrow(/\.localhost/);
    // The old address leads to the storefront.
    const old = await emu.app.request(`/store/${DEMO}/storefront`);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe('http://maison-lumiere.localhost:3000/');
  });

  it('links each shop to its storefront from its admin and from the control page, on the primary domain', async () => {
    const admin = async () => (await emu.app.request(`/store/${DEMO}/admin`)).text();
    const control = async () => (await emu.app.request('/')).text();
    expect(await admin()).toContain(`<a href="${SITE}/">Voir la boutique</a>`);
    expect(await control()).toContain(`<a href="${SITE}/">Voir la boutique en ligne</a>`);
    await emu.state.setStorefront(DEMO, { domains: ['maison-lumiere.localhost'] });
    expect(await admin()).toContain('<a href="http://maison-lumiere.localhost:3000/">Voir la boutique</a>');
    const page = await control();
    expect(page).toContain('<a href="http://maison-lumiere.localhost:3000/">Voir la boutique en ligne</a>');
    expect(page).toMatch(/<td><a href="http:\/\/maison-lumiere\.localhost:3000\/">Boutique [^<]+<\/a><\/td>/);
  });

  it('links to no storefront where the local Shopify serves none', async () => {
    const bare = createTestEmulator();
    try {
      expect(await (await bare.app.request(`/store/${DEMO}/admin`)).text()).not.toContain('Voir la boutique');
      expect(await (await bare.app.request('/')).text()).not.toContain('Voir la boutique');
    } finally {
      bare.close();
    }
  });

  it('adds an app block only with a target, as Shopify documents the deep link', async () => {
    const id = `${APP.apiKey}/avis-clients`;
    expect((await editor(`template=index&addAppBlockId=${id}`)).status).toBe(400);
    expect((await editor(`template=index&addAppBlockId=${id}&target=nowhere`)).status).toBe(400);
    const ok = await editor(`template=index&addAppBlockId=${id}&target=newAppsSection`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Ajouté au thème : Avis et notes.');
  });

  it('loads a block’s script async in <head>, its stylesheet there too, and embeds before </body>', async () => {
    await emu.state.installApp(DEMO, { scope: 'read_orders,write_app_proxy' });
    await editor(`template=index&addAppBlockId=${APP.apiKey}/avis-clients&target=newAppsSection`);
    await editor(`context=apps&template=index&activateAppId=${APP.apiKey}/badge-avis`);
    const html = await (await site('/')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<script src="\/extensions\/avis-clients\/assets\/avis-clients\.js\?v=[0-9a-f]+" async><\/script>/);
    expect(head).toMatch(/<link rel="stylesheet" href="\/extensions\/avis-clients\/assets\/avis-clients\.css/);
    // One script for the block and the embed that both name it.
    expect(html.match(/avis-clients\.js/g)).toHaveLength(1);
    expect(html.slice(html.indexOf('</head>'))).not.toContain('<script');
    const script = await site(`/extensions/avis-clients/assets/avis-clients.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
  });

  it('proxies only for an app holding write_app_proxy, at the place the merchant chose, signed as Shopify signs', async () => {
    await emu.state.installApp(DEMO, { scope: 'read_orders' });
    expect((await site('/apps/avis/avis?page=2')).status).toBe(404);
    await emu.state.installApp(DEMO, { scope: 'read_orders,write_app_proxy' });
    const res = await site('/apps/avis/avis?page=2&shop=victim.myshopify.com', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(200);
    const forwarded = emu.requests.at(-1)!;
    const url = new URL(forwarded.url);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/storefront-proxy/avis');
    // The visitor's own `shop` is replaced, never joined: one of each of Shopify's parameters.
    expect(url.searchParams.getAll('shop')).toEqual([DEMO]);
    expect(url.searchParams.get('path_prefix')).toBe('/apps/avis');
    expect(url.searchParams.get('logged_in_customer_id')).toBe('');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('signature')).toBe(signProxyQuery(url.searchParams, APP.apiSecret));
    expect(forwarded.headers['x-forwarded-for']).toBe('203.0.113.9');

    // The merchant moves the proxy: the old place is no one's, the new one is signed as such.
    await emu.state.setStorefront(DEMO, { proxy: { prefix: 'a', subpath: 'avis-clients' } });
    expect((await site('/apps/avis/avis?page=2')).status).toBe(404);
    expect((await site('/a/avis-clients/methode')).status).toBe(200);
    expect(new URL(emu.requests.at(-1)!.url).searchParams.get('path_prefix')).toBe('/a/avis-clients');
    await expect(emu.state.setStorefront(DEMO, { proxy: { prefix: 'shop', subpath: 'x' } })).rejects.toThrow(/prefix/);
  });

  it('serves each published language but the primary one in its subfolder, with request.locale and the language’s locale file', async () => {
    await emu.state.installApp(DEMO, { scope: 'read_orders,write_app_proxy' });
    await editor(`template=index&addAppBlockId=${APP.apiKey}/avis-clients&target=newAppsSection`);
    // French alone unless the merchant publishes more: no subfolder is a page.
    expect((await site('/en/')).status).toBe(404);
    await emu.state.setStorefront(DEMO, { languages: ['fr', 'en', 'de'] });
    const home = await (await site('/')).text();
    expect(home).toContain('<html lang="fr">');
    expect(home).toContain('Avis clients');
    for (const path of ['/en', '/en/']) {
      const res = await site(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('Customer reviews');
      expect(html).toContain('No reviews yet.');
    }
    expect(await (await site('/de/')).text()).toContain('Kundenbewertungen');
    // The primary language has no subfolder; a language not published, or no language, is no page.
    for (const path of ['/fr/', '/es/', '/EN/', '/xx/']) expect((await site(path)).status, path).toBe(404);
    await expect(emu.state.setStorefront(DEMO, { languages: [] })).rejects.toThrow(/primary/);
    await expect(emu.state.setStorefront(DEMO, { languages: ['fr', 'english'] })).rejects.toThrow(/ISO code/);
    await expect(emu.state.setStorefront(DEMO, { languages: ['fr', 'en', 'en'] })).rejects.toThrow(/once/);
    // Another primary language is the root's.
    await emu.state.setStorefront(DEMO, { languages: ['en', 'fr'] });
    expect(await (await site('/')).text()).toContain('<html lang="en">');
    expect(await (await site('/fr/')).text()).toContain('Avis clients');
    expect((await site('/en/')).status).toBe(404);
  });

  it('reads a key from the locale file of the ISO code, else of its language, else the default one, as Shopify does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'extension-'));
    try {
      cpSync(EXTENSION, dir, { recursive: true });
      // English without its title: that one key falls back to the default (French) file.
      const en = JSON.parse(readFileSync(join(dir, 'locales', 'en.json'), 'utf8')) as { avis: Record<string, unknown> };
      delete en.avis.titre;
      writeFileSync(join(dir, 'locales', 'en.json'), JSON.stringify(en));
      const extension = loadThemeExtension(dir, (file) => file);
      expect(extension.defaultLocale).toBe('fr');
      const title = async (iso: string) => {
        const html = await extension.render('avis-clients', { blockId: 'b', app: {}, shop: {}, locale: { iso_code: iso, primary: false, root_url: `/${iso}` } });
        return [/<h2[^>]*>([^<]*)<\/h2>/.exec(html)![1], /avis-clients__vide">([^<]*)</.exec(html)![1]];
      };
      expect(await title('en')).toEqual(['Avis clients', 'No reviews yet.']);
      expect(await title('en-CA')).toEqual(['Avis clients', 'No reviews yet.']);
      expect(await title('de-AT')).toEqual(['Kundenbewertungen', 'Noch keine Bewertungen.']);
      // A language the extension does not ship: the default file.
      expect(await title('pt-BR')).toEqual(['Avis clients', 'Aucun avis pour l’instant.']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
