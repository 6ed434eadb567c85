/**
 * Public screens that are still placeholders (titles come from the spec where it gives them).
 * Built screens have their own catalogue (login, signup, resetPassword, the shopify* install screens).
 */
export const publicScreens = {
  review: { title: 'Votre avis' },
  unsubscribe: { title: 'Désinscription' },
  subscription: { title: 'Choisissez votre plan' },
};
