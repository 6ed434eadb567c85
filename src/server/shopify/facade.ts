/**
 * The one configured Shopify module: every call to Shopify (or to the local emulator) goes through
 * here. GraphQL goes through @shopify/shopify-api's client; the library's fetch is redirected with
 * `setAbstractFetchFunc` to a per-context function held in AsyncLocalStorage, so several app
 * instances (tests) can each talk to their own emulator in one process.
 */
import '@shopify/shopify-api/adapters/node';
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiVersion, LogSeverity, Session, shopifyApi, type Shopify } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import type { Config } from '../config';
import { RETRY_SAFE_MUTATIONS, type AdminDocument } from './admin-documents';
import { DEFAULT_SHOPIFY_RETRY, ShopifyRequestError, beforeDeadline, retryAfterMs, withRetries, type AttemptFailure, type ShopifyRetryPolicy } from './resilience';

export { ShopifyRequestError } from './resilience';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Token exchange (RFC 8693) as Shopify names it: the grant, the session token's type, the token asked for. */
export const TOKEN_EXCHANGE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
export const OFFLINE_ACCESS_TOKEN_TYPE = 'urn:shopify:params:oauth:token-type:offline-access-token';
/** Shopify's answer (400) to a session token it will not exchange: expired, badly signed, another app's or shop's. */
export const INVALID_SUBJECT_TOKEN = 'invalid_subject_token';

const currentFetch = new AsyncLocalStorage<FetchLike>();
setAbstractFetchFunc(((input: RequestInfo | URL, init?: RequestInit) => {
  const fetcher = currentFetch.getStore() ?? (globalThis.fetch as FetchLike);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
  return fetcher(url, init);
}) as typeof fetch);

/**
 * A payload Shopify's schema declares nullable (a mutation's, ordersCount) as graphql() answers it:
 * Shopify leaves one null only with an `errors` entry, on which graphql() has thrown already, so a
 * null here is Shopify failing, reported as such.
 */
export function answered<T>(value: T | null, field: string): T {
  if (value === null) throw new ShopifyRequestError(`Shopify answered no ${field}`, 200);
  return value;
}

/** One entry of a GraphQL answer's `errors`: what failed, where in the data, and Shopify's code. */
export interface GraphqlFieldError {
  message: string;
  /** Where in `data` the failed field sits, e.g. ['orders', 'nodes', 0, 'email']; empty for the whole operation. */
  path: (string | number)[];
  /** extensions.code: ACCESS_DENIED, THROTTLED, … */
  code: string | undefined;
}

export interface ShopifyFacadeOptions {
  config: Config;
  /** Time limits and retries of every call (resilience.ts; tests shorten them). */
  retry?: ShopifyRetryPolicy;
  /** Where `https://{shop}/…` requests go. Defaults to the network (real Shopify). */
  fetch?: FetchLike;
  /** For the emulator: the URL under which a shop's admin is served, e.g. http://localhost:3000/_shopify/store/{shop}. */
  shopOrigin?: (shop: string) => string;
}

/**
 * The variables argument of a typed document: optional when its operation declares none (the
 * generated type is then an object with no key), required otherwise. Its type comes from the
 * document alone (NoInfer), so the argument is checked against it rather than inferred from.
 */
type VariablesArgument<TVariables> = TVariables extends Record<string, never> ? [variables?: TVariables] : [variables: TVariables];

export interface AccessTokens {
  accessToken: string;
  scope: string;
  expiresIn: number | null;
  refreshToken: string | null;
  refreshTokenExpiresIn: number | null;
}

export function createShopifyFacade({ config, fetch: fetcher = globalThis.fetch as FetchLike, shopOrigin, retry = DEFAULT_SHOPIFY_RETRY }: ShopifyFacadeOptions) {
  const appUrl = new URL(config.appUrl);
  const apiVersion = config.shopify.apiVersion as ApiVersion;
  const api: Shopify = shopifyApi({
    apiKey: config.shopify.apiKey,
    apiSecretKey: config.shopify.apiSecret,
    scopes: config.shopify.scopes.split(','),
    hostName: appUrl.host,
    hostScheme: appUrl.protocol === 'https:' ? 'https' : 'http',
    apiVersion,
    isEmbeddedApp: false,
    logger: { level: LogSeverity.Error, log: async () => {} },
  });

  const originFor = (shop: string) => (shopOrigin ? shopOrigin(shop) : `https://${shop}`);

  /** Rewrites `https://{shop}/path` to the emulator when one is configured. */
  const routedFetch: FetchLike = (input, init) => {
    if (shopOrigin) {
      const url = new URL(input);
      if (url.hostname.endsWith('.myshopify.com')) input = `${shopOrigin(url.hostname)}${url.pathname}${url.search}`;
    }
    return fetcher(input, init);
  };

  /**
   * The OAuth token endpoint (code exchange, refresh, token exchange), bounded and retried like every
   * call. Sending it again is safe: the code is single-use and a refresh token is rotated, so a request
   * Shopify did apply is refused the second time (400, invalid_grant), never applied twice; a token
   * exchange Shopify did apply gives, the second time, a newer token that revokes the lost one, so the
   * token answered last is the one that works.
   */
  async function tokenRequest(shop: string, body: Record<string, string>): Promise<AccessTokens> {
    const json = await withRetries<Record<string, unknown>>(retry, true, async (signal) => {
      let res: Response;
      let answer: Record<string, unknown>;
      try {
        res = await beforeDeadline(
          routedFetch(`https://${shop}/admin/oauth/access_token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ client_id: config.shopify.apiKey, client_secret: config.shopify.apiSecret, ...body }),
            signal,
          }),
          signal,
        );
        answer = (await beforeDeadline(res.json(), signal).catch((error: unknown) => {
          if (signal.aborted) throw error;
          return {};
        })) as Record<string, unknown>;
      } catch (error) {
        return { ok: false, ...noAnswer(error, signal) };
      }
      if (res.ok && typeof answer.access_token === 'string') return { ok: true, value: answer };
      return { ok: false, ...httpFailure(new ShopifyRequestError(`token request failed (${res.status})`, res.status, String(answer.error ?? '')), res) };
    });
    return {
      accessToken: String(json.access_token),
      scope: String(json.scope ?? ''),
      expiresIn: typeof json.expires_in === 'number' ? json.expires_in : null,
      refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : null,
      refreshTokenExpiresIn: typeof json.refresh_token_expires_in === 'number' ? json.refresh_token_expires_in : null,
    };
  }

  /**
   * Runs an Admin GraphQL operation and answers its data with its field errors. Shopify answers a
   * field it will not give (a protected customer field the app is not approved for, a type whose
   * scope is missing) with null there and an `errors` entry, the rest of the data intact: the caller
   * decides which of those it can live with. Each attempt is bounded in time; THROTTLED, 429, and for
   * a retry-safe operation a 5xx, a timeout or a lost connection, are tried again (resilience.ts).
   * Throws ShopifyRequestError on an HTTP failure, past the retries, and when there is no data at all.
   */
  function graphqlWithErrors<TResult, TVariables>(
    shop: string,
    accessToken: string,
    document: AdminDocument<TResult, TVariables>,
    ...variables: VariablesArgument<NoInfer<TVariables>>
  ): Promise<{ data: TResult; errors: GraphqlFieldError[] }>;
  /** An ad hoc query (tests): the caller states the answer's shape. */
  function graphqlWithErrors<T>(shop: string, accessToken: string, query: string, variables?: Record<string, unknown>): Promise<{ data: T; errors: GraphqlFieldError[] }>;
  async function graphqlWithErrors<T>(shop: string, accessToken: string, query: string, variables?: Record<string, unknown>): Promise<{ data: T; errors: GraphqlFieldError[] }> {
    const session = new Session({ id: `offline_${shop}`, shop, state: '', isOnline: false, accessToken });
    const client = new api.clients.Graphql({ session });
    return withRetries(retry, retrySafe(query), async (signal) => {
      // What came back on the wire, whatever the library makes of it.
      let answered: Response | null = null;
      const attemptFetch: FetchLike = async (input, init) => {
        answered = await beforeDeadline(routedFetch(input, { ...init, signal }), signal);
        return answered;
      };
      try {
        const response = await beforeDeadline(
          currentFetch.run(attemptFetch, () => client.request<T>(query, { variables })),
          signal,
        );
        return { ok: true, value: { data: response.data as T, errors: [] as GraphqlFieldError[] } };
      } catch (error) {
        const res = answered as Response | null;
        if (signal.aborted || !res) return { ok: false, ...noAnswer(error, signal) };
        // GraphqlQueryError (HTTP 200 with `errors`) carries the body.
        const e = error as { message: string; body?: GraphqlBody };
        const errors = graphqlErrors(e.body);
        const partial = res.status === 200 && e.body?.data != null && errors.length > 0 && errors.every((x) => x.path.length > 0 && x.code !== 'THROTTLED');
        if (partial) return { ok: true, value: { data: e.body!.data as T, errors } };
        const code = graphqlErrorCode(e.body);
        const failure = new ShopifyRequestError(res.ok ? e.message : `Shopify answered ${res.status}`, res.status, res.status === 429 ? 'THROTTLED' : code);
        if (res.status === 200 && code === 'THROTTLED') return { ok: false, error: failure, retry: 'always', waitMs: throttleWait(e.body, retry) };
        return { ok: false, ...httpFailure(failure, res) };
      }
    });
  }

  /**
   * Runs an Admin GraphQL operation with the library's client, typed by its document (admin-documents.ts).
   * Throws ShopifyRequestError on 401 or any error.
   */
  function graphql<TResult, TVariables>(
    shop: string,
    accessToken: string,
    document: AdminDocument<TResult, TVariables>,
    ...variables: VariablesArgument<NoInfer<TVariables>>
  ): Promise<TResult>;
  /** An ad hoc query (tests): the caller states the answer's shape. */
  function graphql<T>(shop: string, accessToken: string, query: string, variables?: Record<string, unknown>): Promise<T>;
  async function graphql<T>(shop: string, accessToken: string, query: string, variables?: Record<string, unknown>): Promise<T> {
    const { data, errors } = await graphqlWithErrors<T>(shop, accessToken, query, variables);
    if (errors.length > 0) throw new ShopifyRequestError(errors[0]!.message, 200, errors[0]!.code);
    return data;
  }

  return {
    api,
    apiVersion,
    /** The shop's admin home, for the header's 'Aller sur Shopify'. */
    adminUrl: (shop: string) => `${originFor(shop)}/admin`,

    /** Where the browser goes to approve the app (offline, expiring token). */
    authorizeUrl(shop: string, state: string): string {
      const params = new URLSearchParams({
        client_id: config.shopify.apiKey,
        scope: config.shopify.scopes,
        redirect_uri: `${config.appUrl}/functions/v1/shopify-auth/callback`,
        state,
      });
      return `${originFor(shop)}/admin/oauth/authorize?${params}`;
    },

    /** Exchanges an authorization code for an expiring offline token and its refresh token. */
    exchangeCode: (shop: string, code: string) => tokenRequest(shop, { code, expiring: '1' }),

    refreshAccessToken: (shop: string, refreshToken: string) => tokenRequest(shop, { grant_type: 'refresh_token', refresh_token: refreshToken }),

    /**
     * Exchanges a session token (App Bridge's, for this shop) for an expiring offline token and its
     * refresh token: token exchange (docs/shopify/session-tokens.md §4). A new offline token revokes
     * the shop's older ones: ask through `ensureOfflineToken` (offline-token.ts), which exchanges only
     * when needed. Shopify refuses an expired or invalid session token with 400 `invalid_subject_token`
     * (ShopifyRequestError, that code).
     */
    exchangeSessionToken: (shop: string, sessionToken: string) =>
      tokenRequest(shop, {
        grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
        subject_token: sessionToken,
        subject_token_type: ID_TOKEN_TYPE,
        requested_token_type: OFFLINE_ACCESS_TOKEN_TYPE,
        expiring: '1',
      }),

    graphql,
    graphqlWithErrors,
  };
}

export type ShopifyFacade = ReturnType<typeof createShopifyFacade>;

type GraphqlError = { message?: string; path?: (string | number)[]; extensions?: { code?: string } };
type GraphqlBody = {
  data?: unknown;
  errors?: unknown;
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable?: number; restoreRate?: number } } };
};

/** How long to wait after a THROTTLED answer: until the bucket holds the query's cost (Shopify's figures), within the policy's bounds. */
export function throttleWait(body: GraphqlBody | undefined, policy: Pick<ShopifyRetryPolicy, 'minDelayMs' | 'maxDelayMs'>): number {
  const cost = body?.extensions?.cost;
  const missing = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate ?? 0;
  const needed = missing > 0 && rate > 0 ? Math.ceil((missing / rate) * 1000) : 0;
  return Math.min(policy.maxDelayMs, Math.max(policy.minDelayMs, needed));
}

/** An HTTP answer other than success: a rate limit ran nothing; a 5xx may have run; the rest is Shopify's answer. */
function httpFailure(error: ShopifyRequestError, res: Response): AttemptFailure {
  const waitMs = retryAfterMs(res.headers.get('retry-after'));
  if (res.status === 429) return { error, retry: 'always', waitMs };
  if (res.status >= 500) return { error, retry: 'if-idempotent', waitMs };
  return { error, retry: 'never', waitMs: null };
}

/** No answer: the attempt's time ran out, or the connection failed. Either may hide work Shopify did. */
function noAnswer(error: unknown, signal: AbortSignal): AttemptFailure {
  if (signal.aborted) return { error: new ShopifyRequestError('Shopify did not answer in time', 0, 'TIMEOUT'), retry: 'if-idempotent', waitMs: null };
  return { error: new ShopifyRequestError(`no answer from Shopify: ${(error as Error).message}`, 0, 'NETWORK'), retry: 'if-idempotent', waitMs: null };
}

/** Queries, and the mutations that may run twice without harm (admin-documents.ts), are sent again after a 5xx or a timeout. */
function retrySafe(query: string): boolean {
  return !/^\s*(?:#[^\n]*\n\s*)*mutation\b/.test(query) || RETRY_SAFE_MUTATIONS.includes(query);
}

/** The answer's `errors`, whichever way the client wrapped them. */
function graphqlErrors(body: { errors?: unknown } | undefined): GraphqlFieldError[] {
  const raw = body?.errors as GraphqlError[] | { graphQLErrors?: GraphqlError[] } | undefined;
  const list: GraphqlError[] = Array.isArray(raw) ? raw : (raw?.graphQLErrors ?? []);
  return list.map((e) => ({ message: e.message ?? 'GraphQL error', path: e.path ?? [], code: e.extensions?.code }));
}

/** The first GraphQL error code (e.g. THROTTLED), whichever way the client wrapped the errors. */
function graphqlErrorCode(body: { errors?: unknown } | undefined): string | undefined {
  const raw = body?.errors as GraphqlError[] | { graphQLErrors?: GraphqlError[] } | undefined;
  const list: GraphqlError[] = Array.isArray(raw) ? raw : (raw?.graphQLErrors ?? []);
  return list[0]?.extensions?.code ?? (list[0]?.message === 'Throttled' ? 'THROTTLED' : undefined);
}
