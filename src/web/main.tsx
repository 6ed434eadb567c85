import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AdminDoorProvider, insideShopifyAdmin } from './lib/admin-door';
import { DrawnAtProvider } from './lib/clock';
import { PageHeaderSeedProvider } from './lib/page-header';
import { createQueryClient } from './lib/query-client';
import { startGateQueries } from './lib/session';
import { TakenOverProvider } from './lib/taken-over';
import { createAppRouter, routes } from './router';
import type { ServerState } from './server-render';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const queryClient = createQueryClient();

/** The answers an /app screen was drawn with by the server (src/server/http/page-render.ts), if it was. */
function serverState(): ServerState | null {
  const text = document.getElementById('app-state')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}

/**
 * Loads the lazy screens the page shows before the router starts: a hydrated page must render, on its
 * first pass, the screen the server drew (the router would otherwise show its fallback while loading
 * them, and replace the drawn page). Their scripts are already on their way (`modulepreload`).
 */
async function loadMatchedScreens(): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** Lifts the drawn page's `inert` (src/server/http/static-web.ts): it answers from here on. */
const takenOver = () => container.removeAttribute('inert');

function app(state: ServerState | null) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AdminDoorProvider value={insideShopifyAdmin()}>
          <PageHeaderSeedProvider value={{ header: state?.header ?? null }}>
            <DrawnAtProvider value={state?.drawnAt ?? null}>
              <TakenOverProvider value={state ? takenOver : null}>
                <RouterProvider router={createAppRouter()} />
              </TakenOverProvider>
            </DrawnAtProvider>
          </PageHeaderSeedProvider>
        </AdminDoorProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

const state = serverState();
if (state) {
  hydrate(queryClient, state.queries);
  // A screen that failed to load is the router's to load again (and to show its error): hydrate anyway.
  void loadMatchedScreens()
    .catch(() => undefined)
    // A task of its own for the hydration, apart from the scripts' evaluation: on a slow phone
    // each is a long task, and together one that blocks the page twice as long.
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => {
      // As a transition, the hydration yields to the browser every few milliseconds instead of
      // running as one long task: a slow phone stays responsive while React takes the page over
      // (the drawn page is visible and inert meanwhile).
      startTransition(() => {
        hydrateRoot(container, app(state), {
          // A drawn page that the browser's first render does not match is a bug: React draws the
          // part again, and the browser tests fail on this error.
          onRecoverableError: (error) => console.error('Hydration: the drawn page and the app differ', error),
        });
      });
    });
} else {
  startGateQueries(queryClient, window.location.pathname);
  createRoot(container).render(app(null));
}
