/**
 * Notification addresses and their confirmation (decision 022). An alert address other than the
 * account's own is confirmed by a link e-mailed to it before any alert goes there; until then the
 * account's address receives the alerts. The store's screens read each address's state and may send
 * the link again; the link's page (no session: the token is the credential) reads it with GET
 * (mail scanners prefetch links) and confirms with POST.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

export const NOTIFICATION_RECIPIENT_ERRORS = {
  recipient_link_invalid: 404,
  recipient_not_in_use: 404,
  recipient_already_confirmed: 409,
} as const satisfies Record<string, number>;

/** 'account': the account's own address (needs no confirmation); 'pending': a link was sent, not yet followed. */
export const RECIPIENT_STATES = ['account', 'confirmed', 'pending'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const notificationRecipient = z.object({
  email: z.string(),
  state: z.enum(RECIPIENT_STATES),
  /** When the last link went (pending only). */
  link_sent_at: z.string().nullable(),
});
export type NotificationRecipient = z.infer<typeof notificationRecipient>;

export const notificationRecipients = z.object({
  /** Where alerts go while an address waits for its confirmation. */
  account_email: z.string(),
  /** The addresses the settings and the rating actions name, each once. */
  recipients: z.array(notificationRecipient),
});
export type NotificationRecipients = z.infer<typeof notificationRecipients>;

export const readNotificationRecipients = endpoint({
  method: 'GET',
  path: '/api/notification-recipients',
  access: 'store',
  summary: 'the alert addresses the store uses, each with its confirmation state',
  response: notificationRecipients,
  errors: [],
});

export const resendRecipientLink = endpoint({
  method: 'POST',
  path: '/api/notification-recipients/resend',
  access: 'store',
  summary: 'e-mails a fresh confirmation link to an alert address waiting for it (rate limited)',
  body: z.object({
    email: z
      .string({ message: 'L’adresse e-mail est requise' })
      .trim()
      .max(254, 'L’adresse e-mail ne peut pas dépasser 254 caractères')
      .transform((v) => v.toLowerCase()),
  }),
  response: notificationRecipient,
  errors: ['recipient_not_in_use', 'recipient_already_confirmed', 'rate_limited'],
});

/** Any text: an unknown, used or malformed token is the same 404 as an expired one. */
const tokenParams = z.object({ token: z.string() });

export const recipientLinkStatus = z.object({
  store_name: z.string(),
  email: z.string(),
  confirmed: z.boolean(),
});
export type RecipientLinkStatus = z.infer<typeof recipientLinkStatus>;

export const readRecipientLink = endpoint({
  method: 'GET',
  path: '/api/public/recipients/:token',
  access: 'public',
  summary: 'which store asks to send its alerts to which address (reads only)',
  params: tokenParams,
  response: recipientLinkStatus,
  errors: ['recipient_link_invalid'],
});

export const confirmRecipient = endpoint({
  method: 'POST',
  path: '/api/public/recipients/:token',
  access: 'public',
  summary: 'confirms the address: alerts may go there from now on; the link is used up',
  params: tokenParams,
  response: recipientLinkStatus,
  errors: ['recipient_link_invalid'],
});
