/** What happened while the store was away (GET /api/stores/current/absence), and the merchant reading it. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentStoreAbsence, dismissStoreAbsence } from '#core/api/stores';
import { call } from './client';
import { queryKeys } from './keys';

export type { StoreAbsence } from '#core/api/stores';

/** Shopify's orders of the time away are read within the hour after the return: look again until then. */
const UNREAD_ORDERS_POLL_MS = 60_000;

/** Read by `useStoreAbsence`, and by the server before it draws the dashboard (no notice appears late). */
export const storeAbsenceQuery = queryOptions({
  queryKey: queryKeys.storeAbsence,
  queryFn: async ({ signal }) => (await call(currentStoreAbsence, { signal })).absence,
});

export function useStoreAbsence() {
  return useQuery({ ...storeAbsenceQuery, refetchInterval: (query) => (query.state.data && !query.state.data.orders.read ? UNREAD_ORDERS_POLL_MS : false) });
}

/** Read: not told again. The notice goes once the server recorded it; a failure leaves it, with an error. */
export function useDismissAbsence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(dismissStoreAbsence, { params: { id }, body: {} }),
    onSuccess: () => queryClient.setQueryData(queryKeys.storeAbsence, null),
  });
}
