/** French strings of the e-mails the product sends (one catalogue, ready for a second language). */
import { elide } from '../french';

export const emailMessages = {
  /**
   * The first paragraph of a review request when the merchant set none (Branding & Pages). Liquid,
   * like the body: the body itself starts after it, so the customer never reads 'Bonjour' twice.
   */
  defaultGreeting: 'Bonjour {{ customer_name }},',
  /** The spec's default template (docs/product/limits.md), in French typography (decision 026). */
  defaultSubject: 'Votre avis compte pour nous\u202f! 🌟',
  defaultButton: 'Laisser un avis',
  defaultFooter: 'Merci de votre confiance\u202f!',
  defaultBody:
    'Merci pour votre commande {{ order_number }} chez {{ store_name }}\u202f! Nous espérons que vous en êtes satisfait(e).\n\nPourriez-vous prendre une minute pour partager votre avis\u202f? Cela nous aide beaucoup.',
  unsubscribeText: (storeName: string) => `Vous ne souhaitez plus recevoir de demandes d’avis ${elide('de', storeName)}\u202f?`,
  unsubscribeLink: 'Se désabonner',
  /** At the foot of a one-off e-mail (send-email). */
  oneOffUnsubscribeText: (storeName: string) => `Vous ne souhaitez plus recevoir d’e-mails ${elide('de', storeName)}\u202f?`,
  /** Used when an order carries no customer name. */
  customerFallback: 'cher client',
  /** The product's own e-mails (password reset, alerts, privacy, quotas) are signed with its name. */
  productName: 'Avis Clients',
};
