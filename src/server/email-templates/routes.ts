/**
 * /api/email-templates (src/core/api/email-templates.ts): the active review-request template, its
 * save, the template logo's upload (under the account's folder; the save keeps it) and the test
 * e-mail to the signed-in merchant. Also the session gate app.ts puts in front of every endpoint
 * that renders merchant-written Liquid (decision 046).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { savePage } from '#core/api/branding';
import { runSelfTest } from '#core/api/deliverability';
import { readEmailTemplate as readEndpoint, saveEmailTemplate as saveEndpoint, sendTestEmail as testEndpoint, uploadTemplateLogo } from '#core/api/email-templates';
import type { AppContext } from '../context';
import { errorResponse } from '../http/errors';
import { route, type Route } from '../http/route';
import { saveUploadedLogo } from '../media/logos';
import { bearerToken } from '../shopify/session-token';
import { SANDBOX_PER_KEY, type TemplateSandbox } from './sandbox';
import { readEmailTemplate, saveEmailTemplate, sendTestEmail } from './service';

export function emailTemplateRoutes(ctx: AppContext): Route[] {
  return [
    route(readEndpoint, async ({ store, session, query }) => readEmailTemplate(ctx, store, session, query.language)),
    route(saveEndpoint, async ({ store, session, body }) => saveEmailTemplate(ctx, store, session, body)),
    route(uploadTemplateLogo, async ({ session, upload }) => saveUploadedLogo(ctx, upload, { kind: 'template', userId: session.user.id })),
    route(testEndpoint, async ({ store, session, body }) => sendTestEmail(ctx, store, session, body)),
  ];
}

/**
 * Whom the gate counts a request for: the standalone session cookie as sent (unverified: a cookie is
 * secret, so nobody can make another session's count grow), or the shop of an admin session token
 * whose signature holds (a token is new each minute, its shop is not; checking it costs a hash, no
 * read). Null: neither, the request goes on to its 401.
 */
function gateKey(c: Context, shopOfToken: (token: string) => string | null): string | null {
  const token = bearerToken(c.req.header('authorization'));
  if (token !== null) {
    const shop = shopOfToken(token);
    return shop && `shop:${shop}`;
  }
  const cookies = getCookie(c);
  const session = Object.keys(cookies).find((name) => name.endsWith('.session_token'));
  return session ? `session:${cookies[session]!}` : null;
}

/** The endpoints whose every request renders merchant-written Liquid, refused when their store's places are taken. */
export const TEMPLATE_TURN_ENDPOINTS = [saveEndpoint, testEndpoint, savePage, runSelfTest] as const;

/**
 * In front of TEMPLATE_TURN_ENDPOINTS (app.ts), before even the session is read: one browser session
 * has at most SANDBOX_PER_KEY.admitted of these requests under way at once, and one more is refused
 * there. Each refused request then costs no database read: the store's places (turns.ts
 * inTemplateTurn) are checked only after the session and the store are read, a few milliseconds of
 * the server's thread each on PGlite, and a client firing 200 saves at once would hold every other
 * store's pages meanwhile (decision 046). The gate only ever refuses, and what it refuses has read
 * nothing (gateKey says whom it counts for).
 */
export function sessionTemplateGate(templates: Pick<TemplateSandbox, 'retryAfterSeconds'>, shopOfToken: (token: string) => string | null): MiddlewareHandler {
  const underWay = new Map<string, number>();
  return async (c, next) => {
    const key = gateKey(c, shopOfToken);
    if (key === null) return next();
    const count = underWay.get(key) ?? 0;
    if (count >= SANDBOX_PER_KEY.admitted) return errorResponse(c, 'template_queue_full', { retryAfterSeconds: templates.retryAfterSeconds() });
    underWay.set(key, count + 1);
    try {
      await next();
    } finally {
      const left = (underWay.get(key) ?? 1) - 1;
      if (left > 0) underWay.set(key, left);
      else underWay.delete(key);
    }
  };
}
