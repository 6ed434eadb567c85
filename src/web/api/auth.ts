/**
 * Accounts and sessions, through their contracts (src/core/api/auth.ts): the session query, and
 * the requests and mutations of sign-in, sign-up, sign-out, password reset and account changes.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  changeEmail as changeEmailEndpoint,
  changePassword as changePasswordEndpoint,
  forgotPassword as forgotPasswordEndpoint,
  getSession as getSessionEndpoint,
  resetPassword as resetPasswordEndpoint,
  signIn as signInEndpoint,
  signOut as signOutEndpoint,
  signUp as signUpEndpoint,
  updateUser as updateUserEndpoint,
  type Session,
} from '#core/api/auth';
import type { BodyInput } from '#core/api/endpoint';
import { ApiError } from '../lib/api';
import { postAuthEvent } from '../lib/auth-channel';
import { call } from './client';
import { queryKeys } from './keys';

export type { Session, SessionUser } from '#core/api/auth';

/** The session is re-read every 30 s while the tab is open, and when the window regains focus. */
export const sessionRefreshIntervalMs = 30_000;

/** Retry backoff for network and 5xx failures of the session check: 200 ms, doubling, 5 s at most. */
export const sessionRetryDelay = (attempt: number) => Math.min(200 * 2 ** attempt, 5_000);

const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The session in better-auth's answer, as the contract's `sessionState` reads it (the fields the app
 * uses, no token), or `null` for anything else. Written by hand: the browser build carries no
 * contract schema outside the forms (decision 039); contract-readers.test.ts checks it against the schema.
 */
export function readSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null;
  const { session, user } = value as { session?: unknown; user?: unknown };
  if (typeof session !== 'object' || session === null || (session as { token?: unknown }).token !== undefined) return null;
  if (typeof user !== 'object' || user === null) return null;
  const { id, email, name, companyName } = user as Record<string, unknown>;
  if (typeof id !== 'string' || typeof email !== 'string' || typeof name !== 'string') return null;
  if (companyName !== undefined && companyName !== null && typeof companyName !== 'string') return null;
  return { session: {}, user: { id, email, name, ...(companyName !== undefined && { companyName }) } };
}

/**
 * Reads the better-auth session: `null` when signed out (a `null` body, any 4xx answer or a body
 * that is not a session). Network failures and 5xx answers throw, so a flaky connection never signs
 * anyone out: the query retries and keeps the last known session meanwhile.
 */
export async function fetchSession(): Promise<Session | null> {
  try {
    return readSession(await call(getSessionEndpoint));
  } catch (error) {
    if (isClientError(error)) return null;
    throw error;
  }
}

/** How the session is read: by `useSession`, and by the early start of an /app page (lib/session.ts). */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: fetchSession,
  retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
  retryDelay: sessionRetryDelay,
});

/** The signed-in user, or `null` when signed out. `data` is `undefined` while loading. */
export function useSession() {
  return useQuery({
    ...sessionQuery,
    refetchInterval: sessionRefreshIntervalMs,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * After a sign-in or sign-up: forget the previous session and store (they may belong to someone
 * else), re-read the session, and tell the other tabs.
 */
export async function refreshAuthQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.resetQueries({ queryKey: queryKeys.session }), queryClient.resetQueries({ queryKey: queryKeys.currentStore })]);
  postAuthEvent({ type: 'signed-in' });
}

export type SignInBody = BodyInput<typeof signInEndpoint>;
export type SignUpBody = BodyInput<typeof signUpEndpoint>;

/** POST sign-in/email: the session cookie is set by the answer. */
export const signIn = (body: SignInBody) => call(signInEndpoint, { body });

/** POST sign-up/email: creates the account and signs it in. */
export const signUp = (body: SignUpBody) => call(signUpEndpoint, { body });

/** POST sign-out. A 401 means the server already forgot the session: a success. */
export async function signOut(): Promise<void> {
  try {
    await call(signOutEndpoint, { body: {} });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** Signs in, then refreshes the session here and in the other tabs before `onSignedIn`. */
export function useSignIn({ onSignedIn }: { onSignedIn?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async () => {
      await refreshAuthQueries(queryClient);
      await onSignedIn?.();
    },
  });
}

/** Creates the account, then refreshes the session here and in the other tabs before `onSignedUp`. */
export function useSignUp({ onSignedUp }: { onSignedUp?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: async () => {
      await refreshAuthQueries(queryClient);
      await onSignedUp?.();
    },
  });
}

/** Signs out on the server; what the screen does next is `onSignedOut`. */
export function useSignOut({ onSignedOut }: { onSignedOut?: () => unknown } = {}) {
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await onSignedOut?.();
    },
  });
}

/** POST forgot-password: answered alike whether the address has an account or not. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: BodyInput<typeof forgotPasswordEndpoint>) => call(forgotPasswordEndpoint, { body }) });
}

/** POST reset-password with the e-mailed token. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: BodyInput<typeof resetPasswordEndpoint>) => call(resetPasswordEndpoint, { body }) });
}

/**
 * Changes the password (the server ends every other session), then ends this one too: signing out
 * here is best effort, the password is changed either way.
 */
export function useChangePassword({ onChanged }: { onChanged?: () => unknown } = {}) {
  return useMutation({
    mutationFn: async (body: BodyInput<typeof changePasswordEndpoint>) => {
      await call(changePasswordEndpoint, { body });
      await signOut().catch(() => undefined);
    },
    onSuccess: async () => {
      await onChanged?.();
    },
  });
}

/** POST update-user: the account's name (or company name). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof updateUserEndpoint>) => call(updateUserEndpoint, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

/** POST change-email: a link goes to the new address; the account keeps its address until it is followed. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof changeEmailEndpoint>) => call(changeEmailEndpoint, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
