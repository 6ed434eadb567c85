/**
 * The /app pages a signed-in merchant opens arrive drawn, with their data (decision 039): the
 * browser paints the screen from the HTML, then the app's scripts take it over (hydration) instead
 * of drawing it anew. The rendering itself is the web app's (src/web/server-render.tsx, built into
 * dist/web-render); this module loads it, gives it the API of this very server with the page
 * request's cookie, and writes its markup and answers into the page.
 *
 * Anything else (no cookie, no session, a gate sending elsewhere, a failed read, no build of the
 * renderer, an error) gives `null`: the page goes out as the plain app page, and the browser renders
 * the screen itself as it always could.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { Logger } from '../logger';

/** What the built renderer exports (src/web/server-render.tsx). */
interface RendererModule {
  renderPage(url: URL, options?: { adminDoor?: boolean }): Promise<{ html: string; state: unknown; unread: unknown[] } | null>;
  setApiTransport(transport: typeof fetch): void;
}

/** Where an API call of a render goes: the server answering the page, from the page's address. */
interface RenderTarget {
  origin: string;
  fetch: (request: Request) => Promise<Response>;
}

/**
 * The render running in this async context. The renderer module is shared by the renders of
 * concurrent page requests; each API call goes to its own page's target.
 */
const currentTarget = new AsyncLocalStorage<RenderTarget>();

/**
 * The web client's transport while rendering: to the current page's server. Drawing a page only
 * reads: a request other than GET is refused (an action the page starts by itself, such as the
 * billing re-read, is marked for the browser and never asked here).
 */
const renderTransport: typeof fetch = (input, init) => {
  const target = currentTarget.getStore();
  if (!target) return Promise.reject(new Error('API call outside a server render'));
  const request = new Request(new URL(input instanceof Request ? input.url : String(input), target.origin), init);
  if (request.method !== 'GET') return Promise.reject(new Error(`${request.method} request in a server render`));
  return target.fetch(request);
};

/** The markup of `#root`, the script element main.tsx hydrates from, and the session cookies to pass on. */
export interface DrawnPage {
  root: string;
  state: string;
  setCookies: string[];
}

/** The request headers an API call of the render carries over from the page's request (and its cookie on the standalone site). */
const FORWARDED = ['user-agent', 'accept-language', 'x-forwarded-for'];

/** Who a page is drawn for, when the Shopify admin loads it: the load's session token, already verified. */
export interface AdminDoorDrawing {
  sessionToken: string;
}

/**
 * JSON inside a `<script>` element (the drawn page's state, or a literal in an inline script): no `<`
 * survives, so the text can neither close the element nor open a comment; JSON.parse and JavaScript
 * string literals both read `\u003c` back as `<`.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * `deadlineMs` (PAGE_DRAW_DEADLINE_MS) is how long a page may wait for its drawing. Past it the page
 * goes out as the plain app page, and the browser shows the screen with its own waiting states: a slow
 * read (Shopify behind it, a busy database) must not make the page slower than the app drawing it itself.
 */
export function createPageRenderer(renderDir: string, log: Logger, deadlineMs: number) {
  const entry = join(renderDir, 'server-render.js');
  let loading: Promise<RendererModule | null> | null = null;

  function load(): Promise<RendererModule | null> {
    loading ??= existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<RendererModule>).then(
          (renderer) => {
            renderer.setApiTransport(renderTransport);
            return renderer;
          },
          (error: unknown) => {
            log.error('page renderer failed to load', { error: String(error) });
            return null;
          },
        )
      : Promise.resolve(null);
    return loading;
  }

  /**
   * `app` answers the render's API calls: the application serving this page. `adminDoor` draws the
   * admin's page with its session token (the page's cookie, if any, is not the admin's caller).
   */
  return async function drawPage(
    c: Context,
    app: { fetch(request: Request, env?: unknown): Response | Promise<Response> },
    adminDoor?: AdminDoorDrawing,
  ): Promise<DrawnPage | null> {
    const cookie = c.req.header('cookie');
    if (!adminDoor && !cookie) return null;
    const renderer = await load();
    if (!renderer) return null;
    const setCookies: string[] = [];
    const apiFetch = async (request: Request) => {
      const headers = new Headers(request.headers);
      for (const name of FORWARDED) {
        const value = c.req.header(name);
        if (value !== undefined) headers.set(name, value);
      }
      if (adminDoor) headers.set('authorization', `Bearer ${adminDoor.sessionToken}`);
      else headers.set('cookie', cookie!);
      // The node server's bindings: the API sees the page request's socket (its client address).
      const response = await app.fetch(new Request(request, { headers }), c.env);
      // The admin's frame keeps no cookie (decision 053): a token's reads set none to pass on.
      if (!adminDoor) setCookies.push(...response.headers.getSetCookie());
      return response;
    };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deadlineMs);
    });
    try {
      const url = new URL(c.req.url);
      const drawing = currentTarget.run({ origin: url.origin, fetch: apiFetch }, () => renderer.renderPage(url, { adminDoor: adminDoor !== undefined }));
      const page = await Promise.race([drawing, late]);
      if (page === 'late') {
        // The drawing goes on to its end unread; its failure, if any, is of no one's concern now.
        drawing.catch(() => undefined);
        log.warn('page drawn too late, sent for the browser to draw', { path: c.req.path, deadlineMs });
        return null;
      }
      if (page && page.unread.length > 0) {
        // The screen's drawing misses a query its first render shows (src/web/lib/drawing.ts): the page
        // is drawn with its waiting state there, which the browser reads and fills.
        log.warn('drawn page shows a query its drawing did not read', { path: c.req.path, queries: JSON.stringify(page.unread) });
      }
      return page && { root: page.html, state: scriptJson(page.state), setCookies };
    } catch (error) {
      log.warn('page not drawn by the server', { path: c.req.path, error: String(error) });
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
