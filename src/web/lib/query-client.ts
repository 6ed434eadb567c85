import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isClientError } from './api';
import { sessionQueryKey } from './session';

/**
 * The app's query client: short cache, no retry on 4xx answers, at most two retries otherwise.
 * A 401 from any query means the session may have ended: the session is re-read at once, so the
 * /app gate sends the user to /login without waiting for the next 30-second check.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== sessionQueryKey[0]) {
          void client.invalidateQueries({ queryKey: sessionQueryKey });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
