/**
 * Web tests mock the API through its contracts (src/core/api): an answer is registered for an
 * endpoint object, never for a path string, so a path or a method is written once, in the contract,
 * and a renamed route breaks the tests that mock it at compile time. A success answer is the
 * contract's response itself (`on(endpoint, body)`, `on(endpoint, (request) => body)`, or
 * `contractResponse(endpoint, body)` where a `Response` must be held back), so a mock that drifts from
 * its contract fails to compile; failures are `apiError(…)`, deliberately wrong bodies
 * `malformedResponse(…)`, and eslint.config.js refuses the untyped `rawResponse(…)` inside `on(…)`.
 * Requests are resolved to their contract the way the server routes them (exact segments before
 * `:param`s), answers still pass the contract check at run time (src/web/test/contract-check.ts), and
 * anything unanswered is a 404 like an API that does not exist yet.
 */
import { getSession } from '#core/api/auth';
import type { Endpoint, ParamsInput, ResponseOf } from '#core/api/endpoint';
import { currentStore, type StoreSummary } from '#core/api/stores';
import { endpointFor } from './contract-check';
import { activeStore, mockFetch, notFoundResponse, rawResponse, testSession } from './render';

export type FetchMock = ReturnType<typeof mockFetch>;

/** A request as an answer sees it. */
export interface MockedRequest {
  readonly method: string;
  /** The path without its query. */
  readonly path: string;
  /** The `:param` segments of the contract's path, decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly init: RequestInit | undefined;
  /** The JSON body sent, parsed (undefined without a string body). */
  readonly body: unknown;
}

type Answered<E> = ResponseOf<E> | Response;

/**
 * What an endpoint answers: the contract's response (sent as JSON with the contract's success
 * status), a `Response` (failures, deliberately malformed answers), or a function of the request
 * returning either, possibly later.
 */
export type Answer<E extends Endpoint> = Answered<E> | ((request: MockedRequest) => Answered<E> | Promise<Answered<E>>);

/** Which calls of an endpoint: all of them, or those whose `:param`s are these. */
export type ParamsFilter<E> = [ParamsInput<E>] extends [undefined] ? undefined : Partial<Record<keyof NonNullable<ParamsInput<E>>, string>>;

/** One mocked endpoint, made with `on`. */
export interface Route {
  readonly endpoint: Endpoint;
  readonly params: Readonly<Record<string, string>> | undefined;
  readonly answer: (request: MockedRequest) => Promise<Response>;
}

/** `endpoint` answers `answer` (to the calls whose path parameters are `params`, when given). */
export function on<const E extends Endpoint>(endpoint: E, answer: Answer<NoInfer<E>>, params?: ParamsFilter<NoInfer<E>>): Route {
  return {
    endpoint,
    params: params as Record<string, string> | undefined,
    answer: async (request) => {
      // A generic `Answer<E>` does not narrow on typeof: the two cases are told apart by hand.
      const value = typeof answer === 'function' ? await (answer as (request: MockedRequest) => Answered<E> | Promise<Answered<E>>)(request) : (answer as Answered<E>);
      return value instanceof Response ? value : contractResponse(endpoint, value);
    },
  };
}

/**
 * `endpoint`'s success answer as a `Response`, its body typed by the contract: for an answer held
 * back (a deferred resolved later) or a handler that must return a `Response`.
 */
export function contractResponse<const E extends Endpoint>(endpoint: E, body: ResponseOf<E>): Response {
  return rawResponse(body, endpoint.status ?? 200);
}

/** The `:param`s of `pattern` read from `path` (both already known to match). */
function paramsOf(pattern: string, path: string): Record<string, string> {
  const values = path.split('/');
  const params: Record<string, string> = {};
  pattern.split('/').forEach((segment, i) => {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(values[i] ?? '');
  });
  return params;
}

function sameParams(wanted: Readonly<Record<string, string>> | undefined, actual: Record<string, string>): boolean {
  return !wanted || Object.entries(wanted).every(([name, value]) => actual[name] === value);
}

function methodOf(input: RequestInfo | URL, init: RequestInit | undefined): string {
  return (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
}

function urlOf(input: RequestInfo | URL): URL {
  return new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
}

function parsedBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

/**
 * A server answering only `routes` (every other request: 404). When several routes answer the same
 * call, the last one given wins, so a later route overrides a default.
 */
export function mockApi(routes: readonly Route[] = []): FetchMock {
  return mockFetch((_path, init, input) => {
    const url = urlOf(input);
    const method = methodOf(input, init);
    const endpoint = endpointFor(method, url.pathname);
    if (!endpoint) return notFoundResponse();
    const params = paramsOf(endpoint.path, url.pathname);
    const route = routes.findLast((r) => r.endpoint === endpoint && sameParams(r.params, params));
    if (!route) return notFoundResponse();
    return route.answer({ method, path: url.pathname, params, query: url.searchParams, init, body: parsedBody(init) });
  });
}

/** A server answering `endpoint` only. */
export function mockEndpoint<const E extends Endpoint>(endpoint: E, answer: Answer<NoInfer<E>>): FetchMock {
  return mockApi([on(endpoint, answer)]);
}

/**
 * The signed-in shell's answers: a merchant (`testSession`) whose store (`activeStore` unless
 * `store` is given, `null` for none) has an active subscription, so every /app page opens.
 */
export function signedInRoutes(store: StoreSummary | null = activeStore): Route[] {
  return [on(getSession, testSession), on(currentStore, { away: null, store })];
}

/** `signedInRoutes` then `routes` (which may override them): the usual server of an /app page. */
export function mockSignedInApi(routes: readonly Route[] = [], { store = activeStore as StoreSummary | null } = {}): FetchMock {
  return mockApi([...signedInRoutes(store), ...routes]);
}

/** The calls `fetchMock` received for `endpoint` (with these path parameters, when given), in order. */
export function callsTo<const E extends Endpoint>(fetchMock: FetchMock, endpoint: E, params?: ParamsFilter<E>): FetchMock['mock']['calls'] {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const path = urlOf(input).pathname;
    const method = methodOf(input, init);
    return endpointFor(method, path) === endpoint && sameParams(params as Record<string, string> | undefined, paramsOf(endpoint.path, path));
  });
}

/** The JSON body of the last call to `endpoint` (with these path parameters, when given), or undefined. */
export function sentBodyTo<const E extends Endpoint>(fetchMock: FetchMock, endpoint: E, params?: ParamsFilter<E>): unknown {
  return parsedBody(callsTo(fetchMock, endpoint, params).at(-1)?.[1]);
}
