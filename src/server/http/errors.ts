/**
 * The API's error edge: one shape, `{ error, code }` (plus `field` for a refused input), where
 * `error` is a French sentence from the catalogue and `code` is the contract's code. Services throw
 * `DomainError(code)`; input parsing throws it too; this module turns it into the response.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '#core/api/codes';
import { DomainError, type DomainErrorDetails } from '../domain-error';
import { messageFor } from '../messages';
import { jsonAnswer } from './json-answer';
import { RETRY_INVALID_SESSION_HEADER } from '../shopify/session-token';

/** Parses the JSON body with `schema`; a bad body becomes a 400 with the first problem in French. */
export async function parseJsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  // JSON only: a form or text body is refused rather than read as JSON (and a cross-site form can
  // never produce this content type without a preflight).
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new DomainError('json_required');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new DomainError('invalid_json');
  }
  return parseWith(schema, body);
}

/** True when a string anywhere in `value` holds U+0000, which PostgreSQL cannot store in text. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  // Refused before anything reads it: no handler, library or database ever sees a NUL.
  if (containsNul(value)) throw new DomainError('invalid_characters');
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    // Schemas carry French messages; zod's own defaults are English, so fall back to the catalogue's.
    const message = issue && !/^(Invalid|Expected|Required|Too|Unrecognized)/.test(issue.message) ? issue.message : undefined;
    throw new DomainError('invalid_input', { field: issue?.path.join('.'), message });
  }
  return result.data;
}

export function errorBodyOf(code: ErrorCode, details: DomainErrorDetails = {}) {
  const values = { ...details.values, ...(details.retryAfterSeconds !== undefined ? { retryAfterSeconds: details.retryAfterSeconds } : {}) };
  return {
    error: details.message ?? messageFor(code, values),
    code,
    ...(details.field !== undefined ? { field: details.field } : {}),
    ...(details.position !== undefined ? { position: details.position } : {}),
  };
}

export function errorResponse(c: Context, code: ErrorCode, details: DomainErrorDetails = {}) {
  if (details.retryAfterSeconds !== undefined) c.header('Retry-After', String(details.retryAfterSeconds));
  // Shopify's App Bridge fetches a new session token and sends the request again once on this header.
  if (code === 'invalid_session_token') c.header(RETRY_INVALID_SESSION_HEADER, '1');
  return jsonAnswer(c, JSON.stringify(errorBodyOf(code, details)), ERROR_STATUS[code] as ContentfulStatusCode);
}
