/**
 * /api/auth/*: better-auth's handler behind our guards.
 * - The client address given to better-auth is the socket's (never a client-supplied header).
 * - Sign-in, sign-up, forgot-password and reset are rate-limited per IP and per account in the database.
 * - POST /api/auth/forgot-password answers { ok: true } at once for every address and queues the work.
 * - Errors leave in the API's one shape, { error } in French.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context';
import { clientIp } from '../http/client-ip';
import { parseJsonBody } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { hitRateLimit, type Limit } from '../security/rate-limit';
import { authMessage, authMessages, tooManyRequestsMessage } from './messages';

export const SEND_PASSWORD_RESET = 'send-password-reset';

interface GuardedPath {
  ip: Limit;
  account: Limit;
  /** The body field that names the account (e-mail, or the reset token). */
  accountField: string;
}

export const AUTH_LIMITS: Record<string, GuardedPath> = {
  '/sign-in/email': { ip: { max: 30, windowSeconds: 300 }, account: { max: 10, windowSeconds: 900 }, accountField: 'email' },
  '/sign-up/email': { ip: { max: 10, windowSeconds: 3600 }, account: { max: 5, windowSeconds: 3600 }, accountField: 'email' },
  '/forgot-password': { ip: { max: 10, windowSeconds: 3600 }, account: { max: 3, windowSeconds: 3600 }, accountField: 'email' },
  '/reset-password': { ip: { max: 10, windowSeconds: 900 }, account: { max: 5, windowSeconds: 900 }, accountField: 'token' },
};

const forgotSchema = z.object({ email: z.string().trim().toLowerCase().email({ message: authMessages.INVALID_EMAIL }).max(254) });

/** Returns a 429 response when either limit is exceeded, else null. */
async function checkLimits(ctx: AppContext, c: Context, path: string, body: Record<string, unknown> | null) {
  const guard = AUTH_LIMITS[path];
  if (!guard) return null;
  const ip = clientIp(c, ctx.config.trustProxy);
  const checks = [hitRateLimit(ctx.db, `ip:${path}:${ip}`, guard.ip)];
  const account = body?.[guard.accountField];
  if (typeof account === 'string' && account.length > 0) {
    checks.push(hitRateLimit(ctx.db, `account:${path}:${account.trim().toLowerCase()}`, guard.account));
  }
  const results = await Promise.all(checks);
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length === 0) return null;
  const retryAfter = Math.max(...blocked.map((r) => r.retryAfterSeconds));
  return c.json({ error: tooManyRequestsMessage(retryAfter) }, 429, { 'retry-after': String(retryAfter) });
}

async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.clone().json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** better-auth answers `{ code, message }` in English; we answer `{ error }` in French. */
async function translateError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  let code: string | undefined;
  try {
    const body = (await response.clone().json()) as { code?: string; message?: string };
    code = body.code;
    if (code === 'PASSWORD_TOO_COMMON' && body.message) code = 'PASSWORD_TOO_COMMON';
  } catch {
    code = response.status === 404 ? 'NOT_FOUND' : undefined;
  }
  if (response.status === 404 && !code) {
    return Response.json({ error: 'Ressource introuvable.' }, { status: 404 });
  }
  if (response.status === 401 && !code) code = 'UNAUTHORIZED';
  if (response.status === 403 && !code) code = 'INVALID_ORIGIN';
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify({ error: authMessage(code) }), { status: response.status, headers });
}

export function authRoutes(ctx: AppContext) {
  const app = new Hono();

  app.post('/forgot-password', async (c) => {
    const { email } = await parseJsonBody(c, forgotSchema);
    const limited = await checkLimits(ctx, c, '/forgot-password', { email });
    if (limited) return limited;
    // Same work for every address: one insert. Whether the account exists is decided in the job.
    await enqueueJob(ctx.db, SEND_PASSWORD_RESET, { email }, { maxAttempts: 5 });
    return c.json({ ok: true });
  });

  app.on(['GET', 'POST'], '/*', async (c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/api\/auth/, '');
    const body = c.req.method === 'POST' ? await readJson(c.req.raw) : null;
    if (c.req.method === 'POST') {
      const limited = await checkLimits(ctx, c, path, body);
      if (limited) return limited;
    }
    // Give better-auth the real client address, never one the client made up.
    const headers = new Headers(c.req.raw.headers);
    headers.set('x-forwarded-for', clientIp(c, ctx.config.trustProxy));
    const request = new Request(c.req.raw, { headers });
    return translateError(await ctx.auth.handler(request));
  });

  return app;
}
