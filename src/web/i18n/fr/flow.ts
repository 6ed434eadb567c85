/**
 * /app/flow: the flow configurations (spec sections 2, 5 'Flow', 8 success notices, 9 default flow).
 * The form's validation sentences are the contract's (core/flow-limits.ts), shared with the server.
 */
import type { TriggerEvent } from '../../../core/domain';

export const flow = {
  title: 'Configuration du flux',
  subtitle: "Quand et comment vos demandes d'avis partent.",
  loading: 'Chargement de vos flux…',
  loadError: 'Impossible de charger vos flux. Veuillez réessayer.',
  noStore: {
    heading: 'Aucune boutique Shopify connectée',
    body: "Connectez votre boutique Shopify pour configurer l'envoi de vos demandes d'avis.",
    link: 'Aller aux intégrations',
  },
  list: {
    heading: 'Vos flux',
    description: "Chaque flux actif programme une demande d'avis pour les commandes qui lui correspondent, quelques jours après le paiement ou l'expédition.",
    label: 'Flux configurés',
  },
  add: 'Ajouter un flux',
  empty: {
    heading: 'Aucun flux configuré',
    body: "Un flux envoie automatiquement une demande d'avis à vos clients quelques jours après le paiement ou l'expédition de leur commande. Ajoutez-en un pour commencer à collecter des avis.",
  },
  triggers: {
    order_paid: 'Commande payée',
    order_fulfilled: 'Commande expédiée',
  } satisfies Record<TriggerEvent, string>,
  /** "3 jours après l'expédition", "1 jour après le paiement", "Dès le paiement" (0 day). */
  delay: (days: number, trigger: TriggerEvent) => {
    const event = trigger === 'order_paid' ? 'le paiement' : "l'expédition";
    if (days === 0) return `Dès ${event}`;
    return `${days} ${days === 1 ? 'jour' : 'jours'} après ${event}`;
  },
  card: {
    trigger: 'Déclencheur',
    delay: 'Délai',
    channels: 'Canaux',
    target: 'Commandes ciblées',
    active: 'Actif',
    inactive: 'Inactif',
    edit: 'Modifier',
    delete: 'Supprimer',
    /** Read after the visible "Modifier" / "Supprimer": the button names include the flow's name. */
    flowName: (name: string) => `le flux ${name}`,
  },
  channels: {
    email: 'Email',
    whatsapp: 'WhatsApp',
    none: 'Aucun canal',
  },
  target: {
    all: 'Toutes les commandes',
    minimum: (amount: string) => `Commandes ≥ ${amount}`,
  },
  form: {
    /** The name a new flow starts with (spec section 9, default flow). */
    defaultName: 'Nouveau flux',
    newHeading: 'Nouveau flux',
    editHeading: (name: string) => `Modifier le flux ${name}`,
    name: 'Nom du flux',
    trigger: 'Déclencheur',
    triggerHint: "L'événement Shopify qui lance le compte à rebours.",
    delay: 'Délai avant envoi (jours)',
    delayHint: "Nombre de jours entre le déclencheur et l'envoi de la demande d'avis (0 : le jour même).",
    channels: "Canaux d'envoi",
    email: 'Email',
    whatsapp: 'WhatsApp',
    soon: 'Bientôt disponible',
    whatsappHint: 'Le canal WhatsApp arrive bientôt : il ne peut pas encore être activé.',
    targetAll: 'Toutes les commandes',
    targetAllHint: "Désactivez pour n'envoyer de demande d'avis qu'à partir d'un montant de commande.",
    minimum: 'Montant minimum de commande (€)',
    minimumHint: 'En euros. Modifiable quand « Toutes les commandes » est désactivé.',
    active: 'Flux actif',
    activeHint: "Un flux inactif ne programme plus de demandes d'avis, et ses demandes pas encore envoyées sont annulées.",
    save: 'Enregistrer',
    saving: 'Enregistrement...',
    cancel: 'Annuler',
  },
  saved: 'Flux enregistré avec succès!',
  deleted: 'Flux supprimé',
  confirm: {
    title: 'Supprimer ce flux ?',
    body: (name: string) => `Le flux « ${name} » sera supprimé définitivement : il ne programmera plus de demandes d'avis, et ses demandes pas encore envoyées seront annulées.`,
    cancel: 'Annuler',
    confirm: 'Supprimer',
    confirming: 'Suppression...',
  },
  /** What a new merchant can expect, on the dashboard and the calendar while nothing was sent yet. */
  next: {
    title: 'Et maintenant ?',
    active: 'Vos prochaines commandes recevront une demande d’avis par e-mail :',
    item: (name: string, when: string) => `« ${name} » : ${when}`,
    minimum: (amount: string) => `, pour les commandes d’au moins ${amount}`,
    calendar: 'Chaque demande apparaît dans le calendrier d’envoi dès la commande reçue, avec sa date d’envoi.',
    calendarLink: 'Voir le calendrier d’envoi',
    none: 'Aucun flux actif : vos prochaines commandes ne recevront pas de demande d’avis.',
    configure: 'Configurer un flux',
  },
};
