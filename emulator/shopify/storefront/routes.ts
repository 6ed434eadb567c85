// The shop's storefront on the local Shopify (decisions 028 and 043): the theme editor's deep links
// that add the app block or turn on the app embed (in the admin), and the storefront itself on its own
// origin (storefront/domains.ts): a home page rendering the theme app extension's Liquid against the
// installation's app-data metafields (as Shopify does, with no request to the app), in the primary
// language at the root and in each other published language in its subfolder (`/en/`), the extension's
// assets, and the app proxy: /{prefix}/{subpath}/… on the shop forwarded to the app with Shopify's
// signature, wherever the merchant put it.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import type { EmulatorCore } from '../core';
import { randomHex } from '../crypto';
import { appMetafields } from '../graphql/metafields';
import { errorPage, readParams } from '../http';
import { html, page } from '../html';
import type { ShopRecord } from '../types';
import { languageOfSubfolder, languageRoot, proxyPlace, setStorefront, shopForHost, storefrontHosts, storefrontLanguages, storefrontUrl } from './domains';
import { storefrontPage } from './page';
import { loadThemeExtension, type ThemeExtension } from './theme';

export interface StorefrontOptions {
  /** The theme app extension's folder (extensions/<handle>). */
  extensionDir: string;
  /** The app proxy as the app's configuration declares it. */
  proxy: { url: string; prefix: string; subpath: string };
  fetch?: typeof fetch;
}

interface ThemeState {
  blocks: { handle: string; id: string; settings: Record<string, unknown> }[];
  embeds: { handle: string; id: string; settings: Record<string, unknown> }[];
}

/** The storefront's own origin: answers requests whose host is a shop's storefront domain. */
export interface StorefrontHost {
  /** True when `url`'s host is a shop's storefront on the local Shopify. */
  serves(url: string): boolean;
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/** Shopify's app-proxy signature: every parameter `key=value` (repeated keys joined by commas), sorted, joined with nothing; HMAC-SHA256 hex. */
export function signProxyQuery(params: URLSearchParams, secret: string): string {
  const values = new Map<string, string[]>();
  for (const [k, v] of params) if (k !== 'signature') values.set(k, [...(values.get(k) ?? []), v]);
  const message = [...values]
    .map(([k, list]) => `${k}=${list.join(',')}`)
    .sort()
    .join('');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Shopify's documented `target` values of an app block's deep link. */
const DEEP_LINK_TARGET = /^(newAppsSection|mainSection|sectionGroup:(header|footer|aside)|sectionId:[\w-]+)$/;

/** How long a browser's page waits for the scripts of its <head> before its body is sent. */
const SCRIPT_WAIT_MS = 1500;

/** The client's address as Shopify forwards it (X-Forwarded-For): the socket's, or in-process the caller's own header. */
function clientAddress(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // In-process request (tests): no socket.
  }
  return c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() || '127.0.0.1';
}

export function storefrontRoutes(app: Hono, core: EmulatorCore, options: StorefrontOptions): StorefrontHost {
  const handle = options.extensionDir.replace(/\/+$/, '').split('/').pop()!;
  let extension: ThemeExtension | null = null;
  const themeOf = new Map<string, ThemeState>();
  const load = () => (extension ??= loadThemeExtension(options.extensionDir, (file) => `__ASSET__/${file}`));
  const theme = (shop: ShopRecord) => {
    let state = themeOf.get(shop.domain);
    if (!state) themeOf.set(shop.domain, (state = { blocks: [], embeds: [] }));
    return state;
  };
  const primaryUrl = (shop: ShopRecord) => storefrontUrl(core, shop);
  // The admin and control pages link each shop to its storefront from now on.
  core.storefrontServed = true;
  const withShop = (c: Context, fn: (shop: ShopRecord) => Response | Promise<Response>) => {
    const shop = core.resolveShop(c.req.param('shop') ?? '');
    return shop ? fn(shop) : errorPage(c, 404, 'Boutique introuvable', `Aucune boutique ${c.req.param('shop') ?? ''} dans l'émulateur.`, core.homePath);
  };

  // The theme editor's deep links, as Shopify documents them:
  // ?template=index&addAppBlockId={api_key}/{handle}&target=newAppsSection, ?context=apps&activateAppId={api_key}/{handle}.
  app.get('/store/:shop/admin/themes/current/editor', (c) =>
    withShop(c, (shop) => {
      const ext = load();
      const state = theme(shop);
      const added: string[] = [];
      for (const [param, target] of [
        ['addAppBlockId', 'section'],
        ['activateAppId', 'body'],
      ] as const) {
        const value = c.req.query(param);
        if (!value) continue;
        const [apiKey, blockHandle] = value.split('/');
        const block = ext.blocks.get(blockHandle ?? '');
        if (apiKey !== core.app.apiKey || !block || block.schema.target !== target) {
          return errorPage(c, 404, 'Bloc introuvable', `Aucun bloc ${value} dans les extensions de l'application.`, core.homePath);
        }
        // An app block's link says where it goes; without a valid `target` Shopify's editor shows an error.
        if (target === 'section' && !DEEP_LINK_TARGET.test(c.req.query('target') ?? '')) {
          return errorPage(c, 400, 'Lien incomplet', `Le lien n'indique pas où ajouter le bloc (target=${c.req.query('target') ?? ''}).`, core.homePath);
        }
        const list = target === 'section' ? state.blocks : state.embeds;
        if (!list.some((b) => b.handle === block.handle)) list.push({ handle: block.handle, id: `${block.handle}-${list.length + 1}`, settings: {} });
        added.push(block.schema.name);
      }
      const body = html`<section>
        <h1>Éditeur de thème</h1>
        ${added.length ? html`<p role="status">Ajouté au thème : ${added.join(', ')}.</p>` : html`<p>Aucun bloc ajouté.</p>`}
        <p>Blocs d'application sur la page d'accueil : ${state.blocks.map((b) => b.handle).join(', ') || 'aucun'}.</p>
        <p>Intégrations d'application activées : ${state.embeds.map((b) => b.handle).join(', ') || 'aucune'}.</p>
        <p><a href="${primaryUrl(shop)}">Voir la boutique</a></p>
      </section>`;
      return c.html(page('Éditeur de thème', body, { homeHref: core.adminUrl(shop) }));
    }),
  );

  // The storefront moved to its own origin: the old address leads there.
  app.get('/store/:shop/storefront', (c) => withShop(c, (shop) => c.redirect(primaryUrl(shop), 302)));

  // Test and demo control: the shop's domains, where the merchant put the app proxy and the languages
  // the storefront is published in.
  app.post('/control/shops/:shop/storefront', async (c) => {
    const params = (await readParams(c)) ?? {};
    const shop = setStorefront(core, c.req.param('shop'), params as Parameters<typeof setStorefront>[2]);
    return c.json({ domains: storefrontHosts(shop), proxy: proxyPlace(shop, options.proxy), languages: storefrontLanguages(shop), url: primaryUrl(shop) });
  });

  // Scripts a browser's page is waiting for: `?v={token}` of the page that named them.
  const awaited = new Map<string, () => void>();
  const site = new Hono();

  // The home page in `isoCode`, one of the shop's published languages: Liquid's `request.locale`.
  const home = async (c: Context, shop: ShopRecord, isoCode: string) => {
    const ext = load();
    const locale = { iso_code: isoCode, primary: isoCode === storefrontLanguages(shop)[0], root_url: languageRoot(shop, isoCode) };
    const state = theme(shop);
    const installation = shop.installation && !shop.installation.uninstalledAt ? shop.installation : null;
    // Liquid's `app.metafields.<namespace>.<key>`: a json metafield's `value` is the parsed object.
    const metafields = installation ? appMetafields(core, shop.domain, installation.id) : {};
    const appObject = {
      metafields: Object.fromEntries(
        Object.entries(metafields).map(([ns, keys]) => [
          ns,
          Object.fromEntries(Object.entries(keys).map(([key, m]) => [key, { type: m.type, value: m.type === 'json' ? JSON.parse(m.value) : m.value }])),
        ]),
      ),
    };
    // `shop.url` is the primary domain's, whichever domain the page was asked on.
    const shopObject = { name: shop.name, url: primaryUrl(shop).slice(0, -1), domain: shop.domain };
    // An uninstalled app's blocks render nothing, as on Shopify.
    const render = async (list: ThemeState['blocks']) =>
      installation
        ? Promise.all(
            list.map(async (b) => ({
              id: b.id,
              handle: b.handle,
              html: await ext.render(b.handle, { blockId: b.id, settings: b.settings, app: appObject, shop: shopObject, locale }),
            })),
          )
        : [];
    const sections = await render(state.blocks);
    const embeds = await render(state.embeds);
    const used = [...sections, ...embeds].map((r) => ext.blocks.get(r.handle)!.schema);
    const token = randomHex(6);
    const assetPath = (file: string) => `/extensions/${handle}/assets/${encodeURIComponent(file)}?v=${token}`;
    const styles = [...new Set(used.map((s) => s.stylesheet).filter((s): s is string => Boolean(s)))].map(assetPath);
    const scripts = [...new Set(used.map((s) => s.javascript).filter((s): s is string => Boolean(s)))].map(assetPath);
    const withAssets = (text: string) => text.replaceAll('__ASSET__/', `/extensions/${handle}/assets/`);
    const { head, body } = storefrontPage({
      name: shop.name,
      language: isoCode,
      styles,
      scripts,
      sections: sections.map((b) => ({ id: b.id, html: withAssets(b.html) })),
      embeds: embeds.map((b) => ({ id: b.id, html: withAssets(b.html) })),
    });
    // A browser gets <head> first and the body once the head's scripts have reached it: the order a
    // streamed page with a cached script gives on Shopify, where an async script runs before the
    // blocks below it are parsed. A client that fetches no script (a test reading the HTML) waits not.
    const browser = c.req.header('sec-fetch-dest') === 'document' && scripts.length > 0;
    const fetched = browser
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, SCRIPT_WAIT_MS);
          awaited.set(token, () => {
            clearTimeout(timer);
            // The script's bytes are on their way; let the browser run it before the body arrives.
            setTimeout(resolve, 100);
          });
        }).finally(() => awaited.delete(token))
      : Promise.resolve();
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(head));
        await fetched;
        controller.enqueue(encoder.encode(body));
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
  };

  site.get('/', (c) => {
    const shop = shopForHost(core, new URL(c.req.url).hostname)!;
    return home(c, shop, storefrontLanguages(shop)[0]!);
  });
  // Another published language's subfolder (`/en`, `/en/`); the primary language has none and an
  // unpublished language is no page, as on Shopify.
  const inLanguage = (c: Context) => {
    const shop = shopForHost(core, new URL(c.req.url).hostname)!;
    const isoCode = languageOfSubfolder(shop, c.req.param('language') ?? '');
    return isoCode ? home(c, shop, isoCode) : c.text('Not Found', 404);
  };
  site.get('/:language', inLanguage);
  site.get('/:language/', inLanguage);

  site.get('/extensions/:handle/assets/:file', (c) => {
    const file = c.req.param('file');
    if (c.req.param('handle') !== handle || !/^[\w.-]+\.(css|js)$/.test(file)) return c.text('Not Found', 404);
    let body: string;
    try {
      body = readFileSync(join(options.extensionDir, 'assets', file), 'utf8');
    } catch {
      return c.text('Not Found', 404);
    }
    const token = c.req.query('v');
    if (token && file.endsWith('.js')) awaited.get(token)?.();
    return c.body(body, 200, { 'Content-Type': file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=60' });
  });

  // The app proxy: GET /{prefix}/{subpath}/rest?query on the shop → {proxy url}/rest?query&shop&logged_in_customer_id&path_prefix&timestamp&signature.
  site.get('/:prefix/:subpath/*', async (c) => {
    const shop = shopForHost(core, new URL(c.req.url).hostname)!;
    const place = proxyPlace(shop, options.proxy);
    // Shopify proxies only for an installed app that holds write_app_proxy (its documented requirement).
    const installation = shop.installation && !shop.installation.uninstalledAt ? shop.installation : null;
    if (c.req.param('prefix') !== place.prefix || c.req.param('subpath') !== place.subpath || !installation?.scopes.includes('write_app_proxy')) {
      return c.text('Not Found', 404);
    }
    const prefix = `/${place.prefix}/${place.subpath}`;
    const incoming = new URL(c.req.url);
    const rest = incoming.pathname.slice(prefix.length);
    const params = new URLSearchParams(incoming.search);
    for (const key of ['shop', 'logged_in_customer_id', 'path_prefix', 'timestamp', 'signature']) params.delete(key);
    params.set('shop', shop.domain);
    params.set('logged_in_customer_id', '');
    params.set('path_prefix', prefix);
    params.set('timestamp', String(Math.floor(Date.now() / 1000)));
    params.set('signature', signProxyQuery(params, core.app.apiSecret));
    const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
    const answer = await fetcher(`${options.proxy.url}${rest}?${params}`, {
      headers: { accept: c.req.header('accept') ?? '*/*', 'x-forwarded-for': clientAddress(c), 'x-forwarded-host': incoming.host },
    });
    return new Response(await answer.arrayBuffer(), {
      status: answer.status,
      headers: { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain', 'Cache-Control': answer.headers.get('cache-control') ?? 'no-store' },
    });
  });
  site.all('*', (c) => c.text('Not Found', 404));

  return {
    serves: (url) => shopForHost(core, new URL(url).hostname) !== undefined,
    fetch: (request, env) => site.fetch(request, env),
  };
}
