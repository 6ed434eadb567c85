/**
 * /app/flow: the flow configurations (docs/product/screens.md, docs/product/validation.md 'Flow', docs/product/errors.md success notices, docs/product/limits.md default flow).
 * The form's validation sentences are the contract's (core/flow-limits.ts), shared with the server.
 */
import { count } from '#core/french-format';
import type { TriggerEvent } from '#core/domain';

export const flow = {
  title: 'Configuration du flux',
  subtitle: 'Quand et comment vos demandes d’avis partent.',
  loading: 'Chargement de vos flux…',
  loadError: 'Impossible de charger vos flux. Veuillez réessayer.',
  noStore: {
    heading: 'Aucune boutique Shopify connectée',
    body: 'Connectez votre boutique Shopify pour configurer l’envoi de vos demandes d’avis.',
    link: 'Aller aux intégrations',
  },
  list: {
    heading: 'Vos flux',
    description: 'Chaque flux actif programme une demande d’avis pour les commandes qui lui correspondent, quelques jours après le paiement, l’expédition ou la livraison.',
    label: 'Flux configurés',
  },
  add: 'Ajouter un flux',
  empty: {
    heading: 'Aucun flux configuré',
    body: 'Un flux envoie automatiquement une demande d’avis à vos clients quelques jours après le paiement, l’expédition ou la livraison de leur commande. Ajoutez-en un pour commencer à collecter des avis.',
  },
  triggers: {
    order_paid: 'Commande payée',
    order_fulfilled: 'Commande expédiée',
    order_delivered: 'Commande livrée',
  } satisfies Record<TriggerEvent, string>,
  /** "3 jours après l'expédition", "1 jour après le paiement", "Dès la livraison" (0 day). */
  delay: (days: number, trigger: TriggerEvent) => {
    const event = ({ order_paid: 'le paiement', order_fulfilled: 'l’expédition', order_delivered: 'la livraison' } satisfies Record<TriggerEvent, string>)[trigger];
    if (days === 0) return `Dès ${event}`;
    return `${count(days, 'jour', 'jours')} après ${event}`;
  },
  card: {
    trigger: 'Déclencheur',
    delay: 'Délai',
    channels: 'Canaux',
    target: 'Commandes ciblées',
    reminder: 'Relance',
    active: 'Actif',
    inactive: 'Inactif',
    edit: 'Modifier',
    delete: 'Supprimer',
    /** Read after the visible "Modifier" / "Supprimer": the button names include the flow's name. */
    flowName: (name: string) => `le flux ${name}`,
  },
  channels: {
    email: 'E-mail',
    whatsapp: 'WhatsApp',
    none: 'Aucun canal',
  },
  /** The card's reminder line. */
  reminder: {
    none: 'Aucune relance',
    after: (days: number) => `${count(days, 'jour', 'jours')} après le premier e-mail, si pas encore d’avis`,
  },
  target: {
    all: 'Toutes les commandes',
    minimum: (amount: string) => `Commandes ≥ ${amount}`,
  },
  form: {
    /** The name a new flow starts with (docs/product/limits.md, default flow). */
    defaultName: 'Nouveau flux',
    newHeading: 'Nouveau flux',
    editHeading: (name: string) => `Modifier le flux ${name}`,
    name: 'Nom du flux',
    trigger: 'Déclencheur',
    triggerHint: 'L’événement Shopify qui lance le compte à rebours.',
    /** Shown under the select for the chosen trigger. */
    triggerHints: {
      order_paid: 'Dès le paiement\u202f: le client n’a pas encore reçu sa commande, prévoyez un délai suffisant.',
      order_fulfilled: 'À l’expédition\u202f: prévoyez le temps d’acheminement dans le délai.',
      order_delivered:
        'Recommandé\u202f: attendre le scan «\u202flivré\u202f» du transporteur (suivi de livraison Shopify), quand le client a son colis en main. Les commandes sans suivi de livraison ne reçoivent pas de demande avec ce déclencheur.',
    } satisfies Record<TriggerEvent, string>,
    delay: 'Délai avant envoi (jours)',
    delayHint: 'Nombre de jours entre le déclencheur et l’envoi de la demande d’avis (0\u202f: le jour même).',
    channels: 'Canaux d’envoi',
    email: 'E-mail',
    whatsapp: 'WhatsApp',
    soon: 'Bientôt disponible',
    whatsappHint: 'Le canal WhatsApp arrive bientôt\u202f: il ne peut pas encore être activé.',
    targetAll: 'Toutes les commandes',
    targetAllHint: 'Désactivez pour n’envoyer de demande d’avis qu’à partir d’un montant de commande.',
    minimum: 'Montant minimum de commande (€)',
    minimumHint: 'En euros. Modifiable quand «\u202fToutes les commandes\u202f» est désactivé.',
    reminder: 'Envoyer une relance',
    reminderHint:
      'Une seule relance, uniquement aux clients qui n’ont pas encore laissé d’avis. Elle est annulée par un avis, une désinscription, une annulation ou un remboursement, et compte dans votre quota d’e-mails.',
    reminderDays: 'Relance après (jours)',
    reminderDaysHint: 'Nombre de jours entre le premier e-mail et la relance (1 à 30).',
    active: 'Flux actif',
    activeHint: 'Un flux inactif ne programme plus de demandes d’avis, et ses demandes pas encore envoyées sont annulées.',
    save: 'Enregistrer',
    saving: 'Enregistrement...',
    cancel: 'Annuler',
  },
  saved: 'Flux enregistré avec succès\u202f!',
  deleted: 'Flux supprimé',
  confirm: {
    title: 'Supprimer ce flux\u202f?',
    body: (name: string) =>
      `Le flux «\u202f${name}\u202f» sera supprimé définitivement\u202f: il ne programmera plus de demandes d’avis, et ses demandes pas encore envoyées seront annulées.`,
    cancel: 'Annuler',
    confirm: 'Supprimer',
    confirming: 'Suppression...',
  },
  /** What a new merchant can expect, on the dashboard and the calendar while nothing was sent yet. */
  next: {
    title: 'Et maintenant\u202f?',
    active: 'Vos prochaines commandes recevront une demande d’avis par e-mail\u202f:',
    item: (name: string, when: string) => `«\u202f${name}\u202f»\u202f: ${when}`,
    minimum: (amount: string) => `, pour les commandes d’au moins ${amount}`,
    calendar: 'Chaque demande apparaît dans le calendrier d’envoi dès la commande reçue, avec sa date d’envoi.',
    calendarLink: 'Voir le calendrier d’envoi',
    none: 'Aucun flux actif\u202f: vos prochaines commandes ne recevront pas de demande d’avis.',
    configure: 'Configurer un flux',
  },
};
