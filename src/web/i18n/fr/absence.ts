/** What happened while the store was away, told on the dashboard once it is back (decision 045). */
import type { AbsenceOrderOutcome } from '#core/api/stores';
import type { AwayReason, WithdrawnReason } from '#core/domain';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')}\u00a0${n > 1 ? many : one}`;

export const absence = {
  heading: {
    disconnected: 'Pendant que votre boutique était déconnectée',
    uninstalled: 'Pendant que l’application était désinstallée',
  } satisfies Record<AwayReason, string>,
  window: (from: string, to: string) => `Du ${from} au ${to}.`,
  cancelledHeading: (n: number) => `${count(n, 'demande d’avis annulée', 'demandes d’avis annulées')}\u202f:`,
  cancelled: {
    better_moment: 'une autre demande part à un meilleur moment',
    already_asked: 'client déjà sollicité pour cette commande',
    reviewed: 'avis déjà laissé',
    newer_order: 'le client a commandé de nouveau depuis',
    customer_asked: 'client déjà sollicité pour une autre commande',
    app_uninstalled: 'l’application a été désinstallée de votre boutique Shopify',
    order_cancelled: 'commande annulée',
    order_refunded: 'commande remboursée',
    unsubscribed: 'client désinscrit de vos e-mails',
    flow_stopped: 'flux désactivé ou supprimé',
  } satisfies Record<WithdrawnReason, string>,
  dueMeanwhile: (n: number) => `${count(n, 'demande arrivée', 'demandes arrivées')} à échéance pendant ce temps ${n > 1 ? 'partent' : 'part'} maintenant.`,
  ordersReading: 'Les commandes payées pendant ce temps sont en cours de lecture sur Shopify\u202f: le détail s’affichera ici.',
  noOrders: 'Aucune commande n’a été payée pendant ce temps.',
  ordersHeading: (n: number) => `${count(n, 'commande payée', 'commandes payées')} pendant ce temps\u202f:`,
  outcomes: {
    asked: 'demande d’avis programmée',
    waiting_for_trigger: 'en attente de l’expédition ou de la livraison que votre flux attend',
    no_matching_flow: 'aucun flux actif ne la concerne',
    already_asked: 'client déjà sollicité',
    order_cancelled: 'commande annulée ou remboursée',
    no_email: 'sans adresse e-mail',
    unsubscribed: 'client désinscrit de vos e-mails',
    excluded: 'exclue de vos demandes d’avis',
  } satisfies Record<AbsenceOrderOutcome, string>,
  outcomeCount: (n: number, label: string) => `${n.toLocaleString('fr-FR')}\u202f: ${label}`,
  dismiss: 'J’ai compris',
  dismissFailed: 'Impossible d’enregistrer votre lecture. Veuillez réessayer.',
};
