import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api';

/** The app's query client: short cache, no retry on 4xx answers, at most two retries otherwise. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
