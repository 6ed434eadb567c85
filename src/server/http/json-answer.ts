import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A JSON answer of the contract layer (http/route.ts, http/errors.ts), with its length: the API's
 * compression (app.ts) tells a small one by that header and leaves it as it is, without reading its
 * body. Every JSON answer of the layer goes through here, so one made after another in the same
 * request (an error after a failed answer) never keeps the other's length.
 */
export function jsonAnswer(c: Context, text: string, status: ContentfulStatusCode = 200): Response {
  return c.body(text, status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) });
}
