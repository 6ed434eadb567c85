/**
 * The server's rendering of an /app page (decision 037): the screen a signed-in merchant asked for,
 * with its data, as HTML the browser paints before any script has run; main.tsx then hydrates it with
 * the same answers. Built by `vite build --ssr` into dist/web-render and loaded by the server
 * (src/server/http/page-render.ts); never shipped to the browser.
 *
 * The screens read their data with TanStack Query, which does not fetch while rendering on a server.
 * So a page is rendered in passes: each pass lists the queries it asked for that have no answer yet,
 * the server reads them, and the next pass renders with the answers, until a pass asks for nothing
 * new. The gates need two (the session, then the store), the screen one or two more.
 *
 * The reads go through the web client's one `fetch` (lib/api.ts), whose transport the server sets
 * (`setApiTransport`, exported here): its own API in the same process, with the page request's cookie.
 */
import { dehydrate, QueryClientProvider, type DehydratedState, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { isDrawnRoute } from '#core/routes';
import { createQueryClient } from './lib/query-client';
import { PageHeaderSeedProvider, type PageHeaderSeed, type PageHeaderState } from './lib/page-header';
import { currentStoreQueryKey, sessionQueryKey, type CurrentStore } from './lib/session';
import { subscriptionGateOutcome } from './components/auth/RequireSubscription';
import { routes, SUBSCRIPTION_GATE_ROUTE } from './router';

/** What main.tsx finds in the page (`#app-state`) to hydrate with. */
export interface ServerState {
  queries: DehydratedState;
  /** The layout's header, which the screen set (lib/page-header.tsx). */
  header: PageHeaderState | null;
}

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  state: ServerState;
}

export { setApiTransport } from './lib/api';

/** Enough for the gates (session, store), a screen and what its answers lead it to read. */
const MAX_PASSES = 6;

const handler = createStaticHandler(routes);

/**
 * A query this render reads: asked for, enabled, and not one the browser makes itself once the page
 * is open: marked `browserOnly` (an action), or read afresh whenever it is shown (`staleTime: 0`, a
 * diagnostic), which the browser would read again at once.
 */
function isReadHere(query: Query): boolean {
  if (query.meta?.browserOnly === true) return false;
  const staleTime = (query.options as { staleTime?: number | ((query: Query) => number) }).staleTime;
  if ((typeof staleTime === 'function' ? staleTime(query) : staleTime) === 0) return false;
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * Renders `url` for the session the API transport's requests carry. `null` when the page is not for
 * the server to draw: a screen not in `drawnRoutes` (#core/routes; the server asks for no other, and
 * this keeps the renderer to its list on its own), no session (the app sends the visitor to /login),
 * the subscription gate sending elsewhere, a read that failed, or a page still asking for data after
 * the last pass. The browser then renders it as before.
 */
export async function renderPage(url: URL): Promise<RenderedPage | null> {
  if (!isDrawnRoute(url.pathname)) return null;
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const behindSubscriptionGate = context.matches.some((match) => match.route.id === SUBSCRIPTION_GATE_ROUTE);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  // One attempt each: a failure makes the browser render the page itself, with its own retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const cache = queryClient.getQueryCache();
  let header: PageHeaderState | null = null;
  const seed: PageHeaderSeed = {
    header: null,
    rendered: (next) => {
      header = next;
    },
  };

  const render = () =>
    renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <PageHeaderSeedProvider value={seed}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </PageHeaderSeedProvider>
        </QueryClientProvider>
      </StrictMode>,
    );

  /**
   * Whether what has been read so far leaves the page to the browser: a failed read, no session (the
   * gate sends to /login), or a merchant the subscription gate sends elsewhere. Checked before each
   * pass, so no pass renders a gate's redirect, which only a browser can follow.
   */
  const leftToBrowser = () => {
    if (cache.getAll().some((query) => query.state.status === 'error')) return true;
    const session = cache.find({ queryKey: sessionQueryKey, exact: true });
    if (session?.state.status === 'success' && !session.state.data) return true;
    const store = cache.find<CurrentStore | null>({ queryKey: currentStoreQueryKey, exact: true });
    return behindSubscriptionGate && store?.state.status === 'success' && subscriptionGateOutcome({ data: store.state.data, isError: false }) !== 'allowed';
  };

  try {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      if (leftToBrowser()) return null;
      // Queries a pass asked for and that were not read are built anew by the next one, with the
      // options (`enabled`) their components give them now.
      for (const query of cache.getAll()) if (query.state.status === 'pending') cache.remove(query);
      seed.header = header;
      const html = render();
      const wanted = cache.getAll().filter((query) => query.state.status === 'pending' && isReadHere(query));
      if (wanted.length > 0) {
        await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
      } else if (JSON.stringify(header) === JSON.stringify(seed.header)) {
        return { html, state: { queries: dehydrate(queryClient), header } };
      }
      // else: the screen set another header than the layout started with, and the next pass draws it.
    }
    return null;
  } finally {
    queryClient.clear();
  }
}
