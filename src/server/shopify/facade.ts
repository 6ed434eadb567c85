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

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const currentFetch = new AsyncLocalStorage<FetchLike>();
setAbstractFetchFunc(((input: RequestInfo | URL, init?: RequestInit) => {
  const fetcher = currentFetch.getStore() ?? (globalThis.fetch as FetchLike);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
  return fetcher(url, init);
}) as typeof fetch);

export class ShopifyRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** One entry of a GraphQL answer's `errors`: what failed, where in the data, and Shopify's code. */
export interface GraphqlFieldError {
  message: string;
  /** Where in `data` the failed field sits, e.g. ['orders', 'nodes', 0, 'email']; empty for the whole operation. */
  path: (string | number)[];
  /** extensions.code: ACCESS_DENIED, THROTTLED, … */
  code: string | undefined;
}

/**
 * How a call rides out Shopify's rate limit. A THROTTLED answer (or HTTP 429) ran nothing, so any
 * operation may be sent again: after the wait Shopify's own cost figures give (the query's cost
 * minus what the bucket holds, over its restore rate), at least `minDelayMs`, at most `maxDelayMs`,
 * `attempts` times in all. Merchant-facing calls then wait a moment instead of failing at the first
 * throttled answer.
 */
export interface ThrottleRetry {
  attempts: number;
  minDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_THROTTLE_RETRY: ThrottleRetry = { attempts: 4, minDelayMs: 250, maxDelayMs: 4000 };

export interface ShopifyFacadeOptions {
  config: Config;
  /** Retries of throttled calls (tests shorten the waits). */
  throttleRetry?: ThrottleRetry;
  /** Where `https://{shop}/…` requests go. Defaults to the network (real Shopify). */
  fetch?: FetchLike;
  /** For the emulator: the URL under which a shop's admin is served, e.g. http://localhost:3000/_shopify/store/{shop}. */
  shopOrigin?: (shop: string) => string;
}

export interface AccessTokens {
  accessToken: string;
  scope: string;
  expiresIn: number | null;
  refreshToken: string | null;
  refreshTokenExpiresIn: number | null;
}

export function createShopifyFacade({ config, fetch: fetcher = globalThis.fetch as FetchLike, shopOrigin, throttleRetry = DEFAULT_THROTTLE_RETRY }: ShopifyFacadeOptions) {
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

  async function tokenRequest(shop: string, body: Record<string, string>): Promise<AccessTokens> {
    const res = await routedFetch(`https://${shop}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: config.shopify.apiKey, client_secret: config.shopify.apiSecret, ...body }),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok || typeof json.access_token !== 'string') {
      throw new ShopifyRequestError(`token request failed (${res.status})`, res.status, String(json.error ?? ''));
    }
    return {
      accessToken: json.access_token,
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
   * decides which of those it can live with. A THROTTLED answer is tried again (ThrottleRetry).
   * Throws ShopifyRequestError on an HTTP failure, on THROTTLED past the retries, and when there is no
   * data at all.
   */
  async function graphqlWithErrors<T>(shop: string, accessToken: string, query: string, variables?: Record<string, unknown>): Promise<{ data: T; errors: GraphqlFieldError[] }> {
    const session = new Session({ id: `offline_${shop}`, shop, state: '', isOnline: false, accessToken });
    const client = new api.clients.Graphql({ session });
    for (let attempt = 1; ; attempt++) {
      const outcome = await currentFetch.run(routedFetch, async () => {
        try {
          const response = await client.request<T>(query, { variables });
          return { data: response.data as T, errors: [] as GraphqlFieldError[], failure: null };
        } catch (error) {
          // HttpResponseError carries `response.code`; GraphqlQueryError (HTTP 200 with `errors`) the fetch Response.
          const e = error as { response?: { code?: number; status?: number }; message: string; body?: GraphqlBody };
          const status = e.response?.code ?? e.response?.status ?? 500;
          const errors = graphqlErrors(e.body);
          const partial = status === 200 && e.body?.data != null && errors.length > 0 && errors.every((x) => x.path.length > 0 && x.code !== 'THROTTLED');
          if (partial) return { data: e.body!.data as T, errors, failure: null };
          return { failure: new ShopifyRequestError(e.message, status, status === 429 ? 'THROTTLED' : graphqlErrorCode(e.body)), body: e.body };
        }
      });
      if (!outcome.failure) return { data: outcome.data, errors: outcome.errors };
      if (outcome.failure.code !== 'THROTTLED' || attempt >= throttleRetry.attempts) throw outcome.failure;
      await new Promise((resolve) => setTimeout(resolve, throttleWait(outcome.body, throttleRetry)));
    }
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

    /** Runs an Admin GraphQL operation with the library's client. Throws ShopifyRequestError on 401 or any error. */
    async graphql<T>(shop: string, accessToken: string, query: string, variables?: Record<string, unknown>): Promise<T> {
      const { data, errors } = await graphqlWithErrors<T>(shop, accessToken, query, variables);
      if (errors.length > 0) throw new ShopifyRequestError(errors[0]!.message, 200, errors[0]!.code);
      return data;
    },

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
export function throttleWait(body: GraphqlBody | undefined, policy: ThrottleRetry): number {
  const cost = body?.extensions?.cost;
  const missing = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate ?? 0;
  const needed = missing > 0 && rate > 0 ? Math.ceil((missing / rate) * 1000) : 0;
  return Math.min(policy.maxDelayMs, Math.max(policy.minDelayMs, needed));
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
