import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { ErrorBody } from '#core/api';
import type { getSession } from '#core/api/auth';
import type { ResponseOf } from '#core/api/endpoint';
import type { StoreSummary } from '#core/api/stores';
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

/**
 * A JSON answer no contract's type checks: only for fetches that reach no endpoint (tests of the
 * fetch layer itself, `mockFetch` handlers). An endpoint's answer is its contract's response given to
 * `on` (src/web/test/endpoints.ts), a failure is `apiError`, a deliberately wrong body is
 * `malformedResponse`; eslint.config.js refuses `rawResponse` inside `on(…)` and `mockEndpoint(…)`.
 */
export function rawResponse(body: unknown, status = 200): Response {
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

/**
 * An API failure as the server answers it: `{ error, code }` (the code defaults from the status),
 * with `details` beside them: the refused `field` or `position`, or the fields the spec's
 * `functions/v1` failures keep (`success: false`, …).
 */
export function apiError(
  status: number,
  message: string,
  code = CODE_BY_STATUS[status] ?? 'internal',
  details: Pick<ErrorBody, 'field' | 'position'> & Record<string, unknown> = {},
): Response {
  return rawResponse({ error: message, code, ...details } satisfies ErrorBody, status);
}

export const notFoundResponse = () => rawResponse({ error: 'Ressource introuvable.', code: 'not_found' }, 404);

type Session = NonNullable<ResponseOf<typeof getSession>>;

export const testUser = { id: 'u1', email: 'zoe@boutique.fr', name: 'Zoé Martin', companyName: null };
export const testSession = { session: {}, user: testUser } satisfies Session;
export const activeStore = {
  id: 'st1',
  shop_domain: 'ma-boutique.myshopify.com',
  shop_name: 'Ma boutique',
  is_active: true,
  subscription_status: 'active',
  installed_at: '2025-10-01T09:00:00Z',
  admin_url: 'https://ma-boutique.myshopify.com/admin',
} satisfies StoreSummary;

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
