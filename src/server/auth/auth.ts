/**
 * The one configured better-auth instance: e-mail and password accounts on our Drizzle database,
 * server-side sessions in an HttpOnly cookie or as a bearer token, password reset by e-mail.
 *
 * What we add around it (see docs/decisions/005-accounts-and-sessions.md): session tokens stored
 * hashed and never given to scripts, our scrypt parameters,
 * the common-password list, hashed single-use reset tokens that expire in an hour, revocation of
 * every session on reset, and (in auth/routes.ts) database rate limits per IP and per account,
 * a forgot-password endpoint that answers the same for every address, and `{ error, code }` answers
 * in French.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Database } from '#db/client';
import * as schema from '#db/schema';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import type { Logger } from '../logger';
import { isCommonPassword } from './common-passwords';
import { cancelEmailChangeLink, recordEmailChangeLink } from './email-change-links';
import { withHashedSessionTokens } from './hashed-session-tokens';
import { hashPassword, verifyPassword } from './password';
import { ACCOUNT_LIMITS } from '#core/account-limits';
import { accountDisplayName } from '#core/account-name';
import { messageFor } from '../messages';
import { emailChangeConfirmation, resetEmail } from '../messages/auth';
import { renderSystemEmail } from '#core/email/system-email';

const PASSWORD_MIN = ACCOUNT_LIMITS.passwordMin;
const PASSWORD_MAX = ACCOUNT_LIMITS.passwordMax;
export const RESET_TOKEN_TTL_SECONDS = 3600;
export const EMAIL_CHANGE_TOKEN_TTL_SECONDS = 24 * 3600;

/** Paths whose body carries a new password, and the field that holds it. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

export interface AuthDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: Logger;
}

export function createAuth({ config, db, mailer, log }: AuthDeps) {
  return betterAuth({
    appName: 'Avis Clients',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [new URL(config.appUrl).origin],
    // Session tokens are stored hashed: the table never holds a live credential.
    database: withHashedSessionTokens(
      drizzleAdapter(db, {
        provider: 'pg',
        schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification, rateLimit: schema.rateLimit },
      }),
    ),
    user: {
      additionalFields: {
        companyName: { type: 'string', required: false, input: true },
      },
      // A new address applies only once confirmed from it (decision 022): better-auth e-mails a
      // signed link through sendVerificationEmail below, which records it so that it works once
      // (decision 046); the gateway (routes.ts) tells the current address.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_CHANGE_TOKEN_TTL_SECONDS,
      // Only the change of address reaches this (the gateway forwards no other verification path);
      // `user.email` is the new address. The link is live only while its record is (decision 046).
      sendVerificationEmail: async ({ user, token }) => {
        await recordEmailChangeLink(db, { userId: user.id, newEmail: user.email, token, ttlSeconds: EMAIL_CHANGE_TOKEN_TTL_SECONDS });
        const link = `${config.appUrl}/confirm-email/${encodeURIComponent(token)}`;
        const m = emailChangeConfirmation;
        const email = renderSystemEmail({
          subject: m.subject,
          paragraphs: [m.greeting(accountDisplayName(user)), m.intro, m.until],
          button: { text: m.button, url: link },
          footer: `${m.expiry}\n${m.ignore}`,
        });
        await mailer.send({ to: user.email, subject: email.subject, text: email.text, html: email.html });
        log.child('auth').info('e-mail change confirmation sent', { userId: user.id });
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // A reset is what the old address is told to do when a change was not theirs: it cancels it.
      onPasswordReset: ({ user }) => cancelEmailChangeLink(db, user.id, 'cancelled'),
      // Runs inside the worker's send-password-reset job, never inside the HTTP request.
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const name = accountDisplayName(user);
        const email = renderSystemEmail({
          subject: resetEmail.subject,
          paragraphs: [resetEmail.greeting(name), resetEmail.intro],
          button: { text: resetEmail.button, url: link },
          footer: `${resetEmail.expiry}\n${resetEmail.ignore}`,
        });
        await mailer.send({ to: user.email, subject: email.subject, text: email.text, html: email.html });
        log.child('auth').info('password reset e-mail sent', { userId: user.id });
      },
    },
    verification: {
      // Reset tokens are stored hashed: a database leak does not leak usable links.
      storeIdentifier: 'hashed',
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    // Our own limiter (security/rate-limit.ts) runs before better-auth, per IP and per account.
    rateLimit: { enabled: false },
    // The forgot-password flow goes through our endpoint so every address is answered alike.
    disabledPaths: ['/request-password-reset', '/forget-password'],
    advanced: {
      cookiePrefix: 'avis',
      useSecureCookies: config.appUrl.startsWith('https://'),
      // auth/routes.ts overwrites this header with the socket address (or the trusted proxy's value).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
    // better-auth's messages go through our logger (levels, no console noise in tests).
    logger: {
      log: (level, message) => {
        const authLog = log.child('better-auth');
        if (level === 'error') authLog.error(message);
        else if (level === 'warn') authLog.warn(message);
        else authLog.debug(message);
      },
    },
    // No bearer plugin: the session lives only in the HttpOnly cookie, so no script ever holds a
    // token that works as a credential (auth/routes.ts also strips tokens from every answer).
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        if (!field) return;
        const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
        // Length errors come first (better-auth reports them); then the common-password list.
        if (typeof password === 'string' && password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX && isCommonPassword(password)) {
          throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_COMMON', message: messageFor('password_too_common') });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionData = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
/**
 * The account a request acts for, by either door (decision 053): the standalone browser's session
 * cookie, or a session token of the Shopify admin naming a shop whose active store is the account's.
 */
export type SignedIn = Pick<SessionData, 'user'>;
