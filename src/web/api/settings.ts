/** The store's notification and sending settings: GET and PUT /api/settings. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readCustomerLanguages, readSettings, saveCustomerLanguages, saveSettings, type CustomerLanguagesInput, type SettingsBody } from '#core/api/settings';
import { call } from './client';
import { queryKeys } from './keys';

export type { CustomerLanguages, SettingsBody, StoreSettings } from '#core/api/settings';

/** The store's customer languages: its default, those it serves, and its recent orders' languages it does not serve. */
export function useCustomerLanguages() {
  return useQuery({ queryKey: queryKeys.customerLanguages, queryFn: ({ signal }) => call(readCustomerLanguages, { signal }) });
}

/** Saves the default language and those served; the answer becomes the cached languages. */
export function useSaveCustomerLanguages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerLanguagesInput) => call(saveCustomerLanguages, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.customerLanguages, saved);
      // The screens of the merchant's texts list the languages served and open on the default one.
      queryClient.removeQueries({ queryKey: queryKeys.emailTemplate });
      queryClient.removeQueries({ queryKey: queryKeys.brandingTexts });
    },
  });
}

/** The owner's notification address and the daily send limit (`saved: false`: the defaults). */
export function useSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: ({ signal }) => call(readSettings, { signal }) });
}

/** Saves both; the answer becomes the cached settings. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) => call(saveSettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.settings, saved);
      // The daily limit shows on /app/plans and in the send planner.
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentPlan });
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviewRequests });
      // A new address waits for its confirmation link.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notificationRecipients });
    },
  });
}
