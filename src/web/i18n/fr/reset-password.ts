import { ACCOUNT_LIMITS as L } from '#core/account-limits';

/** /reset-password?token=… : target of the password-reset e-mail. */
export const resetPassword = {
  title: 'Réinitialiser le mot de passe',
  subtitle: 'Choisissez un nouveau mot de passe pour votre compte.',
  newPassword: 'Nouveau mot de passe',
  newPasswordHint: `Minimum ${L.passwordMin} caractères`,
  confirmPassword: 'Confirmer le mot de passe',
  submit: 'Réinitialiser le mot de passe',
  submitting: 'Réinitialisation...',
  success: 'Mot de passe modifié avec succès',
  successBody: 'Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.',
  signIn: 'Se connecter',
  missingToken: 'Ce lien de réinitialisation est incomplet\u202f: le jeton est manquant. Demandez un nouveau lien pour réinitialiser votre mot de passe.',
  requestNewLink: 'Demander un nouveau lien',
  backToLogin: 'Retour à la connexion',
};
