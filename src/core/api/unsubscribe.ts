/**
 * Unsubscribing from a store's e-mails by the link at the foot of each e-mail (no session: the
 * token is the credential). GET only reads (mail scanners prefetch links); POST unsubscribes, from
 * the page's button or a mail provider's RFC 8058 one-click POST (a form body, never read).
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

export const UNSUBSCRIBE_ERRORS = {
  unsubscribe_link_invalid: 404,
} as const satisfies Record<string, number>;

/** Any text: an unknown or malformed token is the same 404 as an expired one. */
const tokenParams = z.object({ token: z.string() });

export const unsubscribeStatus = z.object({
  store_name: z.string(),
  /** Masked: j***@example.com. */
  email: z.string(),
  unsubscribed: z.boolean(),
  /** The language the page speaks (decision 056): the request's locale, or a one-off e-mail's store's language. */
  locale: z.string(),
});
export type UnsubscribeStatus = z.infer<typeof unsubscribeStatus>;

export const readUnsubscribe = endpoint({
  method: 'GET',
  path: '/api/public/unsubscribe/:token',
  access: 'public',
  summary: 'who sends to which (masked) address, and whether it already unsubscribed',
  params: tokenParams,
  response: unsubscribeStatus,
  errors: ['unsubscribe_link_invalid'],
});

export const confirmUnsubscribe = endpoint({
  method: 'POST',
  path: '/api/public/unsubscribe/:token',
  access: 'public',
  summary: 'suppresses the address for the store and cancels its requests not sent yet',
  params: tokenParams,
  response: z.object({ ok: z.literal(true), store_name: z.string() }),
  errors: ['unsubscribe_link_invalid'],
});
