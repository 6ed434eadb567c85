/**
 * One middleware resolves the session from the cookie or the bearer token for every protected
 * route (API and server functions) and answers 401 `{ error }` without one.
 */
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../context';
import type { SessionData } from './auth';
import { authMessages } from './messages';

export type SessionEnv = { Variables: { session: SessionData } };

export function requireSession(ctx: AppContext) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    const session = await ctx.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (!session) return c.json({ error: authMessages.NOT_SIGNED_IN }, 401);
    c.set('session', session);
    await next();
  });
}
