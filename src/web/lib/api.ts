import { messages } from '../i18n';

/** An HTTP or network failure. `status` is 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  /** The contract's error code (`no_store`, `state_not_bound`…); null for a network failure. Match on it, never on the text. */
  readonly code: string | null;
  /** The refused field, when the server names one. */
  readonly field: string | null;
  /** The server's own sentence (already French); null when it gave none and `message` is the generic fallback. */
  readonly serverMessage: string | null;

  constructor(status: number, message: string, code: string | null = null, field: string | null = null, serverMessage: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.serverMessage = serverMessage;
  }
}

/** `RequestInit` whose body may be any JSON-serialisable value (strings and FormData pass through). */
export type ApiRequestInit = Omit<RequestInit, 'body'> & { body?: unknown };

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob)
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorOf(status: number, body: unknown): ApiError {
  const fields = body && typeof body === 'object' ? (body as { error?: unknown; code?: unknown; field?: unknown }) : {};
  const said = typeof fields.error === 'string' && fields.error.trim() ? fields.error : null;
  return new ApiError(
    status,
    said ?? messages.common.errorFallback,
    typeof fields.code === 'string' ? fields.code : null,
    typeof fields.field === 'string' ? fields.field : null,
    said,
  );
}

/**
 * How requests leave: the browser's `fetch`. The server's rendering of a page (src/web/server-render.tsx)
 * puts in its own, which hands each request to the server in the same process with the page's cookie.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Replaces how the API is reached (the server's page rendering only). */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

/**
 * The one way the web app talks to the API: same-origin cookies, JSON in and out, and an
 * `ApiError` carrying the server's `{ error }` message (already French) on any non-2xx answer.
 * Resolves to `null` for empty bodies (204, or a JSON `null`).
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      requestBody = body;
    } else {
      requestBody = JSON.stringify(body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
  }

  let response: Response;
  try {
    response = await transport(path, { ...rest, headers, body: requestBody, credentials: 'include' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, messages.common.networkError);
  }

  const data = await readJson(response);
  if (!response.ok) throw errorOf(response.status, data);
  return data as T;
}

/** The server's own sentence for a failed call, when it gave one (never the generic fallback). */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

/** True when the server said the session is gone. */
export const isSessionExpired = (error: unknown) => error instanceof ApiError && error.code === 'not_signed_in';

/** True when the merchant has no active store. */
export const isNoStore = (error: unknown) => error instanceof ApiError && error.code === 'no_store';

/** True for 4xx answers: retrying them will not help. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
