/**
 * /app/schedule, the send calendar (docs/product/screens.md, docs/product/statuses.md 'Review request status' and 'History import
 * dialog', docs/product/validation.md 'Import', docs/product/errors.md 'Calendar', docs/product/limits.md pagination and import limits) and the share-link modal.
 */
import type { WithdrawnReason } from '#core/domain';
import { elide } from '#core/french';
import { count, formatNumber as num, plural } from '#core/french-format';
import { SHARED_LINK_LIMITS } from '#core/review-origin';

export const schedule = {
  title: 'Calendrier d’envoi',
  subtitle: 'Vos demandes d’avis programmées et envoyées.',

  toolbar: {
    label: 'Actions du calendrier',
    import: 'Importer l’historique',
    share: 'Partager le lien d’avis',
  },

  list: {
    heading: 'Demandes d’avis',
    loading: 'Chargement des demandes d’avis…',
    loadError: 'Impossible de charger les demandes d’avis.',
    refreshing: 'Mise à jour…',
    /** "Demandes 11 à 20 sur 35" */
    range: (from: number, to: number, total: number) => `${plural(total, 'Demande', 'Demandes')} ${num(from)} à ${num(to)} sur ${num(total)}`,
    unknownCustomer: 'Client inconnu',
    order: (orderNumber: string) => `Commande ${orderNumber}`,
    scheduledAt: 'Programmée le',
    sentAt: 'Envoyée le',
    due: 'Échéance\u202f:',
    /** The language a request is made in, when not French (decision 056): « Anglais ». */
    languageHint: (language: string) => `Demande en ${language}\u202f: e-mail, relance et page d’avis dans cette langue`,
    sharedLink: 'Lien partagé',
    sharedLinkHint: 'Demande créée en partageant le lien d’avis',
    lastError: 'Dernière erreur\u202f:',
    unconfirmed: 'Non confirmé',
    unconfirmedHint:
      'La transmission a été interrompue pendant l’envoi\u202f: l’e-mail est peut-être arrivé, peut-être pas. Il n’a pas été renvoyé automatiquement, pour éviter un doublon.',
    attempts: (n: number) => `${num(n)} ${plural(n, 'tentative', 'tentatives')}`,
    /** A flow's reminder (or the customer's postponed request): the one follow-up of a first e-mail. */
    reminder: 'Relance',
    reminderHint: 'Relance du premier e-mail, envoyée seulement si le client n’a pas encore donné son avis. Elle mène à la même page d’avis.',
    postponed: 'Reportée à la demande du client',
    /** A request the app withdrew by itself, and why (stored as data on the request). */
    withdrawn: {
      better_moment: 'Retirée\u202f: une autre demande pour cette commande part à un meilleur moment',
      already_asked: 'Retirée\u202f: ce client a déjà été sollicité pour cette commande',
      reviewed: 'Retirée\u202f: le client a déjà laissé un avis sur cette commande',
      newer_order: 'Retirée\u202f: ce client a commandé de nouveau depuis\u202f; la demande porte sur sa dernière commande',
      customer_asked: 'Retirée\u202f: ce client a déjà été sollicité pour une autre commande récente',
      app_uninstalled: 'Retirée\u202f: l’application a été désinstallée de votre boutique Shopify',
      order_cancelled: 'Retirée\u202f: la commande a été annulée',
      order_refunded: 'Retirée\u202f: la commande a été remboursée',
      unsubscribed: 'Retirée\u202f: le client s’est désinscrit de vos e-mails',
      flow_stopped: 'Retirée\u202f: le flux qui l’avait programmée a été désactivé ou supprimé',
    } satisfies Record<WithdrawnReason, string>,
    postponedHint: (when: string) => `Le ${when}, le client a indiqué ne pas avoir encore reçu sa commande\u202f: la demande lui sera renvoyée plus tard.`,
    /** A scheduled request the store's daily sending limit moves past the day it falls due. */
    dailyLimit: 'Reporté\u202f: limite quotidienne atteinte',
    dailyLimitHint: (day: string) => `La limite d’envoi quotidienne de votre boutique est atteinte avant son tour\u202f: elle partira le ${day}.`,
  },

  /** docs/product/statuses.md: one label per stored status. */
  statuses: {
    scheduled: 'Programmé',
    sent: 'Envoyé',
    failed: 'Échec',
    cancelled: 'Annulé',
    delivered: 'Délivré',
    opened: 'Ouvert',
    completed: 'Terminé',
    processing: 'En cours',
    pending: 'En attente',
  },
  statusLabel: 'Statut\u202f:',

  /** docs/product/statuses.md: 'En retard' if past, else 'Dans N jour(s)', 'Dans N heure(s)' or 'Bientôt'. */
  dueLabels: {
    overdue: 'En retard',
    days: (n: number) => `Dans ${num(n)} ${plural(n, 'jour', 'jours')}`,
    hours: (n: number) => `Dans ${num(n)} ${plural(n, 'heure', 'heures')}`,
    soon: 'Bientôt',
  },

  actions: {
    sendNow: 'Envoyer maintenant',
    sending: 'Envoi…',
    cancel: 'Annuler',
    /** Accessible names of the per-row buttons: they say which request ("… de Marie Dupont, commande #1001"). */
    /** `reminder`: the row is a reminder (« la relance de … »), so that it is told apart from its first e-mail. */
    sendNowFor: (subject: string, reminder = false) => `Envoyer maintenant ${reminder ? 'la relance' : 'la demande d’avis'} ${subject}`,
    cancelFor: (subject: string, reminder = false) => `Annuler ${reminder ? 'la relance' : 'la demande d’avis'} ${subject}`,
    resend: 'Renvoyer',
    resendFor: (subject: string, reminder = false) => `Renvoyer ${reminder ? 'la relance' : 'la demande d’avis'} ${subject}`,
    /** Who or what a request is for, as a complement: "de Marie Dupont, commande #1001", "de la commande #1001", "du 14 oct. 2025, 09:00". */
    subject: ({ who, order, date }: { who: string | null; order: string | null; date: string }) => {
      if (who) return order ? `${elide('de', who)}, commande ${order}` : elide('de', who);
      return order ? `de la commande ${order}` : `du ${date}`;
    },
  },

  confirmCancel: {
    title: 'Annuler la demande d’avis\u202f?',
    body: (subject: string) =>
      `La demande d’avis ${subject} sera supprimée et ne sera pas envoyée\u202f; aucune autre ne sera programmée pour cette commande. Cette action est définitive.`,
    confirm: 'Annuler la demande',
    confirming: 'Annulation…',
    keep: 'Conserver',
    /** The same, for a reminder: the first e-mail already went; only the follow-up is withdrawn. */
    reminderTitle: 'Annuler la relance\u202f?',
    reminderBody: (subject: string) =>
      `La relance ${subject} sera supprimée et ne sera pas envoyée\u202f; aucune autre demande ne sera programmée pour cette commande. Cette action est définitive.`,
  },

  confirmResend: {
    title: 'Renvoyer la demande d’avis\u202f?',
    body: (subject: string) =>
      `La demande d’avis ${subject} est peut-être déjà arrivée\u202f: la renvoyer peut faire recevoir deux e-mails au client. Elle ne sera comptée qu’une fois dans votre quota.`,
    confirm: 'Renvoyer maintenant',
    confirming: 'Envoi…',
    keep: 'Ne pas renvoyer',
  },

  /** docs/product/errors.md 'Calendar'. */
  notices: {
    sessionExpired: 'Session expirée',
    sessionExpiredLink: 'Se reconnecter',
    sent: 'Email envoyé avec succès\u202f!',
    quotaExceeded: (plan: string, quota: string, used: string) =>
      `Quota dépassé\u202f! Votre plan ${plan} permet ${quota} emails/mois. Vous en avez utilisé ${used}. Veuillez passer à un plan supérieur.`,
    sendFailed: 'L’envoi de l’email a échoué. Vérifiez la configuration de votre email.',
    nothingProcessed: 'Aucune demande n’a pu être traitée. Vérifiez que la demande existe toujours et qu’elle est au statut «\u202fProgrammé\u202f».',
    httpError: (status: number, body: string) => `Erreur HTTP ${status}\u202f: ${body}`,
    cancelled: 'Demande d’avis annulée',
    cancelFailed: 'Erreur lors de la suppression',
    imported: (synced: number, scheduled: number) =>
      `${count(synced, 'commande importée', 'commandes importées')} et ${count(scheduled, 'demande d’avis programmée', 'demandes d’avis programmées')}\u202f!`,
  },

  /** Plan names in the quota message (docs/product/limits.md name mapping). */
  planNames: {
    starter: 'Starter',
    pro: 'Pro',
    enterprise: 'Entreprise',
  } as Record<string, string>,

  noStore: {
    heading: 'Aucune boutique Shopify active trouvée',
    body: 'Connectez votre boutique Shopify pour programmer l’envoi de vos demandes d’avis.',
    link: 'Connecter ma boutique',
  },

  empty: {
    heading: 'Aucune campagne pour le moment',
    body: 'Aucune demande d’avis n’est encore programmée. Importez l’historique de vos commandes récentes, ou attendez vos prochaines commandes\u202f: les demandes d’avis apparaîtront ici.',
  },

  pagination: {
    label: 'Pagination des demandes',
    previous: 'Page précédente',
    next: 'Page suivante',
    page: (n: number) => `Page ${num(n)}`,
    /** The compact control of a narrow screen: « Page 3 sur 12 ». */
    position: (page: number, total: number) => `Page ${num(page)} sur ${num(total)}`,
    more: 'Pages masquées',
  },

  diagnostic: {
    heading: 'Diagnostic de la connexion',
    intro: 'Vérifiez que votre boutique Shopify transmet bien ses commandes.',
    run: 'Relancer',
    running: 'Diagnostic en cours…',
    loadError: 'Le diagnostic n’a pas pu être effectué.',
    retry: 'Réessayer',
    noStore: 'Aucune boutique Shopify connectée.',
    fullPage: 'Ouvrir le diagnostic complet',
    allGood: 'Tout fonctionne\u202f: les 7 vérifications sont réussies.',
    issues: (problems: number) => `${num(problems)} ${plural(problems, 'point demande', 'points demandent')} votre attention.`,
  },

  /** docs/product/statuses.md 'History import dialog', docs/product/validation.md 'Import', docs/product/limits.md. */
  importDialog: {
    title: 'Importer l’historique',
    description: 'Importez les commandes payées de ces 60 derniers jours et programmez une demande d’avis pour chacune.',
    counting: 'Comptage des commandes payées…',
    countFailed: 'Erreur lors du comptage',
    count: (n: number) => (n === 0 ? 'Aucune commande payée ces 60 derniers jours.' : `${num(n)} ${plural(n, 'commande payée', 'commandes payées')} ces 60 derniers jours.`),
    choiceLegend: 'Quand envoyer les demandes\u202f?',
    immediate: 'Envoyer maintenant',
    immediateHint: 'Les demandes d’avis partent dès le prochain envoi.',
    deferred: 'Étaler l’envoi',
    deferredHint: 'Choisissez sur combien de jours, quels jours et à quelle heure.',
    spreadLabel: 'Étaler l’envoi sur',
    days: (n: number) => `${num(n)} ${plural(n, 'jour', 'jours')}`,
    sendDaysLabel: 'Jours d’envoi',
    sendDaysHint: 'Au moins un jour doit rester sélectionné.',
    /** Monday first; values are Date.getUTCDay() numbers (0 = Sunday). */
    weekdays: [
      { day: 1, short: 'Lun', name: 'Lundi' },
      { day: 2, short: 'Mar', name: 'Mardi' },
      { day: 3, short: 'Mer', name: 'Mercredi' },
      { day: 4, short: 'Jeu', name: 'Jeudi' },
      { day: 5, short: 'Ven', name: 'Vendredi' },
      { day: 6, short: 'Sam', name: 'Samedi' },
      { day: 0, short: 'Dim', name: 'Dimanche' },
    ],
    hourLabel: 'Heure d’envoi (UTC)',
    hour: (h: number) => `${String(h).padStart(2, '0')}:00 UTC`,
    back: 'Retour',
    start: 'Démarrer l’importation',
    importing: 'Importation en cours…',
    failed: 'Erreur lors de l’importation',
    close: 'Fermer',
  },

  /** The 'Partager le lien d'avis' modal (docs/product/screens.md and docs/product/errors.md). */
  shareLink: {
    title: 'Partager le lien d’avis',
    description: 'Envoyez ce lien à un client, par message ou sur vos réseaux\u202f: il pourra laisser son avis directement.',
    generating: 'Génération du lien…',
    failed: 'Erreur lors de la génération du lien',
    retry: 'Réessayer',
    linkLabel: 'Lien d’avis',
    copy: 'Copier',
    copied: 'Copié',
    copiedAnnouncement: 'Lien copié dans le presse-papiers',
    copyFailed: 'Copie impossible\u202f: sélectionnez le lien et copiez-le vous-même.',
    tip: 'Astuce\u202f: personnalisez la page que verront vos clients dans',
    tipLink: 'Branding & Pages',
    close: 'Fermer',
    reused: 'Ce lien reste le même à chaque ouverture\u202f: plusieurs clients peuvent l’utiliser.',
    /** What a shared link's reviews are (decision 044): not verified purchases, and limited per link. */
    unverified: `Les avis laissés par ce lien ne sont rattachés à aucune commande\u202f: ils ne portent pas la mention «\u202fAchat vérifié\u202f» et ne sont affichés sur votre boutique que si vous l’activez dans «\u202fAvis sur la boutique\u202f». Un lien accepte au plus ${SHARED_LINK_LIMITS.perHour} avis par heure et ${SHARED_LINK_LIMITS.perDay} par jour\u202f; générez-en un nouveau s’il circule trop.`,
    renew: 'Générer un nouveau lien',
    renewWarning: 'L’ancien lien ne permettra plus de laisser un avis. Continuer\u202f?',
    renewConfirm: 'Oui, générer un nouveau lien',
    renewCancel: 'Garder ce lien',
    renewed: 'Nouveau lien généré\u202f: l’ancien ne fonctionne plus.',
  },

  /**
   * The send planner (issue 16): the scheduled sends until the billing period ends, against the
   * quota and the daily limit. Requests that do not fit wait, visibly: they are never dropped.
   */
  planner: {
    heading: 'Prévisions d’envoi',
    intro: 'Jour par jour jusqu’à la fin de votre période de facturation, selon votre quota et votre limite quotidienne.',
    loading: 'Calcul des prévisions…',
    loadError: 'Impossible de calculer les prévisions d’envoi.',
    /** "1 240 envois prévus d'ici le 23 décembre" */
    planned: (n: number, end: string) => `${num(n)} ${plural(n, 'envoi prévu', 'envois prévus')} d’ici le ${end}`,
    nothing: (end: string) => `Aucun envoi programmé d’ici le ${end}.`,
    waitingQuota: (n: number, end: string, fit: number, waiting: number) =>
      `${schedule.planner.planned(n, end)}\u202f; votre quota en permet ${num(fit)}\u202f: ${num(waiting)} ${plural(waiting, 'demande attendra', 'demandes attendront')} la prochaine période d’envoi ou un plan supérieur.`,
    waitingDailyLimit: (n: number, end: string, fit: number, waiting: number, limit: number) =>
      `${schedule.planner.planned(n, end)}\u202f; votre limite de ${num(limit)} ${plural(limit, 'e-mail', 'e-mails')} par jour en permet ${num(fit)}\u202f: ${num(waiting)} ${plural(waiting, 'demande partira', 'demandes partiront')} après cette date.`,
    paused: (waiting: number) =>
      `Votre abonnement n’est pas actif\u202f: aucun e-mail ne part. ${num(waiting)} ${plural(waiting, 'demande attend', 'demandes attendent')} un abonnement actif.`,
    allFit: (n: number, end: string) => `${schedule.planner.planned(n, end)}\u202f: tous partiront avant la fin de votre période.`,
    delayed: (limit: number) => `Votre limite de ${num(limit)} ${plural(limit, 'e-mail', 'e-mails')} par jour en décalera certains au lendemain ou plus tard.`,
    firstWaiting: (when: string) => `La première demande concernée est programmée le ${when}\u202f; toutes les suivantes attendront aussi.`,
    neverDropped: 'Aucune demande n’est perdue\u202f: elles restent programmées et partent automatiquement dès que votre quota le permet.',
    changePlan: 'Changer de plan',
    changeLimit: 'Modifier la limite quotidienne',
    quota: (remaining: number, quota: number) => `Quota restant\u202f: ${num(remaining)} sur ${num(quota)}`,
    unlimited: 'Plan illimité\u202f: seule la limite quotidienne s’applique',
    dailyLimit: (limit: number, sentToday: number) => `Limite quotidienne\u202f: ${num(limit)} (${num(sentToday)} ${plural(sentToday, 'envoyé', 'envoyés')} aujourd’hui)`,
    chartLabel: (end: string, sent: number, waiting: number) =>
      `Envois prévus par jour jusqu’au ${end}\u202f: ${num(sent)} ${plural(sent, 'envoi prévu', 'envois prévus')}${waiting > 0 ? `, ${num(waiting)} en attente à la fin de la période` : ''}.`,
    /** Forecasts, not facts: nothing in the planner has left yet (today's real sends are in « Limite quotidienne »). */
    legend: { sent: 'Envois prévus', carried: 'En attente' },
    day: (date: string, sent: number, carried: number) =>
      `${date}\u202f: ${num(sent)} ${plural(sent, 'envoi prévu', 'envois prévus')}, ${num(carried)} ${plural(carried, 'reporté', 'reportés')}`,
    tableCaption: 'Envois prévus par jour jusqu’à la fin de la période',
    columns: { date: 'Jour', due: 'Programmés', capacity: 'Possibles', sent: 'Envois prévus', carried: 'Reportés' },
    /** The calendar's mark on a request that will not fit before the period ends. */
    badge: 'En attente de quota',
    badgeHint: 'Le quota de la période sera atteint avant son tour\u202f: elle reste programmée et partira à la prochaine période d’envoi, ou plus tôt avec un plan supérieur.',
  },
};
