/** /login: sign-in and forgot-password modes (docs/product/screens.md, docs/product/statuses.md, docs/product/errors.md). Field labels: auth.fields. */
export const login = {
  title: 'Connexion',
  subtitle: 'Connectez-vous à votre compte.',
  submit: 'Se connecter',
  submitting: 'Connexion...',
  forgotLink: 'Mot de passe oublié\u202f?',
  noAccount: 'Pas encore de compte\u202f?',
  signupLink: 'S’inscrire',
  forgot: {
    title: 'Mot de passe oublié',
    subtitle: 'Saisissez votre adresse e-mail\u202f: nous vous enverrons un lien pour choisir un nouveau mot de passe.',
    submit: 'Envoyer le lien',
    submitting: 'Envoi...',
    back: 'Retour à la connexion',
    success: 'Un email de réinitialisation a été envoyé à votre adresse. Vérifiez votre boîte de réception.',
  },
};
