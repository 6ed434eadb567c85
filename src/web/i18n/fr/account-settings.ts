import { ACCOUNT_LIMITS as L } from '../../../core/account';

/** /app/account-settings: profile, password and subscription tabs. */
export const accountSettings = {
  title: 'Paramètres du compte',
  subtitle: 'Profil, mot de passe et abonnement.',
  tabsLabel: 'Sections du compte',
  tabs: {
    profile: 'Informations personnelles',
    password: 'Mot de passe',
    subscription: 'Abonnement',
  },
  profile: {
    heading: 'Informations personnelles',
    description: "Votre nom et l'adresse email utilisée pour vous connecter.",
    name: 'Nom complet',
    email: 'Adresse email',
    submit: 'Enregistrer',
    submitting: 'Enregistrement...',
    success: 'Profil mis à jour avec succès',
  },
  password: {
    heading: 'Mot de passe',
    description: `Choisissez un mot de passe d'au moins ${L.passwordMin} caractères.`,
    warning: 'Après la modification, vous serez déconnecté de tous vos appareils et devrez vous reconnecter avec votre nouveau mot de passe.',
    current: 'Mot de passe actuel',
    next: 'Nouveau mot de passe',
    nextHint: `Minimum ${L.passwordMin} caractères`,
    confirm: 'Confirmer le nouveau mot de passe',
    submit: 'Modifier le mot de passe',
    submitting: 'Modification...',
    success: 'Mot de passe modifié avec succès',
  },
  subscription: {
    heading: 'Abonnement',
    description: 'Le plan de votre boutique Shopify.',
    status: 'Statut',
    active: 'Actif',
    none: 'Aucun abonnement actif',
    noneBody: "Choisissez un plan pour envoyer vos demandes d'avis.",
    store: 'Boutique',
    noStore: 'Aucune boutique connectée',
    choosePlan: 'Choisir un plan',
    changePlan: 'Changer de plan',
    loading: 'Chargement de votre abonnement…',
  },
};
