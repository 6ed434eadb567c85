/** The active store's flows: GET, POST, PUT and DELETE /api/flows. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFlow, deleteFlow, listFlows, updateFlow, type Flow, type FlowInput } from '#core/api/flows';
import { call } from './client';
import { queryKeys } from './keys';

export type { Flow, FlowInput, FlowInputValues } from '#core/api/flows';

/** The active store and its flows, oldest first (`no_store` when no store is connected). */
export function useFlows() {
  return useQuery({ queryKey: queryKeys.flows, queryFn: ({ signal }) => call(listFlows, { signal }) });
}

/**
 * Saves `flow`, or creates one in `storeId` (the active store's id, which the server checks). The
 * list is re-read before the mutation resolves, so the saved card is on screen when it does.
 */
export function useSaveFlow(storeId: string, flow?: Flow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FlowInput) => {
      const saved = flow ? await call(updateFlow, { params: { id: flow.id }, body }) : await call(createFlow, { body: { shopify_store_id: storeId, ...body } });
      return saved.flow;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.flows }),
  });
}

/** Deletes a flow (its requests not sent yet are cancelled); the list is re-read whatever the outcome. */
export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flow: Flow) => call(deleteFlow, { params: { id: flow.id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.flows }),
  });
}
