/**
 * /api/auth/*: better-auth's handler behind our guards.
 * - Only the endpoints the product uses are reachable; every other better-auth path answers 404.
 * - Their bodies must be JSON (415 otherwise): what we validate and rate-limit is exactly what
 *   better-auth will read (it would also accept form bodies, which our limiter would not see).
 * - Each body is parsed with zod and forwarded as parsed: bad input is a 400 in French here, never
 *   a 500 inside the library.
 * - The client address given to better-auth is the socket's (never a client-supplied header).
 * - Rate limits that protect without handing strangers a lock (see AUTH_LIMITS).
 * - Changing the password always ends the other sessions.
 * - Tokens are stripped from every answer: the session lives only in the HttpOnly cookie.
 * - POST /api/auth/forgot-password answers { ok: true } at once for every address and queues the work.
 * - Errors leave in the API's one shape, { error } in French.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context';
import { clientIp } from '../http/client-ip';
import { legacyErrorResponse, messages, parseJsonBody } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { hitRateLimit, markSeen, refundRateLimit, seenRecently, type Limit } from '../security/rate-limit';
import { PASSWORD_MAX } from './auth';
import { authMessage, authMessages, tooManyRequestsMessage } from './messages';

export const SEND_PASSWORD_RESET = 'send-password-reset';

/**
 * The limits. Sign-in counts failures only (a success gives its hit back), per account and client
 * address pair, so a stranger's wrong guesses never lock the owner out from their own address. A
 * distributed guesser (many addresses, one account) meets the account-wide limit, which addresses
 * the account signed in from in the last 30 days pass. Forgot-password never refuses on account:
 * it sends at most one e-mail per account per window, and the owner's latest link stays valid.
 */
export const AUTH_LIMITS = {
  signIn: {
    ip: { max: 30, windowSeconds: 300 },
    pair: { max: 5, windowSeconds: 900 },
    account: { max: 50, windowSeconds: 900 },
    knownAddressSeconds: 30 * 24 * 3600,
  },
  signUp: { ip: { max: 10, windowSeconds: 3600 }, pair: { max: 5, windowSeconds: 3600 } },
  forgotPassword: { ip: { max: 10, windowSeconds: 3600 }, onePerAccount: { max: 1, windowSeconds: 900 } },
  resetPassword: { ip: { max: 10, windowSeconds: 900 }, token: { max: 5, windowSeconds: 900 } },
} satisfies Record<string, Record<string, Limit | number>>;

const email = z.string().trim().toLowerCase().max(254, { message: authMessages.INVALID_EMAIL }).email({ message: authMessages.INVALID_EMAIL });
/** Length rules are better-auth's (it answers them in our words); this only bounds the work. */
const password = z.string({ message: authMessages.VALIDATION_ERROR }).max(PASSWORD_MAX * 8, { message: authMessages.PASSWORD_TOO_LONG });
const name = z.string({ message: authMessages.NAME_INVALID }).trim().max(100, { message: authMessages.NAME_TOO_LONG });
const callbackURL = z.string().max(2048).optional();

/** The better-auth endpoints the product uses, with the body each accepts (unknown keys dropped). */
export const FORWARDED: Record<string, { method: 'GET' | 'POST'; body?: z.ZodType<Record<string, unknown>> }> = {
  '/get-session': { method: 'GET' },
  '/sign-in/email': { method: 'POST', body: z.object({ email, password, rememberMe: z.boolean().optional(), callbackURL }) },
  '/sign-up/email': {
    method: 'POST',
    body: z.object({
      name: name.min(1, { message: authMessages.NAME_INVALID }),
      email,
      password,
      companyName: name.nullish(),
      callbackURL,
    }),
  },
  '/sign-out': { method: 'POST', body: z.object({}) },
  '/reset-password': { method: 'POST', body: z.object({ newPassword: password, token: z.string().max(512) }) },
  // Other sessions always end on a password change, whatever the client asks.
  '/change-password': {
    method: 'POST',
    body: z.object({ currentPassword: password, newPassword: password }).transform((b) => ({ ...b, revokeOtherSessions: true })),
  },
  '/update-user': { method: 'POST', body: z.object({ name: name.min(1, { message: authMessages.NAME_INVALID }).optional(), companyName: name.nullish() }) },
  '/change-email': { method: 'POST', body: z.object({ newEmail: email, callbackURL }) },
};

const forgotSchema = z.object({ email });

/** The rate-limit keys of a sign-in attempt. */
export function signInLimitKeys(account: string, ip: string) {
  return { ip: `ip:/sign-in:${ip}`, pair: `pair:/sign-in:${account}:${ip}`, account: `account:/sign-in:${account}`, known: `known:/sign-in:${account}:${ip}` };
}

type Blocked = { retryAfterSeconds: number };

function tooMany(c: Context, blocked: Blocked[]) {
  const retryAfter = Math.max(...blocked.map((b) => b.retryAfterSeconds));
  return c.json({ error: tooManyRequestsMessage(retryAfter) }, 429, { 'retry-after': String(retryAfter) });
}

/** better-auth answers `{ code, message }` in English; we answer `{ error }` in French. */
async function translateError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  let code: string | undefined;
  try {
    const body = (await response.clone().json()) as { code?: string; message?: string };
    code = body.code;
  } catch {
    code = response.status === 404 ? 'NOT_FOUND' : undefined;
  }
  if (response.status === 404 && !code) {
    return Response.json({ error: messages.notFound }, { status: 404 });
  }
  if (response.status === 401 && !code) code = 'UNAUTHORIZED';
  if (response.status === 403 && !code) code = 'INVALID_ORIGIN';
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify({ error: authMessage(code) }), { status: response.status, headers });
}

/** Removes session tokens from a successful JSON answer: no script ever holds one. */
async function withoutTokens(response: Response): Promise<Response> {
  if (response.status >= 400 || !(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const text = await response.clone().text();
  if (!text.includes('"token"')) return response;
  const body = JSON.parse(text) as unknown;
  if (body && typeof body === 'object') {
    delete (body as Record<string, unknown>).token;
    const session = (body as { session?: unknown }).session;
    if (session && typeof session === 'object') delete (session as Record<string, unknown>).token;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('set-auth-token');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

export function authRoutes(ctx: AppContext) {
  const app = new Hono();
  const L = AUTH_LIMITS;

  app.post('/forgot-password', async (c) => {
    const { email: address } = await parseJsonBody(c, forgotSchema);
    const ip = clientIp(c, ctx.config.trustProxy);
    const perIp = await hitRateLimit(ctx.db, `ip:/forgot-password:${ip}`, L.forgotPassword.ip);
    if (!perIp.allowed) return tooMany(c, [perIp]);
    // At most one e-mail per account and window, decided silently: the answer is the same either way.
    const first = await hitRateLimit(ctx.db, `mail:/forgot-password:${address}`, L.forgotPassword.onePerAccount);
    // Same work for every address: one insert. Whether the account exists is decided in the job.
    if (first.allowed) await enqueueJob(ctx.db, SEND_PASSWORD_RESET, { email: address }, { maxAttempts: 5 });
    return c.json({ ok: true });
  });

  app.on(['GET', 'POST'], '/*', async (c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/api\/auth/, '');
    const endpoint = FORWARDED[path];
    if (!endpoint || endpoint.method !== c.req.method) return legacyErrorResponse(c, 404, messages.notFound);
    // JSON only (415 otherwise): better-auth would also read form bodies, which we would not have checked.
    const body = endpoint.body ? await parseJsonBody(c, endpoint.body) : undefined;
    const ip = clientIp(c, ctx.config.trustProxy);

    // Limits before the work; refunds after it for what turned out legitimate.
    const refunds: string[] = [];
    let onSuccess: (() => Promise<void>) | null = null;
    if (path === '/sign-in/email') {
      const account = String(body!.email);
      const keys = signInLimitKeys(account, ip);
      const [perIp, perPair, perAccount] = await Promise.all([
        hitRateLimit(ctx.db, keys.ip, L.signIn.ip),
        hitRateLimit(ctx.db, keys.pair, L.signIn.pair),
        hitRateLimit(ctx.db, keys.account, L.signIn.account),
      ]);
      const blocked: Blocked[] = [perIp, perPair].filter((r) => !r.allowed);
      if (!perAccount.allowed && !(await seenRecently(ctx.db, keys.known, L.signIn.knownAddressSeconds))) blocked.push(perAccount);
      if (blocked.length) return tooMany(c, blocked);
      refunds.push(keys.pair, keys.account);
      onSuccess = () => markSeen(ctx.db, keys.known);
    } else if (path === '/sign-up/email') {
      const account = String(body!.email);
      const limits = await Promise.all([
        hitRateLimit(ctx.db, `ip:/sign-up:${ip}`, L.signUp.ip),
        hitRateLimit(ctx.db, `pair:/sign-up:${account}:${ip}`, L.signUp.pair),
      ]);
      const blocked = limits.filter((r) => !r.allowed);
      if (blocked.length) return tooMany(c, blocked);
    } else if (path === '/reset-password') {
      const limits = await Promise.all([
        hitRateLimit(ctx.db, `ip:/reset-password:${ip}`, L.resetPassword.ip),
        hitRateLimit(ctx.db, `token:/reset-password:${String(body!.token)}`, L.resetPassword.token),
      ]);
      const blocked = limits.filter((r) => !r.allowed);
      if (blocked.length) return tooMany(c, blocked);
    }

    // Give better-auth the real client address, never one the client made up, and the parsed body.
    const headers = new Headers(c.req.raw.headers);
    headers.set('x-forwarded-for', ip);
    headers.delete('authorization');
    headers.delete('content-length');
    if (body !== undefined) headers.set('content-type', 'application/json');
    const request = new Request(c.req.raw.url, {
      method: c.req.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const response = await ctx.auth.handler(request);
    if (response.status < 400) {
      await Promise.all(refunds.map((key) => refundRateLimit(ctx.db, key)));
      await onSuccess?.();
    }
    return withoutTokens(await translateError(response));
  });

  return app;
}
