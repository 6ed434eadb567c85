import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, apiFetch } from './api';
import { postAuthEvent, subscribeAuthEvents } from './auth-channel';
import { currentStore, type StoreSummary } from '../../core/api/stores';
import { call } from '../api/client';
import { queryKeys } from '../api/keys';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  companyName?: string | null;
}

export interface Session {
  user: SessionUser;
  session: unknown;
}

export type CurrentStore = StoreSummary;

export const sessionQueryKey = queryKeys.session;
export const currentStoreQueryKey = queryKeys.currentStore;

/** The session is re-read every 30 s while the tab is open, and when the window regains focus. */
export const sessionRefreshIntervalMs = 30_000;

/** Retry backoff for network and 5xx failures of the session check: 200 ms, doubling, 5 s at most. */
export const sessionRetryDelay = (attempt: number) => Math.min(200 * 2 ** attempt, 5_000);

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object' || !('user' in value)) return false;
  const { user } = value as { user: unknown };
  return !!user && typeof user === 'object' && typeof (user as SessionUser).email === 'string';
}

/**
 * Reads the better-auth session: `null` when signed out (a `null` body, any 4xx answer or a malformed
 * body). Network failures and 5xx answers throw, so a flaky connection never signs anyone out: the
 * query retries and keeps the last known session meanwhile.
 */
export async function fetchSession(): Promise<Session | null> {
  try {
    const data = await apiFetch<unknown>('/api/auth/get-session');
    return isSession(data) ? data : null;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

/** The signed-in user, or `null` when signed out. `data` is `undefined` while loading. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    refetchInterval: sessionRefreshIntervalMs,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always',
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3,
    retryDelay: sessionRetryDelay,
  });
}

/**
 * The merchant's connected store (`null` when none). Fetched only once a session is known; an error
 * or a pending state means "unknown", so callers must not assume either way.
 */
export function useCurrentStore() {
  const { data: session } = useSession();
  return useQuery({
    queryKey: currentStoreQueryKey,
    queryFn: async () => (await call(currentStore)).store,
    enabled: !!session,
  });
}

/**
 * After a sign-in or sign-up: forget the previous session and store (they may belong to someone
 * else), re-read the session, and tell the other tabs.
 */
export async function refreshAuthQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.resetQueries({ queryKey: sessionQueryKey }),
    queryClient.resetQueries({ queryKey: currentStoreQueryKey }),
  ]);
  postAuthEvent({ type: 'signed-in' });
}

/** Keys of the notices /login can show when another screen sends the user there. */
export type LoginNotice = 'passwordChanged' | 'sessionExpired';

export interface LoginLocationState {
  notice?: LoginNotice;
  /** Set by the mode links of /login: focus the form's first field after switching. */
  focusForm?: boolean;
}

/**
 * Ends the session in this tab: goes to /login (optionally with a notice), then empties the query
 * cache and records "signed out". With `broadcast`, the other tabs drop to /login too.
 * Navigating first keeps the /app gate from redirecting to /login?redirect=… on its own.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ broadcast = true, notice }: { broadcast?: boolean; notice?: LoginNotice } = {}) => {
      if (broadcast) postAuthEvent({ type: 'signed-out' });
      const state: LoginLocationState | undefined = notice ? { notice } : undefined;
      await navigate('/login', { replace: true, state });
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQueryKey, null);
    },
    [navigate, queryClient],
  );
}

/**
 * Signs out (POST /api/auth/sign-out), then ends the session here and in the other tabs and goes to
 * /login. A 401 means the server already forgot the session: treated as a success.
 */
export function useSignOut() {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiFetch<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    onSuccess: () => endSession(),
  });
}

const protectedPrefixes = ['/app', '/subscription'];

function isProtectedPath(pathname: string): boolean {
  return protectedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Mount once (root route): follows the other tabs. A sign-out there clears this tab's cache and, on
 * a signed-in page, goes to /login; a sign-in there makes this tab re-read the session.
 */
export function useAuthSync(): void {
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  const { pathname } = useLocation();
  const onProtectedPage = isProtectedPath(pathname);

  useEffect(
    () =>
      subscribeAuthEvents((event) => {
        if (event.type === 'signed-in') {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          void queryClient.invalidateQueries({ queryKey: currentStoreQueryKey });
        } else if (onProtectedPage) {
          void endSession({ broadcast: false });
        } else {
          queryClient.removeQueries();
          queryClient.setQueryData(sessionQueryKey, null);
        }
      }),
    [queryClient, endSession, onProtectedPage],
  );
}

const shopDomainPattern = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)+$/i;

/** The Shopify admin URL of a store, or `null` when the domain is missing or malformed. */
export function shopAdminUrl(shopDomain: string | null | undefined, serverUrl?: string | null): string | null {
  if (!shopDomain || !shopDomainPattern.test(shopDomain)) return null;
  // The server knows where the admin is (real Shopify, or the emulator in development): only http(s).
  if (serverUrl && /^https?:\/\//.test(serverUrl)) return serverUrl;
  return `https://${shopDomain}/admin`;
}
