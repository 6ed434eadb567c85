/** The store's sending address, its DNS records and the self-test: /api/settings/deliverability. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readDeliverability, removeSenderAddress, runSelfTest, saveSenderAddress, verifySenderDomain, type DeliverabilityState, type SenderInput } from '#core/api/deliverability';
import { call } from './client';
import { queryKeys } from './keys';

export type { DeliverabilityState, DnsRecord, SelfTestResult, SenderInput } from '#core/api/deliverability';

const deliverabilityKey = queryKeys.deliverability;

export function useDeliverability() {
  return useQuery({ queryKey: deliverabilityKey, queryFn: ({ signal }) => call(readDeliverability, { signal }) });
}

/** Every mutation here answers the whole new state: it becomes the cached one. */
function useStateMutation<I>(mutationFn: (input: I) => Promise<DeliverabilityState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (state) => queryClient.setQueryData(deliverabilityKey, state),
  });
}

export function useSaveSenderAddress() {
  return useStateMutation((body: SenderInput) => call(saveSenderAddress, { body }));
}

export function useRemoveSenderAddress() {
  return useStateMutation(() => call(removeSenderAddress));
}

/** 'Vérifier': DNS lookups on the server; the answer carries each record's status. */
export function useVerifySenderDomain() {
  return useStateMutation(() => call(verifySenderDomain));
}

/** Sends one e-mail to the app's mailbox and answers the checklist; nothing cached (each run is fresh). */
export function useSelfTest() {
  return useMutation({ mutationFn: () => call(runSelfTest) });
}
