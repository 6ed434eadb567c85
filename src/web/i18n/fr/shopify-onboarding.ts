/** /shopify/onboarding (docs/product/screens.md, docs/product/statuses.md 'Installation token', docs/product/validation.md and docs/product/errors.md 'Onboarding/session'). Field labels: auth.fields. */
import { elide } from '#core/french';

export const shopifyOnboarding = {
  title: 'Finalisation de l’installation',
  checking: 'Vérification en cours...',
  welcome: (shop: string) => `Finalisons l’installation pour ${shop}`,
  intro: 'Créez votre compte ou connectez-vous pour activer votre abonnement.',
  selectedPlan: 'Plan sélectionné',
  changePlan: 'Changer de plan',
  modesLabel: 'Compte',
  modes: {
    signup: 'Créer un compte',
    signin: 'Se connecter',
  },
  submit: {
    signup: 'Créer mon compte et activer l’abonnement',
    signin: 'Se connecter et activer l’abonnement',
  },
  submitting: 'Activation en cours...',
  signedInAs: (email: string) => `Vous êtes connecté en tant ${elide('que', email)}.`,
  continueAs: (email: string) => `Continuer avec ${email}`,
  /** The one-store refusal: continuing with the same account would only be refused again. */
  oneStore: {
    body: 'Ce compte a déjà une boutique connectée. Déconnectez-la depuis Intégrations, puis revenez sur ce lien, ou utilisez un autre compte.',
    manage: 'Gérer la boutique connectée',
  },
  useOtherAccount: 'Utiliser un autre compte',
  signingOut: 'Déconnexion...',
  alreadyRegistered: 'Cette adresse email est déjà enregistrée. Veuillez vous connecter avec le bouton "Se connecter" ci-dessus.',
  signupFailed: 'Échec de la création du compte',
  sessionAfterSignin: 'Session non établie après connexion',
  sessionAfterSignup: 'Session non établie après création du compte',
  billingNote: 'Vous validerez ensuite l’abonnement sur Shopify\u202f: facturation mensuelle via Shopify, sans engagement.',
};
