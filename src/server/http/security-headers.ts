/**
 * The security headers of pages and of the API (uploaded files have their own: media/routes.ts;
 * Shopify's webhooks none: app.ts), with the values of Hono's `secureHeaders`, which set them before.
 *
 * They are set on the context before the handler, so an answer made through it (`c.json`, `c.html`,
 * `c.redirect`...) is built with them and @hono/node-server writes it as its light response. After
 * the handler, an answer made without the context (a `new Response` of the static files, a streamed
 * download, the auth library's) is given the ones it lacks, read and written on its `headers` only:
 * `c.header()` at that point, as Hono's `compress` does, makes @hono/node-server turn its light
 * response into a full web Response (streams, abort signals) for every answer.
 */
import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

type Header = readonly [name: string, value: string];

/**
 * Every answer's, pages and API alike, but how it may be framed: the embedded documents of the admin
 * door say that in their own policy (shopify/embedded-routes.ts).
 */
export const HEADERS_BUT_FRAMING: readonly Header[] = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Every answer's, pages and API alike. */
const BASELINE: readonly Header[] = [...HEADERS_BUT_FRAMING, ['X-Frame-Options', 'SAMEORIGIN']];

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** JSON answers, redirects and downloads never carry markup: nothing may load or run. */
const API_HEADERS: readonly Header[] = [
  ...BASELINE,
  ['Content-Security-Policy', policy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'form-action': ["'none'"], 'base-uri': ["'none'"] })],
];

/** Pages: their own origin's scripts, and the one inline script that carries the answer's nonce. */
const pagePolicy = (nonce: string) =>
  policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    // blob: the review page shows the customer's own photos before they are sent (decision 058).
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  });

/** Where a page's handler reads its nonce (the name Hono's `secureHeaders` used: http/static-web.ts, reviews/routes.ts). */
type NonceEnv = { Variables: { secureHeadersNonce?: string } };

/** Sets `headersOf(c)` before the handler; after it, gives an answer made without the context the ones it lacks. */
function withHeaders(headersOf: (c: Context) => readonly Header[]): MiddlewareHandler {
  return async (c, next) => {
    const headers = headersOf(c);
    for (const [name, value] of headers) c.header(name, value);
    await next();
    // An answer made through the context has every header set above, and so the policy (the last one).
    const answered = c.res.headers;
    const [policyName, policyValue] = headers.at(-1)!;
    if (answered.get(policyName) === policyValue) return;
    for (const [name, value] of headers) if (!answered.has(name)) answered.set(name, value);
  };
}

/** The API's headers: a fixed list, the same for every answer. */
export const apiSecurityHeaders = () => withHeaders(() => API_HEADERS);

/** A page's headers, its policy with a nonce of its own (128 random bits). */
export const pageSecurityHeaders = () =>
  withHeaders((c) => {
    const nonce = randomBytes(16).toString('base64');
    (c as Context<NonceEnv>).set('secureHeadersNonce', nonce);
    return [...BASELINE, ['Content-Security-Policy', pagePolicy(nonce)]];
  });
