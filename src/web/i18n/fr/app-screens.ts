/** Titles and subtitles of the /app screens (shown in the layout header). Built screens (integrations, schedule…) have their own catalogue. */
export const appScreens = {
  dashboard: {
    title: 'Tableau de bord',
    subtitle: 'Suivez vos demandes d’avis et vos résultats.',
  },
  feedback: {
    title: 'Avis clients',
    subtitle: 'Consultez et partagez les avis laissés par vos clients.',
  },
  upsell: {
    title: 'Configuration upsell',
    subtitle: 'Proposez la bonne offre au bon moment.',
    badge: 'Bientôt disponible',
    heading: 'Les offres upsell arrivent bientôt',
    body: 'Vous pourrez bientôt proposer une offre personnalisée à vos clients sur la page de remerciement, une fois leur avis envoyé.',
    // Never tied to the rating nor a reward for the review (docs/product/stances.md: FTC 16 CFR 465).
    points: [
      'Une offre sur la page de remerciement, pour chaque client, quelle que soit sa note',
      'Des produits complémentaires choisis selon la commande',
      'Le suivi des conversions dans vos analyses',
    ],
    cta: 'Configurer mes demandes d’avis en attendant',
  },
  branding: {
    title: 'Branding & Pages',
    subtitle: 'Personnalisez l’apparence de vos pages d’avis.',
  },
  subscriptionPlans: {
    title: 'Plans d’abonnement',
    subtitle: 'Choisissez le plan adapté à votre boutique.',
  },
};
