/** /app/dashboard (docs/product/screens.md, docs/product/statuses.md, docs/product/limits.md). */
import type { DashboardPeriod } from '#core/api/dashboard';

import { count, formatNumber as num, formatPercent as percent, plural } from '#core/french-format';

const rating = (value: number) => num(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const dashboard = {
  periodLabel: 'Période',
  periods: { '7days': '7 jours', '30days': '30 jours', '90days': '90 jours', all: 'Tout' } satisfies Record<DashboardPeriod, string>,
  loadError: 'Impossible de charger le tableau de bord.',
  activated: 'Votre boutique est connectée et votre abonnement est activé.',
  /** After Shopify's approval of another plan: no install, a change (decision 021: the period's usage stays). */
  planChanged: (plan: string) =>
    `Changement de plan approuvé sur Shopify\u202f: vous êtes désormais sur le plan ${plan}. Les e-mails déjà envoyés pendant la période d’envoi en cours restent comptés.`,
  planChangedUnnamed: 'Changement de plan approuvé sur Shopify. Les e-mails déjà envoyés pendant la période d’envoi en cours restent comptés.',
  counters: {
    label: 'Chiffres clés',
    invitations: 'Invitations envoyées',
    reviews: 'Avis reçus',
    average: 'Note moyenne',
    averageValue: (value: number) => `${rating(value)} / 5`,
    noAverage: '—',
    /** Reviews of the period with at least one photo (decision 058), and their share of the period's reviews. */
    withPhotos: 'Avis avec photos',
    withPhotosShare: (share: number) => `${percent(share)} des avis reçus`,
  },
  distribution: {
    title: 'Répartition des notes',
    empty: 'Aucun avis pour cette période.',
    chartLabel: (parts: string) => `Répartition des notes\u202f: ${parts}`,
    stars: (rating: number) => `${rating} ${plural(rating, 'étoile', 'étoiles')}`,
    count: (n: number) => count(n, 'avis', 'avis'),
  },
  recent: {
    title: 'Derniers avis',
    empty: 'Aucun avis pour cette période. Les avis de vos clients apparaîtront ici.',
    stars: (rating: number) => `${rating} ${plural(rating, 'étoile', 'étoiles')} sur 5`,
    anonymous: 'Client anonyme',
    order: (number: string) => `Commande ${number}`,
    allLink: 'Voir tous les avis',
  },
  unconfirmed: {
    title: (n: number) => count(n, 'envoi non confirmé', 'envois non confirmés'),
    hint: 'La transmission a été interrompue pendant l’envoi\u202f: l’e-mail est peut-être arrivé, peut-être pas. Il n’a pas été renvoyé automatiquement, pour éviter un doublon. Renvoyez-le si besoin (compté une seule fois dans votre quota).',
    listLabel: 'Envois non confirmés',
    unknownCustomer: 'Client inconnu',
    sentAt: 'Envoyé le',
    resend: 'Renvoyer',
    resendFor: (who: string) => `Renvoyer la demande d’avis à ${who}`,
    resent: 'Demande renvoyée.',
    resendFailed: 'Le renvoi n’a pas abouti.',
    more: 'Voir tous les envois dans le calendrier',
  },
  funnel: {
    title: 'Parcours des invitations',
    intro: 'Ce que sont devenus les e-mails envoyés sur la période.',
    empty: 'Aucune invitation envoyée sur cette période.',
    steps: { sent: 'Envoyées', opened: 'Ouvertes (estimation)', visited: 'Page d’avis visitée', reviewed: 'Avis laissés' },
    share: (share: number) => `${percent(share)} des envois`,
    responseRate: (share: number) => `Taux de réponse\u202f: ${percent(share)}`,
    opensNote:
      'Les ouvertures sont une estimation\u202f: certaines messageries bloquent les images, d’autres (comme Apple Mail) les chargent sans que l’e-mail soit lu. Une visite de la page d’avis prouve l’ouverture.',
    sentNote: '«\u202fEnvoyé\u202f» signifie accepté par le serveur d’envoi\u202f: la remise dans la boîte de réception n’est pas garantie.',
  },
  timeline: {
    title: 'Avis reçus dans le temps',
    empty: 'Aucun avis pour cette période.',
    per: { day: 'par jour', week: 'par semaine', month: 'par mois' } as const,
    /** The top of the chart's scale. */
    scale: (n: number) => `${num(n)} avis`,
    chartLabel: (per: string, total: number) => `Avis reçus ${per}\u202f: ${num(total)} au total, détail dans le tableau qui suit`,
    tableCaption: (per: string) => `Avis reçus ${per}`,
    columns: { start: 'Période', reviews: 'Avis', average: 'Note moyenne' },
    weekOf: (date: string) => `Semaine du ${date}`,
    point: (label: string, n: number, average: number | null) => `${label}\u202f: ${num(n)} avis${average === null ? '' : `, note moyenne ${rating(average)}`}`,
  },
  representativeness: {
    title: 'Qui laisse un avis public\u202f?',
    intro: 'Les notes de toutes les réponses reçues ici, à côté de celles des clients invités sur votre site d’avis public et de ceux qui ont suivi le lien.',
    caption: 'Notes par étape',
    columns: { rating: 'Note', responses: 'Toutes les réponses', offered: 'Invités sur le site public', followed: 'Ont suivi le lien' },
    average: 'Note moyenne',
    cell: (n: number, share: number | null) => (share === null ? num(n) : `${num(n)} (${percent(share)})`),
    averageValue: (value: number | null) => (value === null ? '—' : `${rating(value)} / 5`),
    none: 'Aucune réponse sur cette période.',
    noSite: 'Aucun client n’a été invité sur un site d’avis public\u202f: ajoutez son adresse dans les actions conditionnelles.',
    nobodyFollowed: 'Aucun client n’a encore suivi le lien vers votre site d’avis public.',
    gated:
      'Seules certaines notes sont invitées sur votre site d’avis public. Google, Trustpilot et la FTC interdisent de ne solliciter que les clients satisfaits\u202f: proposez le même parcours à toutes les notes.',
    skewed: (followed: number, all: number) =>
      `Votre site d’avis public entend surtout des clients satisfaits\u202f: note moyenne ${rating(followed)} chez ceux qui ont suivi le lien, contre ${rating(all)} pour l’ensemble des réponses.`,
    alike: (followed: number, all: number) =>
      `Les clients qui suivent le lien ressemblent à l’ensemble\u202f: note moyenne ${rating(followed)}, contre ${rating(all)} pour toutes les réponses.`,
    settingsLink: 'Voir les actions conditionnelles',
  },
};
