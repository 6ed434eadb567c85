/**
 * The session's life in the app: the merchant's store, signing out (here and in the other tabs),
 * and following the other tabs. The session itself is read through src/web/api/auth.ts.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { postAuthEvent, subscribeAuthEvents } from './auth-channel';
import { currentStore, type AwayStore, type StoreSummary } from '#core/api/stores';
import { sessionQuery, useSession, useSignOut as useSignOutRequest } from '../api/auth';
import { call } from '../api/client';
import { queryKeys } from '../api/keys';

export { fetchSession, refreshAuthQueries, useSession, type Session, type SessionUser } from '../api/auth';

export type CurrentStore = StoreSummary;
export type { AwayStore };

export const sessionQueryKey = queryKeys.session;
export const currentStoreQueryKey = queryKeys.currentStore;

/** The account's stores as GET /api/stores/current answers them: the connected one, else the one it last had. */
export type AccountStores = Awaited<ReturnType<typeof fetchAccountStores>>;
const fetchAccountStores = () => call(currentStore);
const connectedOf = (stores: AccountStores) => stores.store;
const awayOf = (stores: AccountStores) => stores.away;

/**
 * The merchant's connected store (`null` when none). Fetched only once a session is known; an error
 * or a pending state means "unknown", so callers must not assume either way.
 */
export function useCurrentStore() {
  const { data: session } = useSession();
  return useQuery({ ...currentStoreQuery, enabled: !!session, select: connectedOf });
}

/**
 * While no store is connected, the one the account last had (decision 045): disconnected here while
 * Shopify may still bill it, or uninstalled from Shopify; `null` when a store is connected or none
 * ever was. The same read as `useCurrentStore`.
 */
export function useAwayStore() {
  const { data: session } = useSession();
  return useQuery({ ...currentStoreQuery, enabled: !!session, select: awayOf });
}

/** Both at once, as one read: `{ store, away }`. */
export function useAccountStores() {
  const { data: session } = useSession();
  return useQuery({ ...currentStoreQuery, enabled: !!session });
}

/** How the stores are read: by `useCurrentStore` and `useAwayStore`, and by the server before it draws an /app screen. */
export const currentStoreQuery = queryOptions({
  queryKey: currentStoreQueryKey,
  queryFn: fetchAccountStores,
});

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
 * The app's sign-out: POST /api/auth/sign-out, then ends the session here and in the other tabs and
 * goes to /login.
 */
export function useSignOut() {
  const endSession = useEndSession();
  return useSignOutRequest({ onSignedOut: () => endSession() });
}

const protectedPrefixes = ['/app', '/subscription'];

function isProtectedPath(pathname: string): boolean {
  return protectedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Called once as the app starts (main.tsx), before the route's screen has loaded: on a signed-in
 * page it starts reading the session, and on an /app page the store once the session is known, the
 * reads the gates (RequireSession, RequireSubscription) and the /app header would start only after
 * the screen's chunks had arrived and rendered. The same queries, with the same options: the
 * gates find them in flight or fresh, so nothing is read twice (decision 027).
 */
export function startGateQueries(queryClient: QueryClient, pathname: string): void {
  if (!isProtectedPath(pathname)) return;
  void queryClient
    .fetchQuery(sessionQuery)
    .then((session) => {
      if (session && (pathname === '/app' || pathname.startsWith('/app/'))) return queryClient.prefetchQuery(currentStoreQuery);
    })
    // A failure is the gate's to show: it re-reads the session when it mounts.
    .catch(() => undefined);
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
