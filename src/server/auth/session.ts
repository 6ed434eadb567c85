/**
 * One middleware resolves the session from the cookie or the bearer token for every protected
 * route (API and server functions) and answers 401 `{ error, code }` without one.
 */
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../context';
import type { SessionData } from './auth';
import { errorResponse } from '../http/errors';

export type SessionEnv = { Variables: { session: SessionData } };

export function requireSession(ctx: AppContext) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    const session = await ctx.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (!session) return errorResponse(c, 'not_signed_in');
    c.set('session', session);
    await next();
  });
}
