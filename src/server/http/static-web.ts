/**
 * Serves the built React app (dist/web).
 * - Files: hashed assets (/assets/…) are cached for a year, other files five minutes; dot files and
 *   folders (the build manifest) are never served. Scripts, style sheets and SVGs go out brotli or
 *   gzip as the browser accepts, from the copies the build wrote beside them (vite.config.ts,
 *   `precompress`): nothing is compressed per request.
 * - Pages: any other path gets index.html, so client-side routing and deep links work, with a 404
 *   status for paths that are not routes of the app (the app shows its 404 screen), or a 503 before
 *   the app is built. A route's page names its screen's scripts (`modulepreload`, from the build
 *   manifest), so the browser fetches them with the entry rather than after it; each route's page is
 *   compressed once and kept.
 * - Drawn pages (decision 039): for a route `drawnRoutes` names, `drawPage` (http/page-render.ts) may
 *   return the screen drawn for the request's session. That page carries the markup in `#root`, inert
 *   until the app takes it over, and the answers it was drawn with in `#app-state`; its scripts start
 *   after the first paint (`bootScript`, under the response's CSP nonce). It is one user's page:
 *   compressed for this answer only, `private, no-store`, with the session cookie the reads refreshed.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { allRoutes, isDrawnRoute, isKnownRoute } from '#core/routes';
import { scriptJson, type DrawnPage } from './page-render';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The build's precompressed copies, best first: the suffix of the file and its Content-Encoding. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The encodings a request's Accept-Encoding allows (a q=0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

/** The file's precompressed copy the request accepts, if the build wrote one. */
async function readCompressed(file: string, acceptEncoding: string | undefined): Promise<{ body: Uint8Array<ArrayBuffer>; encoding: string } | null> {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const { encoding, suffix } of ENCODINGS) {
    if (!accepted.has(encoding)) continue;
    try {
      return { body: await readFile(file + suffix), encoding };
    } catch {
      // not precompressed (an image, a file of public/): try the next, then the file itself
    }
  }
  return null;
}

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json, `build.manifest` in vite.config.ts). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const APP_LAYOUT = 'components/layout/AppLayout.tsx';

/**
 * The source modules (keys of the build manifest) of the lazy screen a route of src/core/routes.ts
 * shows, as src/web/router.tsx loads them: `routes/<path>.tsx`, under the /app layout for /app pages.
 * tests/e2e/first-load-js.e2e.test.ts checks that every route's modules are in the build.
 */
export function screenModules(route: string): string[] {
  if (route === '/') return ['routes/landing.tsx'];
  // /app redirects to the dashboard; the outbox's detail is a screen of its own.
  if (route === '/app') return [APP_LAYOUT, 'routes/app/dashboard.tsx'];
  if (route === '/dev/outbox/:id') return ['routes/dev/outbox-detail.tsx'];
  const module = `routes${route.replace(/\/:\w+/g, '')}.tsx`;
  return route.startsWith('/app/') ? [APP_LAYOUT, module] : [module];
}

/** The route of src/core/routes.ts a path shows, if any. */
function routeOf(pathname: string): string | undefined {
  return allRoutes.find((route) => new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}/*$`).test(pathname));
}

/**
 * The scripts a route's screen loads that the entry does not already name in index.html: its modules'
 * chunks and their static imports, as `/assets/…` paths.
 */
export function screenScripts(manifest: Record<string, ManifestChunk>, route: string): string[] {
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  return [...closure(screenModules(route))].filter((key) => !entry.has(key) && manifest[key]!.file.endsWith('.js')).map((key) => `/${manifest[key]!.file}`);
}

/** An HTML page and its brotli and gzip copies (compressed once, like the build's scripts). */
interface Page {
  html: string;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

function compressedPage(html: string): Page {
  return { html, br: new Uint8Array(brotliCompressSync(html)), gzip: new Uint8Array(gzipSync(html)) };
}

/** The per-response nonce of the page's Content-Security-Policy (src/server/app.ts). */
type NonceEnv = { Variables: { secureHeadersNonce?: string } };

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Starts the app's scripts once the drawn page has painted (the browser's first contentful paint), so
 * until then the page's bandwidth goes to its HTML and style sheet and the screen shows sooner on a
 * slow link; the scripts' bytes are the same and follow at once. Where no paint comes (a tab in the
 * background) or is not reported, they start anyway: at once when hidden, else after 3 s.
 * `entry` is the app's module, `preloads` what it and the screen import.
 */
function bootScript(entry: string, preloads: string[]): string {
  const hrefs = scriptJson(preloads);
  const src = scriptJson(entry);
  return (
    `(function(){var done=false;function start(){if(done)return;done=true;` +
    `${hrefs}.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)});` +
    `var script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=${src};document.head.appendChild(script)}` +
    `if(document.visibilityState==='hidden')return start();document.addEventListener('visibilitychange',start);setTimeout(start,3000);` +
    `try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)start()}).observe({type:'paint',buffered:true})}` +
    `catch(error){requestAnimationFrame(function(){setTimeout(start,0)})}})()`
  );
}

/**
 * The app page with a screen the server drew: its markup in `#root`, inert (nothing there answers a
 * click or takes the focus before the app has taken it over, main.tsx lifts it), the answers it was
 * drawn with beside it, and the app's scripts started by `bootScript` instead of the page's head.
 */
function drawnPageHtml(html: string, drawn: DrawnPage, nonce: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  if (entries.length !== 1) throw new Error(`the app page names ${entries.length} entry scripts`);
  const boot = `<script nonce="${nonce}">${bootScript(entries[0]!, preloads)}</script>`;
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('<div id="root"></div>', () => `<div id="root" inert>${drawn.root}</div><script type="application/json" id="app-state">${drawn.state}</script>${boot}`);
}

/**
 * One answer's page compressed as the request accepts: pages drawn for one user are compressed for
 * that answer only, at a fast setting, since it is on the page's path.
 */
export function compressOnePage(html: string, acceptEncoding: string | undefined): { body: Uint8Array<ArrayBuffer> | string; encoding: 'br' | 'gzip' | null } {
  const encoding = ENCODINGS.find(({ encoding }) => acceptedEncodings(acceptEncoding).has(encoding))?.encoding ?? null;
  if (encoding === 'br') return { body: new Uint8Array(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })), encoding };
  if (encoding === 'gzip') return { body: new Uint8Array(gzipSync(html, { level: 6 })), encoding };
  return { body: html, encoding: null };
}

export interface WebHandlerOptions {
  /** Draws an /app screen for the request's session (src/server/http/page-render.ts); `null` leaves it to the browser. */
  drawPage?: (c: Context) => Promise<DrawnPage | null>;
}

export function createWebHandler(distDir: string, options: WebHandlerOptions = {}) {
  const root = resolve(distDir);
  let indexHtml: string | null = null;

  let manifest: Record<string, ManifestChunk> | null = null;
  /** Each route's page, as is and compressed, made at its first request. */
  const pages = new Map<string | undefined, Page>();

  async function loadIndex(): Promise<string | null> {
    if (indexHtml !== null) return indexHtml;
    try {
      indexHtml = await readFile(join(root, 'index.html'), 'utf8');
    } catch {
      return null;
    }
    try {
      manifest = JSON.parse(await readFile(join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    } catch {
      // A build without a manifest: the pages name no screen scripts, the router still loads them.
      manifest = null;
    }
    return indexHtml;
  }

  /** index.html with the `modulepreload` links of the route's screen. */
  function pageOf(html: string, pathname: string): Page {
    const route = routeOf(pathname);
    let page = pages.get(route);
    if (page === undefined) {
      const links = route && manifest ? screenScripts(manifest, route).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`) : [];
      page = compressedPage(links.length ? html.replace('</head>', `${links.join('')}</head>`) : html);
      pages.set(route, page);
    }
    return page;
  }

  async function serveWeb(c: Context): Promise<Response> {
    const pathname = decodeURIComponent(new URL(c.req.url).pathname);
    // Dot folders and files (Vite's .vite/manifest.json) are build metadata, never served.
    if (extname(pathname) && !pathname.split('/').some((segment) => segment.startsWith('.'))) {
      const file = normalize(join(root, pathname));
      if (file.startsWith(root + sep)) {
        try {
          const info = await stat(file);
          if (info.isFile()) {
            const compressed = await readCompressed(file, c.req.header('accept-encoding'));
            const immutable = pathname.startsWith('/assets/');
            return new Response(compressed?.body ?? (await readFile(file)), {
              headers: {
                'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
                'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
                vary: 'accept-encoding',
                ...(compressed && { 'content-encoding': compressed.encoding }),
              },
            });
          }
        } catch {
          // fall through to the app's 404
        }
      }
    }
    const html = await loadIndex();
    if (html === null) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    const page = pageOf(html, pathname);
    const encoding = ENCODINGS.find(({ encoding }) => acceptedEncodings(c.req.header('accept-encoding')).has(encoding))?.encoding;
    // A drawn page starts its scripts from an inline one, which only the response's CSP nonce lets run.
    const nonce = (c as Context<NonceEnv>).get('secureHeadersNonce');
    const drawn = options.drawPage && nonce && isDrawnRoute(pathname) ? await options.drawPage(c) : null;
    if (drawn) {
      // One user's page, kept by no cache, with the session cookie the render's reads may have refreshed.
      const { body, encoding: drawnEncoding } = compressOnePage(drawnPageHtml(page.html, drawn, nonce!), c.req.header('accept-encoding'));
      const headers = new Headers({ 'content-type': TYPES['.html']!, 'cache-control': 'private, no-store', vary: 'accept-encoding, cookie' });
      for (const cookie of drawn.setCookies) headers.append('set-cookie', cookie);
      if (drawnEncoding) headers.set('content-encoding', drawnEncoding);
      return new Response(body, { headers });
    }
    return new Response(encoding ? page[encoding] : page.html, {
      status: isKnownRoute(pathname) ? 200 : 404,
      headers: { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache', vary: 'accept-encoding', ...(encoding && { 'content-encoding': encoding }) },
    });
  }

  /**
   * The admin door's page of a route (index.html with its screen's scripts), plain or with the screen
   * the server drew (its boot script under `nonce`, which the door's own policy allows); null before the build.
   */
  async function shell(pathname: string, drawing?: { drawn: DrawnPage; nonce: string }): Promise<string | null> {
    const html = await loadIndex();
    if (html === null) return null;
    const page = pageOf(html, pathname).html;
    return drawing ? drawnPageHtml(page, drawing.drawn, drawing.nonce) : page;
  }

  return Object.assign(serveWeb, { shell });
}
