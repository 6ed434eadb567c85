/**
 * Alert addresses and their confirmation (decision 022): the store's list with each state and
 * « Renvoyer le lien »; the public confirmation link (no session): GET reads it, POST confirms.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirmRecipient, readNotificationRecipients, readRecipientLink, resendRecipientLink } from '#core/api/notification-recipients';
import { ApiError } from '../lib/api';
import { call } from './client';
import { queryKeys } from './keys';

export type { NotificationRecipient, NotificationRecipients, RecipientLinkStatus } from '#core/api/notification-recipients';

export function useNotificationRecipients() {
  return useQuery({ queryKey: queryKeys.notificationRecipients, queryFn: ({ signal }) => call(readNotificationRecipients, { signal }) });
}

export function useResendRecipientLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(resendRecipientLink, { body: { email } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.notificationRecipients }),
  });
}

export function useRecipientLink(token: string) {
  return useQuery({ queryKey: queryKeys.recipientLink(token), queryFn: ({ signal }) => call(readRecipientLink, { params: { token }, signal }) });
}

export function useConfirmRecipient(token: string) {
  return useMutation({ mutationFn: () => call(confirmRecipient, { params: { token } }) });
}

/** The link is unknown, used or expired. */
export const isInvalidRecipientLink = (error: unknown) => error instanceof ApiError && error.code === 'recipient_link_invalid';
