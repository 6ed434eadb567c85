/**
 * Cross-site request forgery guard: a state-changing request that carries cookies must come from
 * this app's own origin (Origin header, or Referer when a browser omits Origin). Requests without
 * cookies (bearer tokens, Shopify webhooks, one-click unsubscribe) are not ambient-authority
 * requests and pass.
 */
import { createMiddleware } from 'hono/factory';
import { errorResponse } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginForCookieRequests(appOrigin: string) {
  return createMiddleware(async (c, next) => {
    if (SAFE.has(c.req.method) || !c.req.header('cookie')) return next();
    const origin = c.req.header('origin') ?? originOf(c.req.header('referer'));
    if (origin !== appOrigin) {
      return errorResponse(c, 'forbidden_origin');
    }
    return next();
  });
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
