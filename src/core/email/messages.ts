/** French strings of the e-mails the product sends (one catalogue, ready for a second language). */
import { elide } from '../french';

export const emailMessages = {
  defaultBody:
    'Bonjour {{ customer_name }},\n\nMerci pour votre commande {{ order_number }} chez {{ store_name }} ! Nous espérons que vous en êtes satisfait(e).\n\nPourriez-vous prendre une minute pour partager votre avis ? Cela nous aide beaucoup.',
  unsubscribeText: (storeName: string) => `Vous ne souhaitez plus recevoir de demandes d'avis ${elide('de', storeName)} ?`,
  unsubscribeLink: 'Se désabonner',
  /** At the foot of a one-off e-mail (send-email). */
  oneOffUnsubscribeText: (storeName: string) => `Vous ne souhaitez plus recevoir d'e-mails ${elide('de', storeName)} ?`,
  /** Used when an order carries no customer name. */
  customerFallback: 'cher client',
};
