/** The public unsubscribe link (no session): GET reads it, POST unsubscribes. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { confirmUnsubscribe, readUnsubscribe } from '#core/api/unsubscribe';
import { ApiError } from '../lib/api';
import { call } from './client';
import { queryKeys } from './keys';

/** Who sends to which (masked) address, and whether it already unsubscribed. */
export function useUnsubscribeStatus(token: string) {
  return useQuery({ queryKey: queryKeys.unsubscribe(token), queryFn: ({ signal }) => call(readUnsubscribe, { params: { token }, signal }) });
}

export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => call(confirmUnsubscribe, { params: { token } }) });
}

/** The link is unknown, malformed or expired. */
export const isInvalidUnsubscribeLink = (error: unknown) => error instanceof ApiError && error.code === 'unsubscribe_link_invalid';
