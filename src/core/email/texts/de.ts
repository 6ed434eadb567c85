/** The review e-mail's texts in German, addressing the customer as « Sie » (the French set, fr.ts, is the reference: same keys). */
import type { ReviewEmailTexts } from './index';

export const de: ReviewEmailTexts = {
  defaultGreeting: 'Hallo {{ customer_name }},',
  defaultSubject: 'Ihre Meinung ist uns wichtig! 🌟',
  defaultButton: 'Bewertung abgeben',
  defaultFooter: 'Vielen Dank für Ihr Vertrauen!',
  defaultBody:
    'vielen Dank für Ihre Bestellung {{ order_number }} bei {{ store_name }}! Wir hoffen, dass Sie rundum zufrieden sind.\n\nHätten Sie eine Minute Zeit, uns Ihre Meinung mitzuteilen? Das hilft uns sehr.',
  reminderSubject: 'Kurze Erinnerung: Ihre Meinung zur Bestellung {{ order_number }}',
  reminderFirstLine: 'wir melden uns noch einmal bei Ihnen: Ihre Meinung zu Ihrer Bestellung ist uns wichtig, ganz gleich, wie sie ausfällt.',
  unsubscribeText: (storeName: string) => `Sie möchten keine Bewertungsanfragen von ${storeName} mehr erhalten?`,
  unsubscribeLink: 'Abmelden',
  oneOffUnsubscribeText: (storeName: string) => `Sie möchten keine E-Mails von ${storeName} mehr erhalten?`,
  /** After « Hallo »: an order without the customer's name. */
  customerFallback: 'liebe Kundin, lieber Kunde',
};
