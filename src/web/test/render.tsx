import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '../router';
import { checkAgainstContract } from './contract-check';

/** A query client without retries, so failures show at once in tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders the whole app router at `path` (jsdom lacks scrolling, which ScrollRestoration calls). */
export function renderRoute(path: string) {
  window.scrollTo = () => {};
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders a component inside a memory router and a fresh query client. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit | undefined, input: RequestInfo | URL) => Response | Promise<Response>;

/**
 * Replaces global fetch with `handler` (keyed on the request path). Unhandled paths answer 404 like
 * an API that does not exist yet. Undo with `vi.unstubAllGlobals()`.
 */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, 'http://localhost').pathname;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    return checkAgainstContract(method, url, await handler(url, init, input));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'invalid_input',
  401: 'not_signed_in',
  403: 'forbidden_origin',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};

/** An API failure as the server answers it: `{ error, code }` (the code defaults from the status). */
export function apiError(status: number, message: string, code = CODE_BY_STATUS[status] ?? 'internal'): Response {
  return jsonResponse({ error: message, code }, status);
}

export const notFoundResponse = () => jsonResponse({ error: 'Ressource introuvable.', code: 'not_found' }, 404);

export const testUser = { id: 'u1', email: 'zoe@boutique.fr', name: 'Zoé Martin', companyName: null };
export const testSession = { session: { id: 's1' }, user: testUser };
export const activeStore = {
  id: 'st1',
  shop_domain: 'ma-boutique.myshopify.com',
  shop_name: 'Ma boutique',
  is_active: true,
  subscription_status: 'active',
  installed_at: '2025-10-01T09:00:00Z',
  admin_url: 'https://ma-boutique.myshopify.com/admin',
};

/**
 * Replaces `window.location` with a stand-in whose `assign` and `replace` are spies (jsdom cannot
 * navigate away); the other members read the real location. Undo with the returned `restore`.
 */
export function stubLocation() {
  const real = window.location;
  const assign = vi.fn<(url: string | URL) => void>();
  const replace = vi.fn<(url: string | URL) => void>();
  const standIn = {
    assign,
    replace,
    reload: vi.fn(),
    toString: () => real.href,
    get href() {
      return real.href;
    },
    get origin() {
      return real.origin;
    },
    get protocol() {
      return real.protocol;
    },
    get host() {
      return real.host;
    },
    get hostname() {
      return real.hostname;
    },
    get port() {
      return real.port;
    },
    get pathname() {
      return real.pathname;
    },
    get search() {
      return real.search;
    },
    get hash() {
      return real.hash;
    },
  };
  Object.defineProperty(window, 'location', { configurable: true, value: standIn });
  return {
    assign,
    replace,
    restore: () => Object.defineProperty(window, 'location', { configurable: true, value: real }),
  };
}
