/**
 * One error shape for the whole API: `{ error: string }` with a French message a person can read.
 * Handlers throw `ApiError`; the app's error handler turns it into the response.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const messages = {
  invalidJson: 'Le corps de la requête doit être un JSON valide.',
  invalidInput: 'Les données envoyées sont invalides.',
  notFound: 'Ressource introuvable.',
  unknownFunction: 'Fonction inconnue.',
  internal: 'Une erreur interne est survenue. Veuillez réessayer.',
  payloadTooLarge: 'La requête est trop volumineuse.',
  jsonRequired: 'Le corps de la requête doit être au format JSON (Content-Type: application/json).',
  invalidCharacters: 'Le texte envoyé contient un caractère non autorisé (caractère nul).',
} as const;

/** Parses the JSON body with `schema`; a bad body becomes a 400 with the first problem in French. */
export async function parseJsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  // JSON only: a form or text body is refused rather than read as JSON (and a cross-site form can
  // never produce this content type without a preflight).
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new ApiError(415, messages.jsonRequired);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, messages.invalidJson);
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
  if (containsNul(value)) throw new ApiError(400, messages.invalidCharacters);
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    // Schemas carry French messages; zod's own defaults are English, so fall back to a generic one.
    const message = issue && !/^(Invalid|Expected|Required|Too|Unrecognized)/.test(issue.message) ? issue.message : messages.invalidInput;
    throw new ApiError(400, message, { field: issue?.path.join('.') });
  }
  return result.data;
}

export function errorResponse(c: Context, status: ContentfulStatusCode, message: string, details?: Record<string, unknown>) {
  return c.json({ error: message, ...(details ?? {}) }, status);
}
