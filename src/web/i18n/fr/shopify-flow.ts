/**
 * Shared by the install screens (/shopify/entry, install, plan-selection, onboarding): spec sections
 * 2 and 8 ('Onboarding/session', 'Install screen codes').
 */
export const shopifyFlow = {
  errorTitle: "Erreur d'installation",
  close: 'Fermer',
  closeBlocked:
    "Votre navigateur n'a pas fermé la fenêtre. Vous pouvez la fermer vous-même ou revenir à l'accueil.",
  backHome: "Retour à l'accueil",
  missingParams: "Paramètres d'installation manquants. Veuillez réinstaller l'application depuis Shopify.",
  genericError: "Une erreur s'est produite. Veuillez réessayer.",
  claimFailed: "Impossible de terminer l'installation. Veuillez réessayer.",
  noPlan: 'Aucun plan sélectionné. Veuillez choisir un plan.',
  choosePlan: 'Choisir un plan',
  checking: 'Vérification en cours...',
  redirecting: 'Redirection vers Shopify...',
  /**
   * Messages of the installation API that are in English (spec section 8): shown as they come, and
   * recognised to tell "this link is no longer usable" from other failures.
   */
  serverTokenErrors: [
    'Installation token not found',
    'This installation link has already been used. Please start a new installation.',
    'This installation link has expired. Please start a new installation from Shopify.',
    'Token not found or already used',
  ],
  /** The server's "one store per account" answer (spec section 8, 'Second store'). */
  storeAlreadyConnected:
    'Une boutique Shopify est déjà connectée à votre compte. Déconnectez-la avant d’en connecter une autre.',
};
