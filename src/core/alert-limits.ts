/**
 * The limits of merchant alerts, in one place (decision 022): how many alert e-mails a store, and an
 * address, receive per hour before the rest are summed up in the hour's digest; how long a
 * confirmation link lasts; how often « Renvoyer le lien » may send one.
 */
export const ALERT_LIMITS = {
  /** Alerts about reviews one store sends per UTC hour; beyond, the hour's digest. */
  perStorePerHour: 10,
  /** Alerts one address receives per UTC hour, whatever the store; beyond, the hour's digest. */
  perRecipientPerHour: 10,
  /** A confirmation link's life. */
  confirmationLinkHours: 48,
  /** Confirmation links one address may be sent per window (saves and « Renvoyer le lien » together). */
  confirmationLinks: { max: 3, windowSeconds: 3600 },
} as const;
