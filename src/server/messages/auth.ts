/**
 * French messages of this area's error codes, and the password-reset e-mail. The refusals of a
 * single field (e-mail, name, password length) are worded in the contract's schemas
 * (API_ACCOUNT_WORDING in src/core/api/auth.ts).
 */
import type { AUTH_ERRORS } from '#core/api/auth';
import type { MessagesOf } from './types';

export const authErrorMessages: MessagesOf<typeof AUTH_ERRORS> = {
  user_already_exists: 'Un compte existe déjà avec cette adresse email.',
  failed_to_create_user: 'Échec de la création du compte',
  invalid_email_or_password: 'E-mail ou mot de passe incorrect.',
  invalid_password: 'Mot de passe actuel incorrect.',
  password_too_common: 'Ce mot de passe fait partie des plus courants et serait facile à deviner. Choisissez-en un autre.',
  invalid_token: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  user_not_found: 'Utilisateur introuvable.',
  session_expired: 'Session expirée. Veuillez vous reconnecter.',
  email_cannot_be_updated: 'L’adresse e-mail ne peut pas être modifiée.',
  email_is_the_same: 'La nouvelle adresse e-mail est identique à l’actuelle.',
  missing_origin: 'Requête refusée\u202f: origine manquante.',
  auth_failed: 'Une erreur est survenue',
};

export const resetEmail = {
  subject: 'Réinitialisation de votre mot de passe',
  greeting: (name: string) => `Bonjour ${name},`,
  intro: 'Vous avez demandé à réinitialiser le mot de passe de votre compte Avis Clients.',
  button: 'Choisir un nouveau mot de passe',
  expiry: 'Ce lien est valable une heure et ne peut servir qu’une fois.',
  ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u202f: votre mot de passe reste inchangé.',
} as const;

/** The link that confirms a new account address, sent to that address (decision 022). */
export const emailChangeConfirmation = {
  subject: 'Confirmez votre nouvelle adresse e-mail',
  greeting: (name: string) => `Bonjour ${name},`,
  intro: 'Vous avez demandé à utiliser cette adresse pour votre compte Avis Clients.',
  until: 'Votre compte garde son adresse actuelle tant que vous n’avez pas confirmé celle-ci.',
  button: 'Confirmer ma nouvelle adresse',
  expiry: 'Ce lien est valable 24 heures et ne sert qu’une fois\u202f; une nouvelle demande de changement l’annule.',
  ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u202f: rien ne change.',
} as const;

/** The notice sent to the account's current address when a change is requested. */
export const emailChangeNotice = {
  subject: 'Demande de changement de l’adresse e-mail de votre compte',
  greeting: (name: string) => `Bonjour ${name},`,
  intro: (newEmail: string) => `Une demande de changement de l’adresse e-mail de votre compte Avis Clients vers ${newEmail} vient d’être faite.`,
  until: 'Rien ne change tant que le lien envoyé à la nouvelle adresse n’a pas été suivi\u202f: votre compte garde cette adresse-ci.',
  notYou:
    'Si vous n’êtes pas à l’origine de cette demande, quelqu’un a accès à votre compte\u202f: connectez-vous et changez votre mot de passe (toutes les autres sessions seront fermées et la demande annulée), ou utilisez «\u202fMot de passe oublié\u202f» si vous ne pouvez plus vous connecter. Ne suivez aucun lien de confirmation que vous n’avez pas demandé.',
  button: 'Ouvrir mon compte',
} as const;
