// The shop's storefront on the local Shopify (decision 028): the theme editor's deep links that add
// the app block or turn on the app embed, a home page rendering them from the theme app extension's
// Liquid against the installation's app-data metafields (as Shopify does, with no request to the app),
// the extension's assets, and the app proxy: /apps/{subpath}/… on the shop forwarded to the app with
// Shopify's signature.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import type { EmulatorCore } from '../core';
import { appMetafields } from '../graphql/metafields';
import { errorPage } from '../http';
import { escapeHtml, html, page } from '../html';
import type { ShopRecord } from '../types';
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

export function storefrontRoutes(app: Hono, core: EmulatorCore, options: StorefrontOptions): void {
  const handle = options.extensionDir.replace(/\/+$/, '').split('/').pop()!;
  let extension: ThemeExtension | null = null;
  const themeOf = new Map<string, ThemeState>();
  const shopUrl = (shop: ShopRecord) => `${core.baseUrl}/store/${shop.domain}`;
  const assetUrl = (shop: ShopRecord) => (file: string) => `${shopUrl(shop)}/extensions/${handle}/assets/${encodeURIComponent(file)}`;
  const load = () => (extension ??= loadThemeExtension(options.extensionDir, (file) => `__ASSET__/${file}`));
  const theme = (shop: ShopRecord) => {
    let state = themeOf.get(shop.domain);
    if (!state) themeOf.set(shop.domain, (state = { blocks: [], embeds: [] }));
    return state;
  };
  const withShop = (c: Context, fn: (shop: ShopRecord) => Response | Promise<Response>) => {
    const shop = core.resolveShop(c.req.param('shop') ?? '');
    return shop ? fn(shop) : errorPage(c, 404, 'Boutique introuvable', `Aucune boutique ${c.req.param('shop') ?? ''} dans l'émulateur.`, core.homePath);
  };

  // The theme editor's deep links: ?template=index&addAppBlockId={api_key}/{handle}, ?context=apps&activateAppId={api_key}/{handle}.
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
        const list = target === 'section' ? state.blocks : state.embeds;
        if (!list.some((b) => b.handle === block.handle)) list.push({ handle: block.handle, id: `${block.handle}-${list.length + 1}`, settings: {} });
        added.push(block.schema.name);
      }
      const body = html`<section>
        <h1>Éditeur de thème</h1>
        ${added.length ? html`<p role="status">Ajouté au thème : ${added.join(', ')}.</p>` : html`<p>Aucun bloc ajouté.</p>`}
        <p>Blocs d'application sur la page d'accueil : ${state.blocks.map((b) => b.handle).join(', ') || 'aucun'}.</p>
        <p>Intégrations d'application activées : ${state.embeds.map((b) => b.handle).join(', ') || 'aucune'}.</p>
        <p><a href="${shopUrl(shop)}/storefront">Voir la boutique</a></p>
      </section>`;
      return c.html(page('Éditeur de thème', body, { homeHref: `${shopUrl(shop)}/admin` }));
    }),
  );

  app.get('/store/:shop/storefront', (c) =>
    withShop(c, async (shop) => {
      const ext = load();
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
      const shopObject = { name: shop.name, url: shopUrl(shop), domain: shop.domain };
      // An uninstalled app's blocks render nothing, as on Shopify.
      const render = async (list: ThemeState['blocks']) =>
        installation
          ? (await Promise.all(list.map((b) => ext.render(b.handle, { blockId: b.id, settings: b.settings, app: appObject, shop: shopObject })))).map((out, i) => ({
              out,
              block: list[i]!,
            }))
          : [];
      const sections = await render(state.blocks);
      const embeds = await render(state.embeds);
      const used = [...sections, ...embeds].map((r) => ext.blocks.get(r.block.handle)!.schema);
      const styles = [...new Set(used.map((s) => s.stylesheet).filter((s): s is string => Boolean(s)))];
      const scripts = [...new Set(used.map((s) => s.javascript).filter((s): s is string => Boolean(s)))];
      const asset = assetUrl(shop);
      const withAssets = (text: string) => text.replaceAll('__ASSET__/', `${shopUrl(shop)}/extensions/${handle}/assets/`);
      const name = escapeHtml(shop.name);
      return c.html(`<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<style>body{margin:0;font-family:Georgia,serif;color:#1a1a1a;background:#fff}header,footer{padding:1rem 1.5rem;background:#f5f1ea}main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem 6rem}</style>
${styles.map((s) => `<link rel="stylesheet" href="${escapeHtml(asset(s))}">`).join('\n')}
</head>
<body>
<header><a href="${escapeHtml(shopUrl(shop))}/storefront">${name}</a></header>
<main>
<h1>Bienvenue chez ${name}</h1>
<p>Des créations faites à la main, livrées chez vous.</p>
${sections.map(({ out, block }) => `<div class="shopify-app-block" id="shopify-block-${escapeHtml(block.id)}">${withAssets(out)}</div>`).join('\n')}
</main>
<footer><p>© ${name}</p></footer>
${embeds.map(({ out, block }) => `<div id="shopify-block-${escapeHtml(block.id)}">${withAssets(out)}</div>`).join('\n')}
${scripts.map((s) => `<script src="${escapeHtml(asset(s))}" defer></script>`).join('\n')}
</body>
</html>`);
    }),
  );

  app.get('/store/:shop/extensions/:handle/assets/:file', (c) =>
    withShop(c, () => {
      const file = c.req.param('file');
      if (c.req.param('handle') !== handle || !/^[\w.-]+\.(css|js)$/.test(file)) return c.text('Not Found', 404);
      try {
        const body = readAsset(options.extensionDir, file);
        return c.body(body, 200, { 'Content-Type': file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=60' });
      } catch {
        return c.text('Not Found', 404);
      }
    }),
  );

  // The app proxy: GET /apps/{subpath}/rest?query on the shop → {proxy url}/rest?query&shop&logged_in_customer_id&path_prefix&timestamp&signature.
  app.get(`/store/:shop/${options.proxy.prefix}/:subpath/*`, (c) =>
    withShop(c, async (shop) => {
      // Shopify proxies only for an installed app that holds write_app_proxy (its documented requirement).
      const installation = shop.installation && !shop.installation.uninstalledAt ? shop.installation : null;
      if (c.req.param('subpath') !== options.proxy.subpath || !installation?.scopes.includes('write_app_proxy')) return c.text('Not Found', 404);
      const prefix = `/${options.proxy.prefix}/${options.proxy.subpath}`;
      const incoming = new URL(c.req.url);
      const rest = incoming.pathname.slice(incoming.pathname.indexOf(prefix) + prefix.length);
      const params = new URLSearchParams(incoming.search);
      for (const key of ['shop', 'logged_in_customer_id', 'path_prefix', 'timestamp', 'signature']) params.delete(key);
      params.set('shop', shop.domain);
      params.set('logged_in_customer_id', '');
      params.set('path_prefix', prefix);
      params.set('timestamp', String(Math.floor(Date.now() / 1000)));
      params.set('signature', signProxyQuery(params, core.app.apiSecret));
      const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
      const answer = await fetcher(`${options.proxy.url}${rest}?${params}`, { headers: { accept: c.req.header('accept') ?? '*/*' } });
      return new Response(await answer.arrayBuffer(), {
        status: answer.status,
        headers: { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain', 'Cache-Control': answer.headers.get('cache-control') ?? 'no-store' },
      });
    }),
  );
}

function readAsset(dir: string, file: string): string {
  return readFileSync(join(dir, 'assets', file), 'utf8');
}
