/**
 * The app's documents opened in the Shopify admin's iframe (decision 053, docs/shopify/session-tokens.md).
 * Shopify loads a page of the app with a signed query (`embedded=1`, `shop`, `host`, `id_token`, `hmac`…);
 * this handler, mounted before the page security headers (which forbid any framing), answers it:
 * - a load whose signature, shop or host does not hold: a French error page, which any Shopify admin
 *   may frame (it holds nothing to act on);
 * - a signed load outside the iframe (no `embedded=1`): back into the admin, on the app's page;
 * - a load without a usable `id_token` (missing, or expired on a reload): the bounce page, where App
 *   Bridge fetches a fresh one and reloads the address with it;
 * - otherwise the app itself: the React shell (with the screen drawn on the server, for the shop the
 *   load's session token names, where it is one of the drawn screens: decision 039), with
 *   `<meta name="shopify-api-key">` and App Bridge as the first script of `<head>`, and a policy that
 *   lets this shop's admin, and only it, frame the page. Before it, the shop's offline
 *   token is made sure of, and a shop with no active store here is installed: Shopify installed the
 *   app (managed installation), so the store is connected with the exchanged token, to the account it
 *   had, or to a new one named by the shop owner's e-mail (`openFromAdmin`); Shopify's return after a
 *   plan's approval asked there is read (`billingReturn`).
 * Any other request goes on to the standalone site.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { shopifyStores, user } from '#db/schema';
import { isDrawnRoute } from '#core/routes';
import { normalizeShopDomain } from '#core/shopify-domain';
import type { Transaction } from '#db/client';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import type { DrawnPage } from '../http/page-render';
import { HEADERS_BUT_FRAMING } from '../http/security-headers';
import { compressOnePage } from '../http/static-web';
import { syncBilling } from '../billing/sync';
import { afterStoreConnected } from '../webhooks/store-connected';
import { SHOP_DETAILS } from './admin-documents';
import type { AccessTokens } from './facade';
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
  /**
   * The React shell (index.html with the route's scripts) for a path, with the screen the server drew
   * if given (its boot script under `nonce`), or null before the web is built.
   */
  shell: (pathname: string, drawing?: { drawn: DrawnPage; nonce: string }) => Promise<string | null>;
  /** Draws the screen of the load for the shop its verified session token names (http/page-render.ts); null leaves it to the browser. */
  drawPage?: (c: Context, sessionToken: string) => Promise<DrawnPage | null>;
  /** How long the return from a plan's approval waits for Shopify's billing; BILLING_RETURN_DEADLINE_MS by default. */
  billingReturnDeadlineMs?: number;
}

/**
 * The return's redirect carries the load's session token, which lives a minute: a billing read slower
 * than this sends the merchant on without its verdict rather than past the token's life (the read goes
 * on, and the app's opening billing check reads it again).
 */
export const BILLING_RETURN_DEADLINE_MS = 15_000;

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
  const policy = (shop: string | null, nonce?: string) =>
    [
      "default-src 'self'",
      `script-src 'self'${emulated ? '' : ' https://cdn.shopify.com'}${nonce ? ` 'nonce-${nonce}'` : ''}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      `connect-src 'self'${emulated ? '' : ' https://*.shopify.com'}`,
      `frame-ancestors ${(shop ? ancestors(shop) : anyAdmin).join(' ')}`,
      "form-action 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join('; ');
  const head = `<meta name="shopify-api-key" content="${escapeAttribute(apiKey)}" /><script src="${appBridge}"></script>`;

  const page = (html: string, shop: string | null, { status = 200, nonce, acceptEncoding }: { status?: number; nonce?: string; acceptEncoding?: string } = {}) => {
    const headers = new Headers(HEADERS_BUT_FRAMING.map(([name, value]): [string, string] => [name, value]));
    headers.set('Content-Security-Policy', policy(shop, nonce));
    headers.set('content-type', 'text/html; charset=utf-8');
    headers.set('cache-control', 'private, no-store');
    headers.set('vary', 'accept-encoding');
    const { body, encoding } = compressOnePage(html, acceptEncoding);
    if (encoding) headers.set('content-encoding', encoding);
    return new Response(body, { status, headers });
  };
  /** App Bridge first in `<head>`: before anything else the document loads or runs. */
  const withAppBridge = (html: string) => html.replace(/<head>/i, `<head>${head}`);
  const errorPage = () => page(withoutAppBridgePage(m.refusedTitle, m.refusedBody), null, { status: 400 });

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
    const sessionToken = new URL(c.req.url).searchParams.get('id_token')!;
    const opening = await openFromAdmin(ctx, load.shop, sessionToken);
    if (opening.kind !== 'open') return page(withoutAppBridgePage(...openingRefusal(opening)), load.shop, { status: opening.kind === 'unavailable' ? 503 : 409 });
    if (c.req.query('billing') === 'return')
      return c.redirect(await billingReturn(ctx, new URL(c.req.url), opening.storeId, options.billingReturnDeadlineMs ?? BILLING_RETURN_DEADLINE_MS), 302);
    // The screen drawn with its data, as on the standalone site (decision 039): in the admin its reads
    // go as the load's session token, and its boot script runs under this answer's nonce.
    // A HEAD (the local admin's frame check) gets the document's headers, without a drawing no one reads.
    const drawn = c.req.method !== 'HEAD' && isDrawnRoute(path) ? ((await options.drawPage?.(c, sessionToken)) ?? null) : null;
    const nonce = drawn ? randomBytes(16).toString('base64') : undefined;
    const shell = await options.shell(path, drawn && nonce ? { drawn, nonce } : undefined);
    if (shell === null) return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    return page(withAppBridge(shell), load.shop, { nonce, acceptEncoding: c.req.header('accept-encoding') });
  };
}

type Opening = { kind: 'open'; storeId: string } | { kind: 'account_exists'; email: string } | { kind: 'conflict' } | { kind: 'unavailable' };
type Installation = { kind: 'installed'; store: typeof shopifyStores.$inferSelect } | Exclude<Opening, { kind: 'open' }>;

/** The openings of a shop under way in this process (per context: each test has its own). */
const openings = new WeakMap<AppContext, Map<string, Promise<Opening>>>();

/**
 * A shop opened in the admin, made ready: its offline token (exchanged only when none stored works:
 * offline-token.ts), and, for a shop with no active store here, its store connected. Loads of one shop
 * at once share one opening in this process; across processes the connection runs under the offline
 * token's lock (`install`), so a second process finds the store made instead of exchanging again or
 * racing on the new account.
 */
function openFromAdmin(ctx: AppContext, shop: string, sessionToken: string): Promise<Opening> {
  let perShop = openings.get(ctx);
  if (!perShop) openings.set(ctx, (perShop = new Map()));
  const running = perShop.get(shop);
  if (running) return running;
  const opening = openOnce(ctx, shop, sessionToken).finally(() => perShop.delete(shop));
  perShop.set(shop, opening);
  return opening;
}

async function openOnce(ctx: AppContext, shop: string, sessionToken: string): Promise<Opening> {
  const log = ctx.log.child('admin-door');
  let offline;
  try {
    offline = await ensureOfflineToken(ctx, shop, sessionToken, { install: (tx, tokens) => install(ctx, tx, shop, tokens) });
  } catch (error) {
    // Connecting refused inside the transaction (nothing written): the shop is another account's.
    if (error instanceof DomainError) return { kind: 'conflict' };
    log.warn('offline token not obtained', { shop, error: (error as Error).message });
    return { kind: 'unavailable' };
  }
  if (offline.kind === 'ready') return { kind: 'open', storeId: offline.storeId };
  const installed = offline.installed;
  if (installed.kind !== 'installed') return installed;
  log.info('store connected from the admin', { storeId: installed.store.id, shop });
  await afterStoreConnected(ctx, installed.store);
  return { kind: 'open', storeId: installed.store.id };
}

/**
 * Connects a shop Shopify installed (managed installation) with its exchanged tokens, in the offline
 * token's transaction: to the account it had (a shop stays on one account, decision 006), else to a new
 * account named by the shop owner's e-mail, without a password (one is set later by the e-mailed reset
 * link). An account that already uses that e-mail without the shop is not joined to it: sign-up does
 * not prove the address, so nothing says its holder owns the shop; they connect it from the standalone
 * site. A refused connection throws (DomainError), so the new account is not kept either.
 */
async function install(ctx: AppContext, tx: Transaction, shop: string, tokens: AccessTokens): Promise<Installation> {
  let details;
  try {
    details = (await ctx.shopify.graphql(shop, tokens.accessToken, SHOP_DETAILS)).shop;
  } catch (error) {
    ctx.log.child('admin-door').warn('shop details not read', { shop, error: (error as Error).message });
    return { kind: 'unavailable' };
  }
  const email = details.email.trim().toLowerCase();
  const [previous] = await tx
    .select({ userId: shopifyStores.userId })
    .from(shopifyStores)
    .where(eq(shopifyStores.shopDomain, shop))
    .orderBy(desc(shopifyStores.installedAt))
    .limit(1);
  let userId = previous?.userId;
  if (!userId) {
    const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (taken) return { kind: 'account_exists', email };
    userId = randomUUID();
    await tx.insert(user).values({ id: userId, name: '', email, companyName: details.name });
  }
  const store = await connectStore(tx, ctx.config.encryptionKey, { userId, shopDomain: shop, shopName: details.name, tokens });
  return { kind: 'installed', store };
}

/**
 * Shopify's return after a plan's approval asked from inside the admin (billing.ts `inAdmin`): the
 * store's billing read afresh, as the standalone return does, then the dashboard saying so, or the
 * plan choice saying it was not approved, or that the read failed or took longer than `deadlineMs`.
 * The load's own parameters stay: its session token proves the next load (its hmac no longer covers
 * the query).
 */
async function billingReturn(ctx: AppContext, url: URL, storeId: string, deadlineMs: number): Promise<string> {
  const next = new URL(url);
  const change = url.searchParams.get('change') === '1';
  for (const key of ['billing', 'change', 'charge_id']) next.searchParams.delete(key);
  const log = ctx.log.child('admin-door');
  const reading = syncBilling(ctx, storeId).then(
    ({ verdict }) => (verdict.status === 'active' ? 'approved' : 'not_approved'),
    (error: unknown) => {
      log.warn('billing read after the return failed', { storeId, error: (error as Error).message });
      return 'unread' as const;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'unread'>((resolve) => {
    timer = setTimeout(() => {
      log.warn('billing read after the return too slow: sent on without it', { storeId, deadlineMs });
      resolve('unread');
    }, deadlineMs);
  });
  const outcome = await Promise.race([reading, late]).finally(() => clearTimeout(timer));
  if (outcome === 'approved') {
    next.searchParams.set('shopify', 'success');
    next.searchParams.set('subscription', change ? 'changed' : 'activated');
  } else {
    // Not approved, or not known: the plan choice says which, as the standalone return does.
    next.pathname = '/subscription';
    next.searchParams.set('status', 'error');
    next.searchParams.set('error', outcome === 'not_approved' ? 'subscription_not_approved' : 'billing_sync_failed');
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
