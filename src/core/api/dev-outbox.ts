/**
 * The local outbox (development only): e-mails the app would have sent, kept instead of delivered.
 * Mounted only when developer tools are on, never in production; read without a session (the
 * end-to-end tests read it to follow links).
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { isoDateTime } from './wire';

export const outboxEmailSummary = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  created_at: isoDateTime,
});
export type OutboxEmailSummary = z.infer<typeof outboxEmailSummary>;

export const outboxEmail = outboxEmailSummary.extend({
  message_id: z.string(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
});
export type OutboxEmail = z.infer<typeof outboxEmail>;

export const listOutbox = endpoint({
  method: 'GET',
  path: '/api/dev/outbox',
  access: 'public',
  summary: 'developer tool: the 200 newest e-mails of the local outbox, optionally to one address',
  query: z.object({ to: z.string().optional() }),
  response: z.object({ emails: z.array(outboxEmailSummary) }),
  errors: [],
});

export const getOutboxEmail = endpoint({
  method: 'GET',
  path: '/api/dev/outbox/:id',
  access: 'public',
  summary: 'developer tool: one e-mail of the local outbox, with its parts and headers',
  params: z.object({ id: z.string() }),
  response: z.object({ email: outboxEmail }),
  errors: ['outbox_email_not_found'],
});
