/** The local outbox (developer tool), through its contracts (src/core/api/dev-outbox.ts). */
import { useQuery } from '@tanstack/react-query';
import { getOutboxEmail, listOutbox, type OutboxEmail, type OutboxEmailSummary } from '#core/api/dev-outbox';
import { ApiError } from '../lib/api';
import { call } from './client';
import { queryKeys } from './keys';

export type { OutboxEmail, OutboxEmailSummary };

function newestFirst(a: OutboxEmailSummary, b: OutboxEmailSummary): number {
  return new Date(b.created_at).getTime() - new Date(a.created_at).getTime();
}

/** The captured e-mails, newest first. */
export function useOutboxEmails() {
  return useQuery({
    queryKey: queryKeys.devOutbox,
    queryFn: async ({ signal }) => [...(await call(listOutbox, { signal })).emails].sort(newestFirst),
  });
}

/** One captured e-mail with its parts and headers. */
export function useOutboxEmail(id: string) {
  return useQuery({
    queryKey: queryKeys.devOutboxEmail(id),
    queryFn: async ({ signal }) => (await call(getOutboxEmail, { params: { id }, signal })).email,
  });
}

/** The e-mail does not exist (or no longer). */
export const isEmailNotFound = (error: unknown) => error instanceof ApiError && error.code === 'outbox_email_not_found';
