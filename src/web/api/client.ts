/**
 * Calls an endpoint through its contract (src/core/api): the path, method, body and answer types
 * come from the one definition the server mounts, so a contract change fails to compile here.
 */
import type { BodyInput, Endpoint, ParamsInput, QueryInput, ResponseOf } from '#core/api/endpoint';
import { pathWith } from '#core/api/endpoint';
import { apiFetch } from '../lib/api';

export interface CallInput<E extends Endpoint> {
  params?: ParamsInput<E>;
  query?: QueryInput<E>;
  body?: BodyInput<E>;
  signal?: AbortSignal;
}

/** The URL of `endpoint` with its params and query filled in. */
export function urlOf<E extends Endpoint>(endpoint: E, input: Pick<CallInput<E>, 'params' | 'query'> = {}): string {
  const path = pathWith(endpoint.path, input.params as Record<string, string> | undefined);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

export function call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<ResponseOf<E>> {
  return apiFetch<ResponseOf<E>>(urlOf(endpoint, input), {
    method: endpoint.method,
    body: input.body,
    signal: input.signal,
  });
}
