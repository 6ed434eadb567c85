/**
 * The server's rendering of an /app page (decision 039): the screen a signed-in merchant asked for,
 * with its data, as HTML the browser paints before any script has run; main.tsx then hydrates it with
 * the same answers. Built by `vite build --ssr` into dist/web-render and loaded by the server
 * (src/server/http/page-render.ts); never shipped to the browser. React's own server renderer, as
 * the browser's React hydrates.
 *
 * The data is read in one pass before the one render: the gates' (the session, then the store), then
 * at once what each matched route declares (`drawing.prefetch`, lib/drawing.ts), with the query
 * options of the hooks that show it. The reads go through the web client's one `fetch`
 * (lib/api.ts), whose transport the server sets (`setApiTransport`, exported here): its own API in
 * the same process, with the page request's cookie.
 */
import { dehydrate, QueryClientProvider, type DehydratedState, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { isDrawnRoute } from '#core/routes';
import { sessionQuery } from './api/auth';
import { subscriptionGateOutcome } from './components/auth/RequireSubscription';
import { AdminDoorProvider } from './lib/admin-door';
import { DrawnAtProvider } from './lib/clock';
import type { ScreenDrawing, ScreenHandle } from './lib/drawing';
import { PageHeaderSeedProvider, type PageHeaderState } from './lib/page-header';
import { createQueryClient } from './lib/query-client';
import { currentStoreQuery } from './lib/session';
import { READABLE_WHILE_AWAY_ROUTE, routes, SUBSCRIPTION_GATE_ROUTE } from './router';

/** What main.tsx finds in the page (`#app-state`) to hydrate with. */
export interface ServerState {
  queries: DehydratedState;
  /** The layout's header, which the screen declares (lib/drawing.ts). */
  header: PageHeaderState | null;
  /** When the page was drawn (ms since the epoch): the browser's first render reads the clock here (lib/clock.tsx). */
  drawnAt: number;
}

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  state: ServerState;
  /**
   * The queries the render asked for that no drawing had read: drawn in their waiting state, which
   * the browser's first render shows too before it reads them. A drawn screen should have none.
   */
  unread: QueryKey[];
}

export { setApiTransport } from './lib/api';

const handler = createStaticHandler(routes);

export interface RenderOptions {
  /**
   * The page is the Shopify admin's (decision 053): drawn with the admin door's layout, which the
   * browser's first render there draws too (its document names the app's API key).
   */
  adminDoor?: boolean;
}

/**
 * A query this render should have read: asked for, enabled, and not one the browser makes itself
 * once the page is open: marked `browserOnly` (an action), or read afresh whenever it is shown
 * (`staleTime: 0`, a diagnostic), which the browser would read again at once.
 */
function isReadHere(query: Query): boolean {
  if (query.meta?.browserOnly === true) return false;
  const staleTime = (query.options as { staleTime?: number | ((query: Query) => number) }).staleTime;
  if ((typeof staleTime === 'function' ? staleTime(query) : staleTime) === 0) return false;
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** The whole markup of `element`, once every Suspense boundary in it has rendered; rejects on any error. */
async function renderToHtml(element: ReactNode): Promise<string> {
  let failure: unknown = null;
  const stream = await renderToReadableStream(element, {
    // Every boundary written in place, however large: React would otherwise send a large one after
    // the rest with an inline script to move it, which the page's Content-Security-Policy refuses
    // (and the page is sent whole anyway, once every boundary has rendered).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      failure ??= error;
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  // A boundary that failed is left for the browser to render: the page would not be the one drawn.
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}

/**
 * Renders `url` for the session the API transport's requests carry (the standalone site's cookie, or
 * the admin load's session token: `options.adminDoor`). `null` when the page is not for
 * the server to draw: a screen not in `drawnRoutes` (#core/routes; the server asks for no other, and
 * this keeps the renderer to its list on its own), no session (the app sends the visitor to /login),
 * the subscription gate sending elsewhere, or a read that failed. The browser then renders it as
 * before. An error while rendering is thrown (the server logs it and sends the plain page).
 */
export async function renderPage(url: URL, options: RenderOptions = {}): Promise<RenderedPage | null> {
  if (!isDrawnRoute(url.pathname)) return null;
  // Matches the URL and loads the lazy screens' modules (their components and drawings).
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const queryClient = createQueryClient();
  // One attempt each: a failure makes the browser render the page itself, with its own retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  try {
    const drawings = await readData(queryClient, url, context.matches);
    if (!drawings) return null;
    const header = drawings.findLast((drawing) => drawing.header)?.header ?? null;
    const drawnAt = Date.now();
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = await renderToHtml(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AdminDoorProvider value={options.adminDoor === true}>
            <PageHeaderSeedProvider value={{ header }}>
              <DrawnAtProvider value={drawnAt}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </DrawnAtProvider>
            </PageHeaderSeedProvider>
          </AdminDoorProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
    const unread = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && isReadHere(query))
      .map((query) => query.queryKey);
    return { html, state: { queries: dehydrate(queryClient), header, drawnAt }, unread };
  } finally {
    queryClient.clear();
  }
}

type Matches = Exclude<Awaited<ReturnType<typeof handler.query>>, Response>['matches'];

/**
 * Reads what the page shows, in one pass: the gates first (without a session the app sends the
 * visitor to /login, and the subscription gate may send the merchant elsewhere: only a browser
 * follows a redirect), then at once what each matched route declares. The drawings, or `null` when
 * the page is left to the browser (a gate sends elsewhere, or a read failed).
 */
async function readData(queryClient: QueryClient, url: URL, matches: Matches): Promise<ScreenDrawing[] | null> {
  try {
    const session = await queryClient.fetchQuery({ ...sessionQuery, retry: false });
    if (!session) return null;
    const stores = await queryClient.fetchQuery(currentStoreQuery);
    const behindSubscriptionGate = matches.some((match) => match.route.id === SUBSCRIPTION_GATE_ROUTE);
    const readableWhileAway = matches.some((match) => match.route.id === READABLE_WHILE_AWAY_ROUTE);
    if (behindSubscriptionGate && subscriptionGateOutcome({ data: stores, isError: false }, { readableWhileAway }) !== 'allowed') return null;
    const drawings = matches.flatMap((match) => (match.route.handle as ScreenHandle | undefined)?.drawing ?? []);
    await Promise.all(drawings.map((drawing) => drawing.prefetch(queryClient, url)));
    // prefetchQuery keeps a failure in the cache rather than throwing it.
    return queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error')
      ? null
      : drawings;
  } catch {
    return null;
  }
}
