/** French messages for authentication errors, keyed by better-auth's error codes and ours. */
export const authMessages = {
  USER_ALREADY_EXISTS: 'Un compte existe déjà avec cette adresse email.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'Un compte existe déjà avec cette adresse email.',
  INVALID_EMAIL_OR_PASSWORD: 'Email ou mot de passe incorrect.',
  INVALID_EMAIL: 'Adresse email invalide.',
  INVALID_PASSWORD: 'Mot de passe actuel incorrect.',
  PASSWORD_TOO_SHORT: 'Le mot de passe doit contenir au moins 6 caractères',
  PASSWORD_TOO_LONG: 'Le mot de passe ne doit pas dépasser 128 caractères.',
  PASSWORD_TOO_COMMON: 'Ce mot de passe fait partie des plus courants et serait facile à deviner. Choisissez-en un autre.',
  INVALID_TOKEN: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  SESSION_EXPIRED: 'Session expirée. Veuillez vous reconnecter.',
  UNAUTHORIZED: 'Session expirée. Veuillez vous reconnecter.',
  EMAIL_CAN_NOT_BE_UPDATED: "L'adresse email ne peut pas être modifiée.",
  EMAIL_IS_THE_SAME: 'La nouvelle adresse email est identique à l’actuelle.',
  FAILED_TO_CREATE_USER: 'Échec de la création du compte',
  USER_NOT_FOUND: 'Utilisateur introuvable.',
  INVALID_ORIGIN: 'Requête refusée : origine non autorisée.',
  MISSING_OR_NULL_ORIGIN: 'Requête refusée : origine manquante.',
  VALIDATION_ERROR: 'Les données envoyées sont invalides.',
  NAME_INVALID: 'Veuillez saisir un nom.',
  NAME_TOO_LONG: 'Le nom ne peut pas dépasser 100 caractères',
  TOO_MANY_REQUESTS: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  DEFAULT: 'Une erreur est survenue',
  NOT_SIGNED_IN: 'Vous devez être connecté pour effectuer cette action.',
} as const;

export type AuthMessageCode = keyof typeof authMessages;

export function authMessage(code: string | undefined): string {
  return (code && (authMessages as Record<string, string>)[code]) || authMessages.DEFAULT;
}

export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Trop de tentatives. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? 's' : ''}.`;
}

export const resetEmail = {
  subject: 'Réinitialisation de votre mot de passe',
  greeting: (name: string) => `Bonjour ${name},`,
  intro: 'Vous avez demandé à réinitialiser le mot de passe de votre compte Avis Clients.',
  button: 'Choisir un nouveau mot de passe',
  expiry: 'Ce lien est valable une heure et ne peut servir qu’une fois.',
  ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
} as const;
