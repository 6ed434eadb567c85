import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';

/** An e-mail kept by the local outbox transport (development only). */
export interface OutboxEmailSummary {
  id: string;
  to: string;
  from: string;
  subject: string;
  created_at: string;
}

export interface OutboxEmail extends OutboxEmailSummary {
  html: string | null;
  text: string | null;
  headers: Record<string, string> | null;
}

function newestFirst(a: OutboxEmailSummary, b: OutboxEmailSummary): number {
  return new Date(b.created_at).getTime() - new Date(a.created_at).getTime();
}

export function useOutboxEmails() {
  return useQuery({
    queryKey: ['dev', 'outbox'],
    queryFn: async () => {
      const data = await apiFetch<{ emails: OutboxEmailSummary[] } | null>('/api/dev/outbox');
      return [...(data?.emails ?? [])].sort(newestFirst);
    },
  });
}

export function useOutboxEmail(id: string) {
  return useQuery({
    queryKey: ['dev', 'outbox', id],
    queryFn: async () => {
      const data = await apiFetch<{ email: OutboxEmail } | null>(`/api/dev/outbox/${encodeURIComponent(id)}`);
      return data?.email ?? null;
    },
  });
}
