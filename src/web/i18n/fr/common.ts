/** Strings shared by several screens. */
export const brandName = 'Avis Clients';

export const common = {
  brandName,
  brandTagline: 'Avis clients pour Shopify',
  homeLinkLabel: `${brandName} — accueil`,
  skipToContent: 'Aller au contenu principal',
  loading: 'Chargement…',
  retry: 'Réessayer',
  reload: 'Recharger la page',
  backHome: 'Retour à l’accueil',
  errorFallback: 'Une erreur est survenue',
  networkError: 'Impossible de contacter le serveur. Vérifiez votre connexion.',
  documentTitle: (title: string) => `${title} · ${brandName}`,
  /** Plan cards (landing pricing and plan selection). */
  plans: {
    popular: 'POPULAIRE',
    perMonth: '/mois',
  },
  /** The foot of a settings form (SaveBar). */
  form: {
    save: 'Enregistrer',
    saving: 'Enregistrement…',
    unsaved: 'Modifications non enregistrées',
    discard: 'Annuler les modifications',
  },
  /** The shared image picker (a logo). */
  imageUpload: {
    busy: 'Envoi en cours…',
  },
  underConstruction: {
    heading: 'En construction',
    body: 'Cet écran arrive bientôt.',
  },
  routeError: {
    title: 'Une erreur est survenue',
    body: 'Cette page n’a pas pu s’afficher. Rechargez la page ou revenez à l’accueil.',
  },
  footer: {
    copyright: (year: number) => `© ${year} ${brandName}. Tous droits réservés.`,
    legalNavLabel: 'Liens légaux',
    privacy: 'Confidentialité',
    terms: 'Conditions',
    legalNotice: 'Mentions légales',
  },
};
