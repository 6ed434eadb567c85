/**
 * Error codes and the one error shape of the API: `{ error, code }` (plus `field` for a refused
 * input). `error` is a French sentence for a person; `code` is what programs (and screens) match.
 * Each code has one HTTP status, here, so the server's edge and the browser agree on it.
 */
import { z } from 'zod';

/** Codes any endpoint may answer (input, session, limits, the unexpected). */
export const COMMON_ERRORS = {
  invalid_input: 400,
  invalid_json: 400,
  invalid_characters: 400,
  json_required: 415,
  payload_too_large: 413,
  not_found: 404,
  unknown_function: 404,
  not_signed_in: 401,
  /** A Shopify admin session token refused (decision 053): App Bridge fetches a fresh one and retries once. */
  invalid_session_token: 401,
  forbidden_origin: 403,
  no_store: 404,
  rate_limited: 429,
  internal: 500,
} as const satisfies Record<string, number>;

export const errorBody = z.object({
  error: z.string().min(1),
  code: z.string().min(1),
  /** The refused field's path (`days_to_spread`, `actions.0.redirect_url`) when one is to blame. */
  field: z.string().optional(),
  /** Where in the refused text the fault lies (a template's Liquid syntax error), 1-based. */
  position: z.object({ line: z.number().int().positive(), column: z.number().int().positive() }).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
