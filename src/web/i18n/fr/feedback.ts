/** /app/feedback, the reviews list (docs/product/screens.md, docs/product/validation.md). */
import type { PublicLinkOutcome, ReviewFilter } from '#core/api/reviews';

export const feedback = {
  searchLabel: 'Rechercher un avis',
  searchPlaceholder: 'Nom, e-mail ou numéro de commande',
  filtersLabel: 'Filtrer les avis',
  filters: { all: 'Tous', '5': '5 étoiles', '4': '4 étoiles', '3': '3 étoiles', '2': '2 étoiles', '1': '1 étoile', comments: 'Avec commentaire' } satisfies Record<
    ReviewFilter,
    string
  >,
  listLabel: 'Avis',
  loading: 'Chargement des avis…',
  loadError: 'Impossible de charger les avis.',
  more: 'Afficher plus d’avis',
  loadingMore: 'Chargement…',
  emptyHeading: 'Aucun avis pour le moment',
  emptyBody: 'Les avis de vos clients apparaîtront ici dès leur première réponse. Partagez votre lien d’avis pour en recevoir sans attendre.',
  noMatchHeading: 'Aucun avis ne correspond',
  noMatchBody: 'Essayez un autre nom, une autre adresse ou un autre numéro de commande, ou un autre filtre.',
  stars: (rating: number) => `${rating} ${rating < 2 ? 'étoile' : 'étoiles'} sur 5`,
  anonymous: 'Client anonyme',
  order: (number: string) => `Commande ${number}`,
  /** What happened after the rating (the CSV export says the same in its columns). */
  publicLink: {
    none: null,
    offered: 'Lien vers votre page d’avis publique proposé, non suivi',
    followed: 'A suivi le lien vers votre page d’avis publique',
  } as Record<PublicLinkOutcome, string | null>,
  privateFeedback: 'Formulaire de commentaire privé affiché',
  share: 'Partager le lien d’avis',
  exportCsv: 'Exporter en CSV',
  /** While no store is connected: the reviews of the one the account last had (decision 045). */
  away: (shop: string) => `La boutique ${shop} n’est plus connectée\u202f: ses avis restent consultables et exportables ici.`,
  awayLink: 'Voir l’état de la boutique',
};
