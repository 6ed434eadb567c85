/**
 * Accounts and sessions. Nine endpoints are better-auth's, reached through one gateway route
 * (src/server/auth/routes.ts) that parses each body with the schema below before better-auth sees
 * it, translates better-auth's errors into these codes, and strips session tokens from every
 * answer; forgot-password is ours.
 */
import { z } from 'zod';
import { accountFields, type AccountWording } from '../account';
import { ACCOUNT_LIMITS } from '../account-limits';
import { endpoint } from './endpoint';
import { ok } from './wire';

export const AUTH_ERRORS = {
  user_already_exists: 422,
  failed_to_create_user: 422,
  invalid_email_or_password: 401,
  /** The current password given for a change is wrong. */
  invalid_password: 400,
  password_too_common: 400,
  /** A reset link that is unknown, used or expired. */
  invalid_token: 400,
  user_not_found: 400,
  /** better-auth refused the session (expired, revoked, or none). */
  session_expired: 401,
  email_cannot_be_updated: 400,
  email_is_the_same: 400,
  missing_origin: 403,
  /** better-auth refused without saying why. */
  auth_failed: 400,
} as const satisfies Record<string, number>;

/**
 * How the API words a refused account field (decision 012: an input refusal keeps the French
 * message of its shared schema). The web forms word the same rules their own way (web/lib/auth-forms.ts).
 */
export const API_ACCOUNT_WORDING = {
  emailInvalid: 'Adresse e-mail invalide.',
  nameRequired: 'Veuillez saisir un nom.',
  nameTooLong: `Le nom ne peut pas dépasser ${ACCOUNT_LIMITS.nameMax} caractères`,
  companyNameInvalid: 'Veuillez saisir un nom.',
  companyNameTooLong: `Le nom ne peut pas dépasser ${ACCOUNT_LIMITS.companyNameMax} caractères`,
  passwordTooShort: `Le mot de passe doit contenir au moins ${ACCOUNT_LIMITS.passwordMin} caractères`,
  passwordTooLong: `Le mot de passe ne doit pas dépasser ${ACCOUNT_LIMITS.passwordMax} caractères.`,
} as const satisfies AccountWording;

const field = accountFields(API_ACCOUNT_WORDING);
/** Where better-auth would send the browser after the action; accepted, never needed by the app. */
const callbackURL = z.string().max(2048).optional();
/** Session tokens never reach a script (the session lives in the HttpOnly cookie only). */
const noToken = z.never().optional();

/** The signed-in account, as the app reads it (better-auth sends a few more fields). */
export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  companyName: z.string().nullish(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** The session row itself is never read by the app: only that it carries no token. */
export const sessionState = z.object({
  session: z.object({ token: noToken }),
  user: sessionUser,
});
export type Session = z.infer<typeof sessionState>;

const userAnswer = z.object({ user: sessionUser, token: noToken });
const statusAnswer = z.object({ status: z.boolean() });

export const getSession = endpoint({
  method: 'GET',
  path: '/api/auth/get-session',
  access: 'public',
  summary: 'the signed-in account and its session, or null',
  response: sessionState.nullable(),
  errors: [],
});

export const signIn = endpoint({
  method: 'POST',
  path: '/api/auth/sign-in/email',
  access: 'public',
  summary: 'signs in with e-mail and password (session cookie)',
  body: z.object({ email: field.email, password: field.currentPassword, rememberMe: z.boolean().optional(), callbackURL }),
  response: userAnswer,
  errors: ['invalid_email_or_password', 'missing_origin', 'auth_failed'],
});

export const signUp = endpoint({
  method: 'POST',
  path: '/api/auth/sign-up/email',
  access: 'public',
  summary: "creates an account and signs it in (no e-mail confirmation); the person's name is optional (the Shopify onboarding asks none)",
  body: z.object({
    name: field.optionalName.default(''),
    email: field.email,
    password: field.newPassword,
    companyName: field.companyName.nullish(),
    callbackURL,
  }),
  response: userAnswer,
  errors: ['user_already_exists', 'password_too_common', 'failed_to_create_user', 'missing_origin', 'auth_failed'],
});

export const signOut = endpoint({
  method: 'POST',
  path: '/api/auth/sign-out',
  access: 'public',
  summary: 'ends the session its cookie names, if any',
  body: z.object({}),
  response: z.object({ success: z.boolean() }),
  errors: ['missing_origin', 'auth_failed'],
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  access: 'public',
  summary: "sets a new password with the e-mailed single-use token, and ends the account's sessions",
  body: z.object({ newPassword: field.newPassword, token: z.string().max(512) }),
  response: statusAnswer,
  errors: ['invalid_token', 'password_too_common', 'user_not_found', 'missing_origin', 'auth_failed'],
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/auth/change-password',
  access: 'session',
  summary: 'changes the password; every other session ends, whatever the client asks',
  body: z.object({ currentPassword: field.currentPassword, newPassword: field.newPassword }),
  response: userAnswer,
  errors: ['invalid_password', 'password_too_common', 'session_expired', 'missing_origin', 'auth_failed'],
});

export const updateUser = endpoint({
  method: 'POST',
  path: '/api/auth/update-user',
  access: 'session',
  summary: "changes the account's name (empty: none, the e-mail names the account) or company name",
  body: z.object({ name: field.optionalName.optional(), companyName: field.companyName.nullish() }),
  response: statusAnswer,
  errors: ['session_expired', 'email_cannot_be_updated', 'missing_origin', 'auth_failed'],
});

export const changeEmail = endpoint({
  method: 'POST',
  path: '/api/auth/change-email',
  access: 'session',
  summary:
    'asks the current password (a wrong one sends nothing), then e-mails a confirmation link to the new address and a notice to the current one; the account keeps its address until the link is followed',
  body: z.object({ newEmail: field.email, currentPassword: field.currentPassword, callbackURL }),
  response: statusAnswer,
  errors: ['invalid_password', 'session_expired', 'email_is_the_same', 'missing_origin', 'auth_failed'],
});

/**
 * What became of a followed e-mail change link, as its landing page reads it (`?outcome=`):
 * changed (with `email=` the new address), or refused because already used, expired, replaced by a
 * newer request, cancelled by a password change or reset, or not a link of ours.
 */
export const EMAIL_CHANGE_OUTCOMES = ['changed', 'used', 'expired', 'replaced', 'cancelled', 'invalid'] as const;
export type EmailChangeOutcome = (typeof EMAIL_CHANGE_OUTCOMES)[number];

/** Where a followed (or refused) e-mail change link lands, a public page: the session may be gone. */
export const EMAIL_CHANGE_LANDING = '/email-changed';

/**
 * The landing page's address for an outcome (the gateway sets it, whatever the link says). It never
 * carries the new address: a URL stays in the browser's history and in logs.
 */
export function emailChangeLanding(outcome: EmailChangeOutcome): string {
  return `${EMAIL_CHANGE_LANDING}?${new URLSearchParams({ outcome }).toString()}`;
}

export const verifyEmail = endpoint({
  method: 'GET',
  path: '/api/auth/verify-email',
  access: 'public',
  summary: 'follows an e-mail change link: the account takes the new address, then the browser goes to /email-changed, which says what happened (`outcome`)',
  query: z.object({ token: z.string().max(4096), callbackURL }),
  kind: 'redirect',
  errors: [],
});

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  access: 'public',
  summary: 'queues a reset e-mail; answers the same for every address',
  body: z.object({ email: field.email }),
  response: ok,
  errors: [],
});

/** The better-auth endpoints the gateway forwards; every other path under /api/auth is a 404. */
export const FORWARDED_AUTH_ENDPOINTS = [getSession, signIn, signUp, signOut, resetPassword, changePassword, updateUser, changeEmail, verifyEmail] as const;
