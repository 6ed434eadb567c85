/** The unsubscribe page in English (the French one, i18n/fr/unsubscribe.ts, is the reference: same keys). */
import type { UnsubscribeMessages } from '../unsubscribe';

export const en: UnsubscribeMessages = {
  title: 'Unsubscribe',
  loading: 'Loading…',
  intro: (storeName: string) => `Don’t want to receive review requests from ${storeName} anymore?`,
  addressLabel: 'Email address',
  storeLabel: 'Store',
  explanation: 'Click the button below and this store won’t send any more review requests to this address.',
  submit: 'Unsubscribe',
  submitting: 'Unsubscribing…',
  doneHeading: 'You’re unsubscribed',
  done: (storeName: string) => `${storeName} won’t send any more review requests to this address.`,
  invalid: 'This link is invalid or has expired',
  invalidHelp: 'This unsubscribe link is no longer valid. Please use the link in the latest email you received.',
  failed: 'Something went wrong. Please try again.',
};
