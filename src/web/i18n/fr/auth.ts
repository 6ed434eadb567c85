import { ACCOUNT_LIMITS as L } from '#core/account-limits';

/** Shared by the sign-in, sign-up, password-reset and account screens, and the /app session gate. */
export const auth = {
  /** The fields of the sign-in and sign-up forms (components/auth), wherever they appear. */
  fields: {
    /** The spec's label of the sign-up form (decision 050). */
    email: 'Adresse email',
    emailPlaceholder: 'vous@exemple.fr',
    password: 'Mot de passe',
    showPassword: 'Afficher le mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    name: 'Nom complet',
    namePlaceholder: 'Marie Dupont',
    companyName: 'Nom de l’entreprise',
    companyPlaceholder: 'Maison Lumière',
    passwordHint: `Minimum ${L.passwordMin} caractères`,
    /** Onboarding from Shopify (docs/product/validation.md). */
    onboardingPasswordHint: `Minimum ${L.onboardingPasswordMin} caractères`,
  },
  validation: {
    emailRequired: 'L’adresse e-mail est requise',
    emailInvalid: 'Adresse e-mail invalide',
    passwordRequired: 'Le mot de passe est requis',
    passwordMin: `Le mot de passe doit contenir au moins ${L.passwordMin} caractères`,
    passwordMax: `Le mot de passe ne peut pas dépasser ${L.passwordMax} caractères`,
    passwordMismatch: 'Les mots de passe ne correspondent pas',
    confirmRequired: 'Veuillez confirmer le mot de passe',
    nameRequired: 'Le nom complet est requis',
    nameMax: `Le nom ne peut pas dépasser ${L.nameMax} caractères`,
    /** Onboarding from Shopify (docs/product/validation.md). */
    companyRequired: 'Le nom de l’entreprise est requis',
    companyMax: `Le nom de l’entreprise ne peut pas dépasser ${L.companyNameMax} caractères`,
    passwordMinOnboarding: `Le mot de passe doit contenir au moins ${L.onboardingPasswordMin} caractères`,
  },
  /** Shown on /login after a redirect from another screen (keys travel in the navigation state). */
  notices: {
    passwordChanged: 'Mot de passe modifié avec succès',
    sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  },
  gate: {
    checkingSession: 'Vérification de votre session…',
    checkingSubscription: 'Vérification de votre abonnement…',
    sessionError: 'Impossible de vérifier votre session. Vérifiez votre connexion puis réessayez.',
    retry: 'Réessayer',
  },
};
