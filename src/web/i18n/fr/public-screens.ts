/** Public screens that are still placeholders (titles come from the spec where it gives them). */
export const publicScreens = {
  login: { title: 'Connexion', subtitle: 'Connectez-vous à votre compte.' },
  signup: {
    title: 'Créer un compte',
    subtitle: "Collectez plus d'avis clients et boostez vos ventes.",
  },
  resetPassword: { title: 'Réinitialiser le mot de passe' },
  review: { title: 'Votre avis' },
  unsubscribe: { title: 'Désinscription' },
  subscription: { title: 'Choisissez votre plan' },
  shopifyEntry: { title: 'Connexion à Shopify' },
  shopifyInstall: { title: 'Installation' },
  shopifyPlanSelection: { title: 'Choisissez votre plan' },
  shopifyOnboarding: { title: "Finalisation de l'installation" },
  shopifyTestOnboarding: { title: "Test de l'installation Shopify" },
};
