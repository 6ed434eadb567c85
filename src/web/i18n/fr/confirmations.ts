/**
 * Confirmations (decision 022): an alert address's state on the settings and rating-action screens,
 * the public page of its confirmation link (/confirm-recipient/:token), and the page of an account
 * e-mail change link (/confirm-email/:token), and where that link lands (/email-changed).
 */
import { elide } from '#core/french';

export const confirmations = {
  recipient: {
    pending: 'En attente de confirmation',
    pendingHelp: (account: string) => `Un lien de confirmation a été envoyé à cette adresse. D’ici là, les alertes partent vers l’adresse de votre compte (${account}).`,
    confirmed: 'Adresse confirmée',
    resend: 'Renvoyer le lien',
    resending: 'Envoi…',
    resent: 'Lien envoyé. Il est valable 48 heures.',
    failed: 'Le lien n’a pas pu être envoyé.',
  },
  recipientLink: {
    title: 'Confirmation d’adresse',
    loading: 'Chargement…',
    intro: (storeName: string) => `La boutique ${storeName} souhaite vous envoyer ses alertes d’avis clients.`,
    storeLabel: 'Boutique',
    addressLabel: 'Adresse e-mail',
    explanation: 'Confirmez si vous êtes d’accord. Sinon, fermez simplement cette page\u202f: vous ne recevrez rien.',
    submit: 'Confirmer mon adresse',
    submitting: 'Confirmation…',
    doneHeading: 'Adresse confirmée',
    done: (storeName: string) => `Vous recevrez désormais les alertes ${elide('de', storeName)} à cette adresse.`,
    invalid: 'Lien invalide ou expiré',
    invalidHelp: 'Ce lien de confirmation a déjà servi, a expiré, ou la boutique n’utilise plus cette adresse. Demandez au marchand de vous en renvoyer un.',
    failed: 'Une erreur est survenue. Veuillez réessayer.',
  },
  emailLink: {
    title: 'Nouvelle adresse e-mail',
    intro: 'Confirmez que cette adresse doit désormais servir à votre compte Avis Clients.',
    explanation: 'Tant que vous n’avez pas confirmé, votre compte garde son adresse actuelle.',
    submit: 'Confirmer ma nouvelle adresse',
  },
  /**
   * /email-changed: what became of a followed change link (`outcome`), then what to do next, which
   * depends on whether this browser is signed in.
   */
  emailChanged: {
    changed: {
      title: 'Adresse e-mail modifiée',
      body: 'Votre compte utilise désormais sa nouvelle adresse e-mail.',
    },
    used: {
      title: 'Lien déjà utilisé',
      body: 'Ce lien de confirmation a déjà servi\u202f: il ne fonctionne qu’une fois. Si votre adresse a été changée, elle sert déjà à vous connecter.',
    },
    expired: {
      title: 'Lien expiré',
      body: 'Ce lien de confirmation a expiré (il est valable 24\u00a0heures). Votre adresse n’a pas changé\u202f: demandez un nouveau lien depuis les paramètres du compte.',
    },
    replaced: {
      title: 'Lien remplacé',
      body: 'Une demande de changement plus récente a remplacé ce lien. Votre adresse n’a pas changé\u202f: suivez le lien du dernier e-mail reçu.',
    },
    cancelled: {
      title: 'Demande annulée',
      body: 'Le mot de passe du compte a été changé après cette demande, ce qui l’a annulée. Votre adresse n’a pas changé.',
    },
    invalid: {
      title: 'Lien invalide',
      body: 'Ce lien de confirmation n’est pas valable. Votre adresse n’a pas changé.',
    },
    nextSignedIn: 'Vous êtes connecté\u202f: retrouvez votre adresse dans les paramètres du compte.',
    nextSignedOut: 'Connectez-vous avec l’adresse actuelle de votre compte et votre mot de passe.',
    nextSignedOutChanged: 'Connectez-vous avec votre nouvelle adresse e-mail et votre mot de passe habituel.',
    toSettings: 'Retour aux paramètres du compte',
    toLogin: 'Se connecter',
    loading: 'Chargement…',
  },
};
