/**
 * The app's documents opened in the Shopify admin's iframe (decision 053, docs/shopify/session-tokens.md).
 * Shopify loads a page of the app with a signed query (`embedded=1`, `shop`, `host`, `id_token`, `hmac`…);
 * this handler, mounted before the page security headers (which forbid any framing), answers it:
 * - a load whose signature, shop or host does not hold: a French error page, which any Shopify admin
 *   may frame (it holds nothing to act on);
 * - a signed load outside the iframe (no `embedded=1`): back into the admin, on the app's page;
 * - a load without a usable `id_token` (missing, or expired on a reload): the bounce page, where App
 *   Bridge fetches a fresh one and reloads the address with it;
 * - otherwise the app itself (the React shell, drawn by the browser: the iframe has no cookie to draw
 *   it with), with `<meta name="shopify-api-key">` and App Bridge as the first script of `<head>`, and a
 *   policy that lets this shop's admin, and only it, frame the page. Before it, the shop's offline
 *   token is made sure of, and a shop with no active store here is installed: Shopify installed the
 *   app (managed installation), so the store is connected with the exchanged token, to the account it
 *   had, or to a new one named by the shop owner's e-mail (`openFromAdmin`); Shopify's return after a
 *   plan's approval asked there is read (`billingReturn`).
 * Any other request goes on to the standalone site.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { shopifyStores, user } from '#db/schema';
import { normalizeShopDomain } from '#core/shopify-domain';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { HEADERS_BUT_FRAMING } from '../http/security-headers';
import { syncBilling } from '../billing/sync';
import { afterStoreConnected } from '../webhooks/store-connected';
import { SHOP_DETAILS } from './admin-documents';
import { connectStore } from './install-service';
import { ensureOfflineToken } from './offline-token';
import { embeddedPages as m } from '../messages/shopify';
import { checkAdminLoad, embeddedAppUrl, SHOPIFY_ADMIN_ORIGIN } from './admin-load';

/** Shopify's App Bridge, which every embedded document must load from Shopify's CDN. */
export const APP_BRIDGE_CDN = 'https://cdn.shopify.com/shopifycloud/app-bridge.js';
/** The local Shopify's stand-in for it (emulator/shopify), served only when the emulator is on. */
export const APP_BRIDGE_STAND_IN = '/_shopify/app-bridge.js';
/** Where a load without a usable session token gets one (the path Shopify's own libraries use). */
export const BOUNCE_PATH = '/auth/session-token';

export interface EmbeddedDocumentsOptions {
  /** The React shell (index.html with the route's scripts) for a path, or null before the web is built. */
  shell: (pathname: string) => Promise<string | null>;
}

/** The query of an admin load: Shopify signs every one it makes with `hmac`, and names the admin with `host`. */
const isAdminLoad = (c: Context) => c.req.query('hmac') !== undefined && c.req.query('host') !== undefined;

export function embeddedDocuments(ctx: AppContext, options: EmbeddedDocumentsOptions): MiddlewareHandler {
  const { apiKey, clientSecrets: secrets } = ctx.config.shopify;
  const emulated = Boolean(ctx.emulator);
  const appBridge = emulated ? APP_BRIDGE_STAND_IN : APP_BRIDGE_CDN;
  // Who may frame an embedded document: the shop's own admin domain and Shopify's admin; in
  // development the local Shopify's admin, on the app's own origin (it is mounted at /_shopify).
  const ancestors = (shop: string) => (emulated ? ["'self'"] : [`https://${shop}`, SHOPIFY_ADMIN_ORIGIN]);
  // A refusal holds nothing to act on: any Shopify admin may frame it, so the merchant reads it there.
  const anyAdmin = emulated ? ["'self'"] : ['https://*.myshopify.com', SHOPIFY_ADMIN_ORIGIN];
  const policy = (shop: string | null) =>
    [
      "default-src 'self'",
      `script-src 'self'${emulated ? '' : ' https://cdn.shopify.com'}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      `connect-src 'self'${emulated ? '' : ' https://*.shopify.com'}`,
      `frame-ancestors ${(shop ? ancestors(shop) : anyAdmin).join(' ')}`,
      "form-action 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join('; ');
  const head = `<meta name="shopify-api-key" content="${escapeAttribute(apiKey)}" /><script src="${appBridge}"></script>`;

  const page = (html: string, shop: string | null, status = 200) => {
    const headers = new Headers(HEADERS_BUT_FRAMING.map(([name, value]): [string, string] => [name, value]));
    headers.set('Content-Security-Policy', policy(shop));
    headers.set('content-type', 'text/html; charset=utf-8');
    headers.set('cache-control', 'private, no-store');
    return new Response(html, { status, headers });
  };
  /** App Bridge first in `<head>`: before anything else the document loads or runs. */
  const withAppBridge = (html: string) => html.replace(/<head>/i, `<head>${head}`);
  const errorPage = () => page(withoutAppBridgePage(m.refusedTitle, m.refusedBody), null, 400);

  return async (c, next) => {
    const path = c.req.path;
    if (path === BOUNCE_PATH) {
      // The bounce page holds nothing but App Bridge, which reloads `shopify-reload` with a fresh token.
      const shopParam = c.req.query('shop');
      const shop = shopParam !== undefined && normalizeShopDomain(shopParam) === shopParam ? shopParam : null;
      return page(withAppBridge(BOUNCE_HTML), shop);
    }
    if (!isAdminLoad(c) || !isAppDocument(c, path)) return next();

    const load = checkAdminLoad(new URL(c.req.url).searchParams, { apiKey, secrets });
    if (!load.ok) {
      if (load.reason !== 'not_embedded') return errorPage();
      const into = emulated ? `${ctx.config.appUrl}/_shopify/admin/${load.shop}/apps/${encodeURIComponent(apiKey)}${path}` : embeddedAppUrl(load.adminHost, apiKey);
      return c.redirect(into, 302);
    }
    if (!load.session) {
      const reload = new URL(c.req.url);
      reload.searchParams.delete('id_token');
      const bounce = new URLSearchParams({ shop: load.shop, host: load.host, 'shopify-reload': `${reload.pathname}${reload.search}` });
      return c.redirect(`${BOUNCE_PATH}?${bounce.toString()}`, 302);
    }
    // The install entry (`application_url`) framed by the admin opens the app's home, with the same load.
    if (path === '/shopify/entry') return c.redirect(`/app/dashboard${new URL(c.req.url).search}`, 302);
    const opening = await openFromAdmin(ctx, load.shop, new URL(c.req.url).searchParams.get('id_token')!);
    if (opening.kind !== 'open') return page(withoutAppBridgePage(...openingRefusal(opening)), load.shop, opening.kind === 'unavailable' ? 503 : 409);
    if (c.req.query('billing') === 'return') return c.redirect(await billingReturn(ctx, new URL(c.req.url), opening.storeId), 302);
    const shell = await options.shell(path);
    if (shell === null) return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    return page(withAppBridge(shell), load.shop);
  };
}

type Opening = { kind: 'open'; storeId: string } | { kind: 'account_exists'; email: string } | { kind: 'conflict' } | { kind: 'unavailable' };

/**
 * A shop opened in the admin, made ready: its offline token (exchanged only when none stored works:
 * offline-token.ts), and, for a shop with no active store here, its store connected. It goes back to
 * the account it had (a shop stays on one account, decision 006), else to a new account named by the
 * shop owner's e-mail, without a password (one is set later by the e-mailed reset link). An account
 * that already uses that e-mail without the shop is not joined to it: sign-up does not prove the
 * address, so nothing says its holder owns the shop; they connect it from the standalone site.
 */
async function openFromAdmin(ctx: AppContext, shop: string, sessionToken: string): Promise<Opening> {
  const log = ctx.log.child('admin-door');
  let offline;
  try {
    offline = await ensureOfflineToken(ctx, shop, sessionToken);
  } catch (error) {
    log.warn('offline token not obtained', { shop, error: (error as Error).message });
    return { kind: 'unavailable' };
  }
  if (offline.kind === 'ready') return { kind: 'open', storeId: offline.storeId };

  let details;
  try {
    details = (await ctx.shopify.graphql(shop, offline.tokens.accessToken, SHOP_DETAILS)).shop;
  } catch (error) {
    log.warn('shop details not read', { shop, error: (error as Error).message });
    return { kind: 'unavailable' };
  }
  const email = details.email.trim().toLowerCase();
  const [previous] = await ctx.db
    .select({ userId: shopifyStores.userId })
    .from(shopifyStores)
    .where(eq(shopifyStores.shopDomain, shop))
    .orderBy(desc(shopifyStores.installedAt))
    .limit(1);
  let userId = previous?.userId;
  if (!userId) {
    const [taken] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (taken) return { kind: 'account_exists', email };
    userId = randomUUID();
    await ctx.db.insert(user).values({ id: userId, name: '', email, companyName: details.name });
  }
  let store;
  try {
    store = await connectStore(ctx.db, ctx.config.encryptionKey, { userId, shopDomain: shop, shopName: details.name, tokens: offline.tokens });
  } catch (error) {
    if (error instanceof DomainError) return { kind: 'conflict' };
    throw error;
  }
  log.info('store connected from the admin', { storeId: store.id, shop });
  await afterStoreConnected(ctx, store);
  return { kind: 'open', storeId: store.id };
}

/**
 * Shopify's return after a plan's approval asked from inside the admin (billing.ts `inAdmin`): the
 * store's billing read afresh, as the standalone return does, then the dashboard saying so, or the
 * plan choice saying it was not approved. The load's own parameters stay: its session token proves
 * the next load (its hmac no longer covers the query).
 */
async function billingReturn(ctx: AppContext, url: URL, storeId: string): Promise<string> {
  const next = new URL(url);
  const change = url.searchParams.get('change') === '1';
  for (const key of ['billing', 'change', 'charge_id']) next.searchParams.delete(key);
  let approved = false;
  try {
    approved = (await syncBilling(ctx, storeId)).verdict.status === 'active';
  } catch (error) {
    ctx.log.child('admin-door').warn('billing read after the return failed', { storeId, error: (error as Error).message });
  }
  if (approved) {
    next.searchParams.set('shopify', 'success');
    next.searchParams.set('subscription', change ? 'changed' : 'activated');
  } else {
    next.pathname = '/subscription';
    next.searchParams.set('status', 'error');
    next.searchParams.set('error', 'subscription_not_approved');
  }
  return `${next.pathname}${next.search}`;
}

function openingRefusal(opening: Exclude<Opening, { kind: 'open' }>): [string, string] {
  if (opening.kind === 'account_exists') return [m.accountExistsTitle, m.accountExistsBody(opening.email)];
  if (opening.kind === 'conflict') return [m.conflictTitle, m.conflictBody];
  return [m.unavailableTitle, m.unavailableBody];
}

/**
 * The app's pages Shopify's admin opens: /app/…, the plan choice (/subscription, where the subscription
 * gate and a refused approval lead), and the install entry (`application_url`) when the admin frames it. A signed load of the install entry outside the iframe is the standalone door's
 * install (its authorization code grant, decision 006): it goes on.
 */
function isAppDocument(c: Context, path: string): boolean {
  return path === '/app' || path.startsWith('/app/') || path === '/subscription' || (path === '/shopify/entry' && c.req.query('embedded') === '1');
}

/** Text for an attribute or an element of these pages. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const BOUNCE_HTML = `<!doctype html><html lang="fr"><head><meta charset="utf-8" /><title>${m.bounceTitle}</title></head><body></body></html>`;

function withoutAppBridgePage(title: string, body: string): string {
  const [t, b] = [escapeAttribute(title), escapeAttribute(body)];
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${t}</title></head><body><main><h1>${t}</h1><p>${b}</p></main></body></html>`;
}
