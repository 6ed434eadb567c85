/**
 * Public screens that are still placeholders (titles come from the spec where it gives them).
 * Built screens have their own catalogue (login, signup, resetPassword).
 */
export const publicScreens = {
  review: { title: 'Votre avis' },
  unsubscribe: { title: 'Désinscription' },
  subscription: { title: 'Choisissez votre plan' },
  shopifyEntry: { title: 'Connexion à Shopify' },
  shopifyInstall: { title: 'Installation' },
  shopifyPlanSelection: { title: 'Choisissez votre plan' },
  shopifyOnboarding: { title: "Finalisation de l'installation" },
  shopifyTestOnboarding: { title: "Test de l'installation Shopify" },
};
