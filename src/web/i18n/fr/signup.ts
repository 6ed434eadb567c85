/** /signup (spec section 2). */
export const signup = {
  title: 'Créer un compte',
  subtitle: "Collectez plus d'avis clients et boostez vos ventes.",
  name: 'Nom complet',
  namePlaceholder: 'Marie Dupont',
  email: 'Adresse email',
  emailPlaceholder: 'vous@exemple.fr',
  password: 'Mot de passe',
  passwordHint: 'Minimum 6 caractères',
  submit: 'Créer mon compte',
  submitting: 'Création du compte...',
  haveAccount: 'Déjà un compte ?',
  loginLink: 'Se connecter',
};
