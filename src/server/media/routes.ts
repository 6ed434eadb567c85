/**
 * GET /media/{key}: uploaded files (logos) at stable public URLs, for the review page, e-mails and
 * the editors. Public by design: keys hold a store id and a random suffix, a logo is shown to every
 * customer anyway, and nothing else is ever stored under a key (see storage.ts).
 *
 * A stored SVG was rebuilt safe (svg-sanitize.ts); it is still served so that, opened directly, it can
 * never run in our origin: a sandboxing CSP, nosniff and an exact content type.
 */
import { Hono, type Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppContext } from '../context';
import { errorResponse } from '../http/errors';
import { IMMUTABLE_CACHE_CONTROL, isStorageKey } from './storage';

/**
 * An uploaded file may be a document (SVG): no script, no plugin, no request of its own; inline
 * styles only (an SVG's <style>); `sandbox` gives it an opaque origin if it is ever navigated to.
 */
export const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The app's usual security headers (HSTS, Referrer-Policy, nosniff...), with this policy instead of
 * the page one, and a cross-origin resource policy: mail clients (webmails) and the review page load
 * these files from other origins. Set on every answer of /media, errors included.
 */
const mediaHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], sandbox: [] },
  crossOriginResourcePolicy: 'cross-origin',
  crossOriginEmbedderPolicy: false,
});

/** The key in the request's path, decoded once; null when it is not a valid storage key. */
function keyOf(c: Context): string | null {
  // The raw path: Hono's decoded one keeps %2F encoded, and a key must be judged as the storage will see it.
  const path = new URL(c.req.url).pathname;
  const prefix = '/media/';
  if (!path.startsWith(prefix)) return null;
  let key: string;
  try {
    key = decodeURIComponent(path.slice(prefix.length));
  } catch {
    return null;
  }
  // Refuses `..`, NUL, backslashes, absolute paths, anything outside the key pattern.
  return isStorageKey(key) ? key : null;
}

/** True when If-None-Match names `etag` (or `*`); a weak validator matches too (RFC 9110, weak comparison). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

export function mediaRoutes(ctx: AppContext) {
  const app = new Hono();

  app.use('*', mediaHeaders);

  // GET answers HEAD too (Hono runs the GET handler and drops the body).
  app.get('*', async (c) => {
    const key = keyOf(c);
    if (!key) return errorResponse(c, 'not_found');

    // Files in a bucket are served by the bucket (or its CDN), never relayed by this server.
    if (ctx.storage.kind === 's3') return c.redirect(ctx.storage.publicUrl(key), 301);

    // The key is the validator: a key's content never changes.
    const etag = `"${key}"`;
    const cacheHeaders = { ETag: etag, 'Cache-Control': IMMUTABLE_CACHE_CONTROL };
    if (matches(c.req.header('if-none-match'), etag)) {
      if (!(await ctx.storage.exists(key))) return errorResponse(c, 'not_found');
      return c.body(null, 304, cacheHeaders);
    }

    const file = await ctx.storage.get(key);
    if (!file) return errorResponse(c, 'not_found');
    // Storage never hands back a SharedArrayBuffer view; the type says ArrayBufferLike only.
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      ...cacheHeaders,
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': 'inline',
    });
  });
  // Other methods fall through to the app's catch-all (404 { error }), still with the headers above.

  return app;
}
