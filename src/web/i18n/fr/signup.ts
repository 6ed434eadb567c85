/** /signup (docs/product/screens.md). Field labels: auth.fields. */
export const signup = {
  title: 'Créer un compte',
  subtitle: 'Collectez plus d’avis clients et boostez vos ventes.',
  submit: 'Créer mon compte',
  submitting: 'Création du compte...',
  haveAccount: 'Déjà un compte\u202f?',
  loginLink: 'Se connecter',
};
