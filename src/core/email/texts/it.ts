/** The review e-mail's texts in Italian, addressing the customer as « tu » (the French set, fr.ts, is the reference: same keys). */
import type { ReviewEmailTexts } from './index';

export const it: ReviewEmailTexts = {
  defaultGreeting: 'Gentile {{ customer_name }},',
  defaultSubject: 'La tua opinione è importante per noi! 🌟',
  defaultButton: 'Lascia una recensione',
  defaultFooter: 'Grazie per la tua fiducia!',
  defaultBody:
    'grazie per il tuo ordine {{ order_number }} presso {{ store_name }}! Speriamo che tu ne sia soddisfatto.\n\nPotresti dedicarci un minuto per condividere la tua opinione? Per noi è davvero importante.',
  reminderSubject: 'Un piccolo promemoria: la tua opinione sull’ordine {{ order_number }}',
  reminderFirstLine: 'ci permettiamo di scriverti di nuovo: la tua opinione sul tuo ordine per noi è preziosa, qualunque essa sia.',
  unsubscribeText: (storeName: string) => `Non vuoi più ricevere richieste di recensione da ${storeName}?`,
  unsubscribeLink: 'Annulla l’iscrizione',
  oneOffUnsubscribeText: (storeName: string) => `Non vuoi più ricevere e-mail da ${storeName}?`,
  /** After « Gentile »: an order without the customer's name. */
  customerFallback: 'cliente',
};
