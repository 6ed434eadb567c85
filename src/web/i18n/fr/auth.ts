/** Shared by the sign-in, sign-up, password-reset and account screens, and the /app session gate. */
export const auth = {
  validation: {
    emailRequired: "L'adresse email est requise",
    emailInvalid: 'Adresse email invalide',
    passwordRequired: 'Le mot de passe est requis',
    passwordMin: 'Le mot de passe doit contenir au moins 6 caractères',
    passwordMax: 'Le mot de passe ne peut pas dépasser 128 caractères',
    passwordMismatch: 'Les mots de passe ne correspondent pas',
    confirmRequired: 'Veuillez confirmer le mot de passe',
    nameRequired: 'Le nom complet est requis',
    nameMax: 'Le nom ne peut pas dépasser 100 caractères',
    /** Onboarding from Shopify (spec section 5). */
    companyRequired: "Le nom de l'entreprise est requis",
    companyMax: "Le nom de l'entreprise ne peut pas dépasser 100 caractères",
    passwordMinOnboarding: 'Le mot de passe doit contenir au moins 8 caractères',
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
