/**
 * Mounts an endpoint's handler through its contract (src/core/api): the one place that resolves
 * access (public, session, store), parses params, query and body with the contract's schemas, turns
 * a DomainError into `{ error, code }`, and (outside production) checks the answer against the
 * contract's response schema so a handler cannot drift from what the browser expects.
 */
import type { Context, Hono } from 'hono';
import type { Endpoint, BodyOf, ParamsOf, QueryOf, ResponseOf } from '#core/api/endpoint';
import { diagnostic, registerGdprWebhooks } from '#core/api/shopify';
import { currentStore } from '#core/api/stores';
import type { SignedIn } from '../auth/auth';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { requireReadableStore, requireStore, resolveCaller, type TenantStore } from '../stores/tenancy';
import { parseJsonBody, parseWith } from './errors';
import { jsonAnswer } from './json-answer';

/**
 * The account-wide (`session`) endpoints a Shopify admin session token may use: they read or act on
 * the account's active store, which is the token's shop. The others (another shop's compliance
 * export, claiming an installation, connecting a shop) take the standalone session only.
 */
const ADMIN_DOOR_ACCOUNT_ENDPOINTS: ReadonlySet<Endpoint> = new Set<Endpoint>([currentStore, diagnostic, registerGdprWebhooks]);

/** A JSON value as a handler may return it: a `Date` wherever the wire carries an ISO string. */
export type Encodable<T> = T extends string ? T | Date : T extends readonly (infer U)[] ? readonly Encodable<U>[] : T extends object ? { [K in keyof T]: Encodable<T[K]> } : T;

export interface HandlerInput<E extends Endpoint> {
  c: Context;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The uploaded file's bytes, for an endpoint with `upload` (size already checked). */
  upload: E extends { upload: object } ? Uint8Array : null;
  session: E['access'] extends 'public' ? null : SignedIn;
  store: E['access'] extends 'store' | 'readable_store' ? TenantStore : null;
}

type Answer<E extends Endpoint> = E extends { kind: 'redirect' | 'download' } ? Response : Encodable<ResponseOf<E>> | Response;

export interface Route<E extends Endpoint = Endpoint> {
  endpoint: E;
  handler: (input: HandlerInput<E>) => Promise<Answer<E>>;
}

/** Pairs an endpoint with its handler (checked against the contract's types). */
export function route<const E extends Endpoint>(endpoint: E, handler: (input: HandlerInput<E>) => Promise<Answer<E>>): Route {
  return { endpoint, handler } as unknown as Route;
}

// Any app, whatever its variables: mounting reads none of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHono = Hono<any>;

const mounted = new WeakMap<AnyHono, Endpoint[]>();

/** The endpoints mounted on `app` through `mount` (the contract test compares them to app.routes). */
export function mountedEndpoints(app: AnyHono): readonly Endpoint[] {
  return mounted.get(app) ?? [];
}

export class ContractViolation extends Error {}

/** The raw bytes of an upload; the app's body limit for the path (uploadBodyLimits) already bounds them. */
async function readUpload(c: Context, upload: NonNullable<Endpoint['upload']>): Promise<Uint8Array> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > upload.maxBytes) throw new DomainError(upload.tooLarge);
  if (bytes.byteLength === 0) throw new DomainError('invalid_input', { field: 'file' });
  return bytes;
}

export function mount(app: AnyHono, ctx: AppContext, routes: readonly Route[]): void {
  const list = mounted.get(app) ?? [];
  mounted.set(app, list);
  for (const { endpoint, handler } of routes) {
    list.push(endpoint);
    app.on(endpoint.method, endpoint.path, async (c) => {
      // Public endpoints never pay for a session lookup.
      const caller = endpoint.access === 'public' ? null : await resolveCaller(ctx, c.req.raw.headers);
      if (!caller && endpoint.access !== 'public') throw new DomainError('not_signed_in');
      // An admin session token speaks for its shop, not for the whole account (decision 053): of the
      // account-wide endpoints it reaches only those that act on the active store, which is its shop's.
      if (caller?.tokenStore && endpoint.access === 'session' && !ADMIN_DOOR_ACCOUNT_ENDPOINTS.has(endpoint)) throw new DomainError('not_signed_in');
      const session: SignedIn | null = caller && { user: caller.user };
      // The admin's session token names its store (`dest`); the standalone session acts on the account's.
      const store =
        endpoint.access === 'store'
          ? (caller!.tokenStore ?? (await requireStore(ctx, caller!)))
          : endpoint.access === 'readable_store'
            ? (caller!.tokenStore ?? (await requireReadableStore(ctx, caller!)))
            : null;
      const params = endpoint.params ? parseWith(endpoint.params, c.req.param()) : {};
      const query = endpoint.query ? parseWith(endpoint.query, c.req.query()) : {};
      const body = endpoint.body ? await parseJsonBody(c, endpoint.body) : undefined;
      const upload = endpoint.upload ? await readUpload(c, endpoint.upload) : null;
      const answer = await (handler as Route['handler'])({ c, params, query, body, upload, session, store } as never);
      if (answer instanceof Response) return answer;
      const text = JSON.stringify(answer ?? null);
      if (ctx.config.checkApiResponses && endpoint.response) {
        const result = endpoint.response.safeParse(JSON.parse(text));
        if (!result.success) {
          throw new ContractViolation(`${endpoint.method} ${endpoint.path} answered outside its contract: ${result.error.message}`);
        }
      }
      return jsonAnswer(c, text, endpoint.status ?? 200);
    });
  }
}
