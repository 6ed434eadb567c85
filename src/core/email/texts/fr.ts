/**
 * The review e-mail's own texts in French: the defaults of a store that wrote none (the spec's
 * default template, docs/product/limits.md), the reminder's, the unsubscribe line and the name for a
 * customer without one. The reference of the other languages (index.ts): each has these keys.
 */
import { elide } from '#core/french';

export const fr = {
  /**
   * The first paragraph of a review request when the merchant set none (Branding & Pages). Liquid,
   * like the body: the body itself starts after it, so the customer never reads 'Bonjour' twice.
   */
  defaultGreeting: 'Bonjour {{ customer_name }},',
  /** The spec's default template, in French typography (decision 026). */
  defaultSubject: 'Votre avis compte pour nous\u202f! 🌟',
  defaultButton: 'Laisser un avis',
  defaultFooter: 'Merci de votre confiance\u202f!',
  defaultBody:
    'Merci pour votre commande {{ order_number }} chez {{ store_name }}\u202f! Nous espérons que vous en êtes satisfait(e).\n\nPourriez-vous prendre une minute pour partager votre avis\u202f? Cela nous aide beaucoup.',
  /** The reminder's subject and first line (reminder.ts), addressed to every customer who has not reviewed, whatever their experience. */
  reminderSubject: 'Petit rappel\u202f: votre avis sur la commande {{ order_number }}',
  reminderFirstLine: 'Nous nous permettons de revenir vers vous\u202f: votre avis sur votre commande nous serait précieux, quel qu’il soit.',
  unsubscribeText: (storeName: string) => `Vous ne souhaitez plus recevoir de demandes d’avis ${elide('de', storeName)}\u202f?`,
  unsubscribeLink: 'Se désabonner',
  /** At the foot of a one-off e-mail (send-email). */
  oneOffUnsubscribeText: (storeName: string) => `Vous ne souhaitez plus recevoir d’e-mails ${elide('de', storeName)}\u202f?`,
  /** Used when an order carries no customer name. */
  customerFallback: 'cher client',
};
