/**
 * /api/auth/*: better-auth's handler behind our guards, and our forgot-password endpoint.
 * - Only the endpoints the product uses are reachable (FORWARDED_AUTH_ENDPOINTS, each with its
 *   contract in src/core/api/auth.ts); every other better-auth path answers 404.
 * - Their bodies must be JSON (415 otherwise): what we validate and rate-limit is exactly what
 *   better-auth will read (it would also accept form bodies, which our limiter would not see).
 * - Each body is parsed with its contract's schema and forwarded as parsed: bad input is a 400 in
 *   French here, never a 500 inside the library.
 * - The client address given to better-auth is the socket's (never a client-supplied header).
 * - Rate limits that protect without handing strangers a lock (see AUTH_LIMITS).
 * - Changing the password always ends the other sessions.
 * - Changing the e-mail asks the current password, as changing the password does (checked here by
 *   better-auth's verifyPassword; wrong ones are limited per account and send nothing). It only sends
 *   a link to the new address (the account keeps its address until it is followed) and a notice to
 *   the current one; the link always lands on /email-changed, which says what happened (`outcome`).
 *   Each link works once and only while it is the account's latest (email-change-links.ts, decision
 *   046); links to one address are limited, whoever asks for them.
 * - Tokens are stripped from every answer: the session lives only in the HttpOnly cookie.
 * - Errors leave in the API's one shape, `{ error, code }`: better-auth's English codes become ours.
 * - POST /api/auth/forgot-password (mounted through its contract) answers { ok: true } at once for
 *   every address and queues the work.
 */
import { APIError } from 'better-auth/api';
import { Hono } from 'hono';
import {
  API_ACCOUNT_WORDING,
  changeEmail,
  changePassword,
  EMAIL_CHANGE_LANDING,
  emailChangeLanding,
  type EmailChangeOutcome,
  FORWARDED_AUTH_ENDPOINTS,
  forgotPassword,
  getSession,
  resetPassword,
  type Session,
  signIn,
  signUp,
  verifyEmail,
} from '#core/api/auth';
import { accountDisplayName } from '#core/account-name';
import { ERROR_STATUS, type ErrorCode } from '#core/api/codes';
import type { AppContext } from '../context';
import { DomainError, type DomainErrorDetails } from '../domain-error';
import { clientIp } from '../http/client-ip';
import { errorBodyOf, errorResponse, parseJsonBody } from '../http/errors';
import { ContractViolation, route } from '../http/route';
import { enqueue } from '../jobs/define';
import { bearerToken } from '../shopify/session-token';
import { resolveCaller } from '../stores/tenancy';
import type { SessionData } from './auth';
import { hitRateLimit, markSeen, refundRateLimit, seenRecently, type Limit } from '../security/rate-limit';
import { cancelEmailChangeLink, takeEmailChangeLink } from './email-change-links';
import { sendEmailChangeNoticeJob, sendPasswordResetJob } from './jobs';

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
  // Each request e-mails a link to the new address and a notice to the current one. Per target: links
  // to one address, whoever asks, as for alert addresses (ALERT_LIMITS.confirmationLinks), so no
  // account can flood a stranger's mailbox; counted whether or not the address has an account, so
  // the answer tells nothing.
  // Wrong current passwords, per account (a right one gives its hit back), as sign-in counts its
  // failures: a stolen session cannot guess the password through this form.
  changeEmail: { account: { max: 5, windowSeconds: 3600 }, target: { max: 3, windowSeconds: 3600 }, password: { max: 5, windowSeconds: 900 } },
} satisfies Record<string, Record<string, Limit | number>>;

type ForwardedEndpoint = (typeof FORWARDED_AUTH_ENDPOINTS)[number];

/** The forwarded endpoints by their path under /api/auth (`/sign-in/email`). */
export const FORWARDED: Record<string, ForwardedEndpoint> = Object.fromEntries(FORWARDED_AUTH_ENDPOINTS.map((endpoint) => [endpoint.path.replace(/^\/api\/auth/, ''), endpoint]));

/** The rate-limit keys of a sign-in attempt. */
export function signInLimitKeys(account: string, ip: string) {
  return { ip: `ip:/sign-in:${ip}`, pair: `pair:/sign-in:${account}:${ip}`, account: `account:/sign-in:${account}`, known: `known:/sign-in:${account}:${ip}` };
}

type Blocked = { retryAfterSeconds: number };

function tooMany(blocked: Blocked[]): DomainError {
  return new DomainError('rate_limited', { retryAfterSeconds: Math.max(...blocked.map((b) => b.retryAfterSeconds)) });
}

/**
 * better-auth's error codes, as ours. Its refusals of a single field become input refusals worded
 * as our schemas word them (our schemas run first, so these are a second line).
 */
const BETTER_AUTH_ERRORS: Record<string, ErrorCode | { input: string }> = {
  USER_ALREADY_EXISTS: 'user_already_exists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'user_already_exists',
  FAILED_TO_CREATE_USER: 'failed_to_create_user',
  INVALID_EMAIL_OR_PASSWORD: 'invalid_email_or_password',
  INVALID_PASSWORD: 'invalid_password',
  PASSWORD_TOO_COMMON: 'password_too_common',
  INVALID_TOKEN: 'invalid_token',
  USER_NOT_FOUND: 'user_not_found',
  SESSION_EXPIRED: 'session_expired',
  UNAUTHORIZED: 'session_expired',
  EMAIL_CAN_NOT_BE_UPDATED: 'email_cannot_be_updated',
  EMAIL_IS_THE_SAME: 'email_is_the_same',
  INVALID_ORIGIN: 'forbidden_origin',
  MISSING_OR_NULL_ORIGIN: 'missing_origin',
  VALIDATION_ERROR: 'invalid_input',
  TOO_MANY_REQUESTS: 'rate_limited',
  NOT_FOUND: 'not_found',
  INVALID_EMAIL: { input: API_ACCOUNT_WORDING.emailInvalid },
  PASSWORD_TOO_SHORT: { input: API_ACCOUNT_WORDING.passwordTooShort },
  PASSWORD_TOO_LONG: { input: API_ACCOUNT_WORDING.passwordTooLong },
};

/** A better-auth refusal without a code we know, by its status. */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return 'session_expired';
  if (status === 403) return 'forbidden_origin';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'internal';
  return 'auth_failed';
}

/** better-auth answers `{ code, message }` in English; we answer `{ error, code }` in French. */
async function translateError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  let theirs: string | undefined;
  try {
    theirs = ((await response.clone().json()) as { code?: unknown } | null)?.code as string | undefined;
  } catch {
    theirs = undefined;
  }
  const known = typeof theirs === 'string' ? BETTER_AUTH_ERRORS[theirs] : undefined;
  const [code, details]: [ErrorCode, DomainErrorDetails] =
    known === undefined ? [codeOfStatus(response.status), {}] : typeof known === 'string' ? [known, {}] : ['invalid_input', { message: known.input }];
  // better-auth's headers stay (it may clear a stale session cookie on a refusal).
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(errorBodyOf(code, details)), { status: ERROR_STATUS[code], headers });
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

/** Outside production, a success that is not what the contract promises is a 500 (as for route()). */
async function checkedAgainst(endpoint: ForwardedEndpoint, response: Response): Promise<Response> {
  if (response.status >= 400 || !('response' in endpoint)) return response;
  const result = endpoint.response.safeParse(
    await response
      .clone()
      .json()
      .catch(() => undefined),
  );
  if (!result.success) throw new ContractViolation(`${endpoint.method} ${endpoint.path} answered outside its contract: ${result.error.message}`);
  return response;
}

/**
 * Refuses a change of address whose current password is wrong (400 invalid_password, before any
 * mail or cancellation), through better-auth's own check (verifyPassword, the one change-password
 * makes). Only wrong guesses count against the account's limit.
 */
async function checkCurrentPassword(ctx: AppContext, headers: Headers, userId: string, password: string): Promise<void> {
  const key = `password:/change-email:${userId}`;
  const limit = await hitRateLimit(ctx.db, key, AUTH_LIMITS.changeEmail.password);
  if (!limit.allowed) throw tooMany([limit]);
  const right = await ctx.auth.api
    .verifyPassword({ body: { password }, headers })
    .then(() => true)
    .catch((error: unknown) => {
      if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') return false;
      throw error;
    });
  if (!right) throw new DomainError('invalid_password');
  await refundRateLimit(ctx.db, key);
}

/**
 * What better-auth did with a live link: its redirect names an error when it refused the token
 * (its signature, its expiry, another account's session), otherwise the address changed.
 */
function verifiedOutcome(response: Response): EmailChangeOutcome {
  const location = response.headers.get('location');
  if (response.status >= 400 || !location) return 'invalid';
  const error = new URL(location, 'http://landing.invalid').searchParams.get('error');
  if (!error) return 'changed';
  return error === 'TOKEN_EXPIRED' ? 'expired' : 'invalid';
}

/** POST /api/auth/forgot-password, mounted through its contract. */
export function authRoutes(ctx: AppContext) {
  const L = AUTH_LIMITS;
  return [
    route(forgotPassword, async ({ c, body }) => {
      const ip = clientIp(c, ctx.config.trustProxy);
      const perIp = await hitRateLimit(ctx.db, `ip:/forgot-password:${ip}`, L.forgotPassword.ip);
      if (!perIp.allowed) throw tooMany([perIp]);
      // At most one e-mail per account and window, decided silently: the answer is the same either way.
      const first = await hitRateLimit(ctx.db, `mail:/forgot-password:${body.email}`, L.forgotPassword.onePerAccount);
      // Same work for every address: one insert. Whether the account exists is decided in the job.
      if (first.allowed) await enqueue(ctx, sendPasswordResetJob, { email: body.email });
      return { ok: true } as const;
    }),
  ];
}

/**
 * get-session's answer for a request with an admin session token: its shop's owner; null, as for any
 * credential that does not hold (its contract), when the token is refused or the shop has no active
 * store here. App Bridge gives each request a fresh token, so nothing is left to retry.
 */
async function adminDoorSession(ctx: AppContext, headers: Headers): Promise<Session | null> {
  try {
    const caller = await resolveCaller(ctx, headers);
    if (!caller) return null;
    const { id, email, name, companyName } = caller.user as SessionData['user'] & { companyName?: string | null };
    return { session: {}, user: { id, email, name, companyName: companyName ?? null } };
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'not_signed_in' || error.code === 'invalid_session_token')) return null;
    throw error;
  }
}

/** The gateway in front of better-auth, mounted at /api/auth. */
export function authGateway(ctx: AppContext) {
  const app = new Hono();
  const L = AUTH_LIMITS;

  app.on(['GET', 'POST'], '/*', async (c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/api\/auth/, '');
    const endpoint = Object.hasOwn(FORWARDED, path) ? FORWARDED[path] : undefined;
    if (!endpoint || endpoint.method !== c.req.method) return errorResponse(c, 'not_found');
    // The app in the Shopify admin has no cookie: its session token names the shop, whose owner is the account (decision 053).
    if (endpoint === getSession && bearerToken(c.req.header('authorization')) !== null) return c.json(await adminDoorSession(ctx, c.req.raw.headers));
    // JSON only (415 otherwise): better-auth would also read form bodies, which we would not have checked.
    const parsed = 'body' in endpoint ? ((await parseJsonBody(c, endpoint.body)) as Record<string, unknown>) : undefined;
    // Other sessions always end on a password change, whatever the client asks; an e-mail change
    // link lands on its own page, whatever the client asks, and the password checked here goes no further.
    const body =
      endpoint === changePassword
        ? { ...parsed, revokeOtherSessions: true }
        : endpoint === changeEmail
          ? { newEmail: parsed!.newEmail, callbackURL: EMAIL_CHANGE_LANDING }
          : parsed;
    const ip = clientIp(c, ctx.config.trustProxy);

    // Limits before the work; refunds after it for what turned out legitimate.
    const refunds: string[] = [];
    let onSuccess: (() => Promise<void>) | null = null;
    if (endpoint === signIn) {
      const account = String(body!.email);
      const keys = signInLimitKeys(account, ip);
      const [perIp, perPair, perAccount] = await Promise.all([
        hitRateLimit(ctx.db, keys.ip, L.signIn.ip),
        hitRateLimit(ctx.db, keys.pair, L.signIn.pair),
        hitRateLimit(ctx.db, keys.account, L.signIn.account),
      ]);
      const blocked: Blocked[] = [perIp, perPair].filter((r) => !r.allowed);
      if (!perAccount.allowed && !(await seenRecently(ctx.db, keys.known, L.signIn.knownAddressSeconds))) blocked.push(perAccount);
      if (blocked.length) throw tooMany(blocked);
      refunds.push(keys.pair, keys.account);
      onSuccess = () => markSeen(ctx.db, keys.known);
    } else if (endpoint === signUp) {
      const account = String(body!.email);
      const limits = await Promise.all([hitRateLimit(ctx.db, `ip:/sign-up:${ip}`, L.signUp.ip), hitRateLimit(ctx.db, `pair:/sign-up:${account}:${ip}`, L.signUp.pair)]);
      const blocked = limits.filter((r) => !r.allowed);
      if (blocked.length) throw tooMany(blocked);
    } else if (endpoint === resetPassword) {
      const limits = await Promise.all([
        hitRateLimit(ctx.db, `ip:/reset-password:${ip}`, L.resetPassword.ip),
        hitRateLimit(ctx.db, `token:/reset-password:${String(body!.token)}`, L.resetPassword.token),
      ]);
      const blocked = limits.filter((r) => !r.allowed);
      if (blocked.length) throw tooMany(blocked);
    } else if (endpoint === changeEmail) {
      const session = await ctx.auth.api.getSession({ headers: c.req.raw.headers });
      if (session) {
        await checkCurrentPassword(ctx, c.req.raw.headers, session.user.id, String(parsed!.currentPassword));
        const newEmail = String(body!.newEmail).toLowerCase();
        const perAccount = await hitRateLimit(ctx.db, `account:/change-email:${session.user.id}`, L.changeEmail.account);
        if (!perAccount.allowed) throw tooMany([perAccount]);
        const perTarget = await hitRateLimit(ctx.db, `target:/change-email:${newEmail}`, L.changeEmail.target);
        if (!perTarget.allowed) throw tooMany([perTarget]);
        // A newer request cancels the earlier link, whether or not this one sends a new one.
        await cancelEmailChangeLink(ctx.db, session.user.id, 'replaced');
        const to = session.user.email;
        const name = accountDisplayName(session.user);
        onSuccess = async () => {
          await enqueue(ctx, sendEmailChangeNoticeJob, { to, name, newEmail });
        };
      }
    } else if (endpoint === changePassword) {
      // The notice of a change request says to change the password if it was not theirs: that cancels it.
      const session = await ctx.auth.api.getSession({ headers: c.req.raw.headers });
      if (session) onSuccess = () => cancelEmailChangeLink(ctx.db, session.user.id, 'cancelled');
    } else if (endpoint === verifyEmail) {
      // Only the account's latest link, once: taken before better-auth checks its signature.
      const link = await takeEmailChangeLink(ctx.db, c.req.query('token') ?? '');
      if (!link.live) return c.redirect(emailChangeLanding(link.refusal), 302);
    }

    // Give better-auth the real client address, never one the client made up, and the parsed body.
    const headers = new Headers(c.req.raw.headers);
    headers.set('x-forwarded-for', ip);
    headers.delete('authorization');
    headers.delete('content-length');
    if (body !== undefined) headers.set('content-type', 'application/json');
    const url = new URL(c.req.raw.url);
    // A followed link always lands on its own page: no redirect elsewhere.
    if (endpoint === verifyEmail) url.search = new URLSearchParams({ token: url.searchParams.get('token') ?? '', callbackURL: EMAIL_CHANGE_LANDING }).toString();
    const request = new Request(url, {
      method: c.req.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const response = await ctx.auth.handler(request);
    if (endpoint === verifyEmail) {
      // better-auth's headers stay (it renews the session cookie of a signed-in follower); only where it lands changes.
      const headers = new Headers(response.headers);
      headers.set('location', emailChangeLanding(verifiedOutcome(response)));
      return new Response(null, { status: 302, headers });
    }
    if (response.status < 400) {
      await Promise.all(refunds.map((key) => refundRateLimit(ctx.db, key)));
      await onSuccess?.();
    }
    const answer = await withoutTokens(await translateError(response));
    return ctx.config.checkApiResponses ? checkedAgainst(endpoint, answer) : answer;
  });

  return app;
}
