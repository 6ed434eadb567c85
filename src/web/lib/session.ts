import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface Session {
  user: SessionUser;
  session: unknown;
}

export interface CurrentStore {
  id: string;
  shop_domain: string;
  shop_name: string | null;
  is_active: boolean;
  subscription_status: string | null;
}

export const sessionQueryKey = ['auth', 'session'] as const;
export const currentStoreQueryKey = ['stores', 'current'] as const;

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object' || !('user' in value)) return false;
  const { user } = value as { user: unknown };
  return !!user && typeof user === 'object' && typeof (user as SessionUser).email === 'string';
}

/** Reads the better-auth session. Any failure (401, missing endpoint, network) means signed out. */
export async function fetchSession(): Promise<Session | null> {
  try {
    const data = await apiFetch<unknown>('/api/auth/get-session');
    return isSession(data) ? data : null;
  } catch {
    return null;
  }
}

/** The signed-in user, or `null` when signed out. `data` is `undefined` while loading. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    retry: false,
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
    queryFn: async () => {
      const data = await apiFetch<{ store: CurrentStore | null } | null>('/api/stores/current');
      return data?.store ?? null;
    },
    enabled: !!session,
  });
}

/** Signs out (better-auth) and clears every cached query. Navigation is left to the caller. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => {
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}

const shopDomainPattern = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)+$/i;

/** The Shopify admin URL of a store, or `null` when the domain is missing or malformed. */
export function shopAdminUrl(shopDomain: string | null | undefined): string | null {
  if (!shopDomain || !shopDomainPattern.test(shopDomain)) return null;
  return `https://${shopDomain}/admin`;
}
