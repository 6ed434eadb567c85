/**
 * The contract of one HTTP endpoint, written once and read by both sides: the server mounts its
 * handler through it (src/server/http/route.ts) and the web app calls it through it
 * (src/web/api/client.ts). A limit, a field or an error code changed here changes both.
 */
import type { z } from 'zod';
import type { ErrorCode } from './codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call it.
 * - `public`: anyone (its own credential, if any, is in the request: a signed token, a one-time link).
 * - `session`: a signed-in account, store or not (account settings, onboarding).
 * - `store`: a signed-in merchant with an active store, resolved once by `requireStore`; every
 *   endpoint that names a store, a request or a flow is of this kind.
 * - `readable_store`: reads only, on the active store or, while none is connected, on the store the
 *   account last had (`requireReadableStore`): the reviews stay readable and exportable after a
 *   disconnection (decision 045).
 */
export type Access = 'public' | 'session' | 'store' | 'readable_store';

export interface Endpoint {
  readonly method: HttpMethod;
  /** The full path as Hono mounts it, e.g. `/api/flows/:id`. */
  readonly path: string;
  readonly access: Access;
  /** What it is for, in a few words (the contract test prints it). */
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * A file upload instead of a JSON body: the request's raw bytes, whatever its content type (the
   * handler judges the file by its content), at most `maxBytes`, else `tooLarge` (a 413 code).
   */
  readonly upload?: { readonly maxBytes: number; readonly tooLarge: ErrorCode };
  /**
   * The JSON answered on success. A browser navigation (OAuth redirects) has none and says
   * `kind: 'redirect'`; neither has a file the browser downloads (a CSV export), `kind: 'download'`.
   */
  readonly response?: z.ZodType;
  readonly kind?: 'json' | 'redirect' | 'download';
  /** Success status; 200 unless it creates something. */
  readonly status?: 200 | 201;
  /** Every error code it may answer, beyond the common ones every endpoint may answer. */
  readonly errors: readonly ErrorCode[];
}

/** Declares an endpoint, keeping its literal types (method, path, schemas) for both sides. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type Schema<E, K extends 'params' | 'query' | 'body' | 'response'> = E extends { readonly [P in K]: infer S extends z.ZodType } ? S : never;

/** What the server's handler receives once the input is parsed. */
export type ParamsOf<E> = [Schema<E, 'params'>] extends [never] ? Record<string, never> : z.output<Schema<E, 'params'>>;
export type QueryOf<E> = [Schema<E, 'query'>] extends [never] ? Record<string, never> : z.output<Schema<E, 'query'>>;
export type BodyOf<E> = [Schema<E, 'body'>] extends [never] ? undefined : z.output<Schema<E, 'body'>>;

/** What the browser sends (the schema's input side). */
export type ParamsInput<E> = [Schema<E, 'params'>] extends [never] ? undefined : z.input<Schema<E, 'params'>>;
export type QueryInput<E> = [Schema<E, 'query'>] extends [never] ? undefined : z.input<Schema<E, 'query'>>;
export type BodyInput<E> = [Schema<E, 'body'>] extends [never] ? undefined : z.input<Schema<E, 'body'>>;

/** The JSON the browser receives. */
export type ResponseOf<E> = [Schema<E, 'response'>] extends [never] ? null : z.output<Schema<E, 'response'>>;

/** Fills `:name` segments of a path (each value URI-encoded). */
export function pathWith(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
