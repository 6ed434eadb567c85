/** /signup (docs/product/screens.md). Field labels: auth.fields. */
export const signup = {
  title: 'Créer un compte',
  subtitle: 'Collectez plus d’avis clients et boostez vos ventes.',
  submit: 'Créer mon compte',
  submitting: 'Création du compte...',
  haveAccount: 'Déjà un compte\u202f?',
  loginLink: 'Se connecter',
  /** After « Un compte existe déjà »: an account opened from the Shopify admin has no password yet (decision 053). */
  existingAccount:
    'Si vous avez ouvert l’application depuis votre administration Shopify, votre compte existe déjà sans mot de passe\u202f: choisissez-le par le lien que nous vous envoyons.',
  existingAccountLink: 'Choisir mon mot de passe',
};
