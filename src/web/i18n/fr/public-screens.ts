/**
 * Public screens that are still placeholders (titles come from the spec where it gives them).
 * Built screens have their own catalogue (login, signup, resetPassword, unsubscribe, the shopify* install screens).
 */
export const publicScreens = {
  subscription: { title: 'Choisissez votre plan' },
};
