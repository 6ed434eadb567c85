// The local admin that frames the embedded app (issue 47, decision 053): the admin page at
// `/admin/{shop}/apps/{apiKey}/{path}`, the session tokens it mints for the App Bridge stand-in, and
// the stand-in itself at `/app-bridge.js`. Before framing, the page fetches the app's document as the
// browser would and refuses to show it unless its `frame-ancestors` allow the admin's origin.
import type { Context, Hono } from 'hono';
import type { EmulatorCore } from '../core';
import { randomHex } from '../crypto';
import { html, type SafeHtml } from '../html';
import { errorPage } from '../http';
import type { ShopRecord } from '../types';
import { APP_BRIDGE_STAND_IN } from './app-bridge';
import { frameAncestorsAllow, type FrameVerdict } from './frame-ancestors';
import { DEFAULT_APP_PATH, adminFrameUrl, mintSessionToken, parseTokenSwitch } from './load';
import { ADMIN_FRAME_SCRIPT, adminFramePage } from './page';

export interface EmbeddedOptions {
  /** How the admin reaches the app for the frame check (the emulator's `fetch` option; default: HTTP). */
  fetch?: typeof fetch;
}

/** How long the frame check waits for the app's document. */
const FRAME_CHECK_TIMEOUT_MS = 10_000;

/** The admin's user who opens the app (the same one the online token names, areas/installation.ts). */
const adminUserId = (shop: ShopRecord) => String(shop.id + 1);

export function embeddedRoutes(app: Hono, core: EmulatorCore, options: EmbeddedOptions = {}): void {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const home = () => core.homePath;
  /** The app's origin: where `application_url` lives (the install URL's origin). */
  const appOrigin = () => new URL(core.app.installUrl).origin;
  const adminOrigin = () => new URL(core.baseUrl).origin;

  app.get('/app-bridge.js', (c) => c.body(APP_BRIDGE_STAND_IN, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));
  app.get('/admin-frame.js', (c) => c.body(ADMIN_FRAME_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));

  /** The shop, installed, and the app of the URL, or the HTML page saying which is missing. */
  const withApp = (c: Context, fn: (shop: ShopRecord) => Response | Promise<Response>): Response | Promise<Response> => {
    const param = c.req.param('shop') ?? '';
    const shop = core.resolveShop(param);
    if (!shop) return errorPage(c, 404, 'Boutique introuvable', `Aucune boutique ${param} dans l'émulateur.`, home());
    if (c.req.param('apiKey') !== core.app.apiKey) {
      return errorPage(c, 404, 'Application introuvable', `Aucune application ${c.req.param('apiKey') ?? ''} : la clé d'API de l'application est ${core.app.apiKey}.`, home());
    }
    if (!core.isInstalled(shop)) {
      return errorPage(
        c,
        409,
        "L'application n'est pas installée",
        `L'application « ${core.state.app.name} » n'est pas installée sur ${shop.name} (${shop.domain}) : installez-la depuis l'administration de la boutique.`,
        home(),
      );
    }
    return fn(shop);
  };

  const framePage = (c: Context) =>
    withApp(c, async (shop) => {
      const url = new URL(c.req.url);
      const tokenSwitch = parseTokenSwitch(url.searchParams.get('token') ?? undefined);
      if (tokenSwitch === null)
        return errorPage(c, 400, 'Réglage inconnu', `token=${url.searchParams.get('token') ?? ''} : attendu expired, not_yet_valid, wrong_audience ou wrong_signature.`, home());
      // The path after /apps/{apiKey}, as it came (percent-encoded).
      const marker = `/apps/${c.req.param('apiKey')}`;
      const rest = url.pathname.slice(url.pathname.indexOf(marker) + marker.length);
      const forwarded = new URLSearchParams(url.search);
      forwarded.delete('token');
      const search = forwarded.toString();
      const appPath = `${rest.replace(/^\/+/, '') === '' ? DEFAULT_APP_PATH : `/${rest.replace(/^\/+/, '')}`}${search ? `?${search}` : ''}`;
      const adminBase = `${core.basePath}/admin/${shop.domain}/apps/${core.app.apiKey}`;
      const src = adminFrameUrl({
        appOrigin: appOrigin(),
        path: rest,
        query: forwarded,
        shop: shop.domain,
        apiKey: core.app.apiKey,
        apiSecret: core.app.apiSecret,
        nowMs: core.now().getTime(),
        userId: adminUserId(shop),
        session: randomHex(16),
        locale: 'fr',
        tokenSwitch,
      });
      const verdict = await frameCheck(src);
      const tokenUrl = `${core.basePath}/admin/${shop.domain}/session-token?${new URLSearchParams({ client_id: core.app.apiKey, ...(tokenSwitch ? { token: tokenSwitch } : {}) })}`;
      return c.html(
        adminFramePage({
          scriptSrc: `${core.basePath}/admin-frame.js`,
          shopName: shop.name,
          shopDomain: shop.domain,
          appName: core.state.app.name,
          shopAdminHref: `${core.basePath}/store/${shop.domain}/admin`,
          homeHref: home(),
          adminBase,
          appPath,
          tokenSwitch,
          tokenUrl,
          appOrigin: appOrigin(),
          frame: verdict.allowed ? { src } : { refused: refusal(verdict, src) },
        }),
      );
    });

  /**
   * The browser's check: ask for the document to frame, read its Content-Security-Policy. A HEAD: the
   * headers are the document's, and the app does not draw the page a second time for a body no one reads.
   */
  const frameCheck = async (src: string): Promise<FrameVerdict | { allowed: false; reason: 'unreachable'; detail: string }> => {
    try {
      const answer = await fetcher(src, {
        method: 'HEAD',
        headers: { Accept: 'text/html', 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': appOrigin() === adminOrigin() ? 'same-origin' : 'cross-site' },
        signal: AbortSignal.timeout(FRAME_CHECK_TIMEOUT_MS),
      });
      await answer.body?.cancel().catch(() => undefined);
      return frameAncestorsAllow(answer.headers.get('Content-Security-Policy'), adminOrigin(), answer.url || src);
    } catch (err) {
      return { allowed: false, reason: 'unreachable', detail: err instanceof Error ? err.message : String(err) };
    }
  };

  const refusal = (verdict: { allowed: false; reason: string; detail?: string }, src: string): SafeHtml => {
    const origin = adminOrigin();
    const explanation: Record<string, SafeHtml> = {
      missing: html`<p>
        La réponse de l'application n'a pas de directive <code>frame-ancestors</code> dans son en-tête <code>Content-Security-Policy</code> : chaque document intégré doit nommer
        qui peut l'encadrer.
      </p>`,
      none: html`<p>La réponse de l'application interdit tout encadrement (<code>frame-ancestors 'none'</code>), comme une page autonome.</p>`,
      not_listed: html`<p>La directive <code>frame-ancestors</code> de l'application n'autorise pas l'origine de l'administration, <code>${origin}</code>.</p>`,
      unreachable: html`<p>L'application n'a pas répondu : ${verdict.detail ?? ''}.</p>`,
    };
    return html`${explanation[verdict.reason] ?? html``}
      <p>
        Un navigateur refuserait de l'afficher dans l'administration. En développement l'administration a l'origine de l'application : il faut
        <code>frame-ancestors 'self'</code> ou <code>${origin}</code> en plus de <code>https://{boutique}</code> et <code>https://admin.shopify.com</code>.
      </p>
      <p>Adresse encadrée : <a href="${src}">ouvrir hors de l'administration</a>.</p>`;
  };

  app.get('/admin/:shop/apps/:apiKey', framePage);
  app.get('/admin/:shop/apps/:apiKey/*', framePage);

  // The admin mints a session token for the framed app when the stand-in asks (shopify.idToken()),
  // spoiled as the page's switch says. An uninstalled app gets none.
  app.post('/admin/:shop/session-token', (c) => {
    const shop = core.resolveShop(c.req.param('shop'));
    if (!shop) return c.json({ error: `unknown shop ${c.req.param('shop')}` }, 404);
    if (c.req.query('client_id') !== core.app.apiKey) return c.json({ error: `unknown app ${c.req.query('client_id') ?? ''}` }, 404);
    if (!core.isInstalled(shop)) return c.json({ error: `the app is not installed on ${shop.domain}` }, 409);
    const tokenSwitch = parseTokenSwitch(c.req.query('token'));
    if (tokenSwitch === null) return c.json({ error: `unknown token switch ${c.req.query('token') ?? ''}` }, 400);
    const token = mintSessionToken({
      shop: shop.domain,
      apiKey: core.app.apiKey,
      apiSecret: core.app.apiSecret,
      nowMs: core.now().getTime(),
      userId: adminUserId(shop),
      tokenSwitch,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ token });
  });
}
