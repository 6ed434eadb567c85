/** /app/dashboard (spec sections 2, 4, 9). */
import type { DashboardPeriod } from '../../../core/api/dashboard';

const num = (n: number) => n.toLocaleString('fr-FR');
/** French plural: 0 and 1 take the singular. */
const plural = (n: number, one: string, many: string) => (Math.abs(n) < 2 ? one : many);

export const dashboard = {
  periodLabel: 'Période',
  periods: { '7days': '7 jours', '30days': '30 jours', '90days': '90 jours', all: 'Tout' } satisfies Record<DashboardPeriod, string>,
  loadError: 'Impossible de charger le tableau de bord.',
  activated: 'Votre boutique est connectée et votre abonnement est activé.',
  counters: {
    label: 'Chiffres clés',
    invitations: 'Invitations envoyées',
    reviews: 'Avis reçus',
    average: 'Note moyenne',
    averageValue: (value: number) => `${value.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} / 5`,
    noAverage: '—',
  },
  distribution: {
    title: 'Répartition des notes',
    empty: 'Aucun avis pour cette période.',
    chartLabel: (parts: string) => `Répartition des notes : ${parts}`,
    stars: (rating: number) => `${rating} ${plural(rating, 'étoile', 'étoiles')}`,
    count: (n: number) => `${num(n)} ${plural(n, 'avis', 'avis')}`,
  },
  recent: {
    title: 'Derniers avis',
    empty: 'Aucun avis pour cette période. Les avis de vos clients apparaîtront ici.',
    stars: (rating: number) => `${rating} ${plural(rating, 'étoile', 'étoiles')} sur 5`,
    anonymous: 'Client anonyme',
    order: (number: string) => `Commande ${number}`,
    published: 'Publié',
    unpublished: 'Non publié',
    allLink: 'Voir tous les avis',
  },
  unconfirmed: {
    title: (n: number) => `${num(n)} ${plural(n, 'envoi non confirmé', 'envois non confirmés')}`,
    hint: "La transmission a été interrompue pendant l'envoi : l'e-mail est peut-être arrivé, peut-être pas. Il n'a pas été renvoyé automatiquement, pour éviter un doublon. Renvoyez-le si besoin (compté une seule fois dans votre quota).",
    listLabel: 'Envois non confirmés',
    unknownCustomer: 'Client inconnu',
    sentAt: 'Envoyé le',
    resend: 'Renvoyer',
    resendFor: (who: string) => `Renvoyer la demande d'avis à ${who}`,
    resent: 'Demande renvoyée.',
    resendFailed: "Le renvoi n'a pas abouti.",
    more: 'Voir tous les envois dans le calendrier',
  },
};
