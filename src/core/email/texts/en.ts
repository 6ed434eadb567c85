/** The review e-mail's texts in English (the French set, fr.ts, is the reference: same keys). */
import type { ReviewEmailTexts } from './index';

export const en: ReviewEmailTexts = {
  defaultGreeting: 'Hi {{ customer_name }},',
  defaultSubject: 'Your opinion matters to us! 🌟',
  defaultButton: 'Leave a review',
  defaultFooter: 'Thanks for shopping with us!',
  defaultBody:
    'Thank you for your order {{ order_number }} from {{ store_name }}! We hope you’re happy with it.\n\nCould you take a minute to tell us what you think? It really helps us.',
  reminderSubject: 'A quick reminder: your review of order {{ order_number }}',
  reminderFirstLine: 'We’re getting back in touch because we’d really value your thoughts on your order, whatever they are.',
  unsubscribeText: (storeName: string) => `Don’t want to receive review requests from ${storeName} anymore?`,
  unsubscribeLink: 'Unsubscribe',
  oneOffUnsubscribeText: (storeName: string) => `Don’t want to receive emails from ${storeName} anymore?`,
  /** After « Hi »: an order without the customer's name. */
  customerFallback: 'there',
};
