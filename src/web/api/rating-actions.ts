/** The active store's rating actions: GET and PUT /api/rating-actions. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readRatingActions, saveRatingActions, type RatingActionsBody } from '#core/api/rating-actions';
import { call } from './client';
import { queryKeys } from './keys';

export type { RatingActionsBody, RatingActionsConfig } from '#core/api/rating-actions';

/** The five actions, 5 to 1, and the gating setting (`saved: false`: the spec's defaults). */
export function useRatingActions() {
  return useQuery({ queryKey: queryKeys.ratingActions, queryFn: ({ signal }) => call(readRatingActions, { signal }) });
}

/** Replaces the five actions; the answer (what the server kept) becomes the cached configuration, and the change log is re-read. */
export function useSaveRatingActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingActionsBody) => call(saveRatingActions, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.ratingActions, saved);
      // A save may have written audit entries: the latest changes are read again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.auditChanges });
      // A new alert address waits for its confirmation link.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notificationRecipients });
    },
  });
}
