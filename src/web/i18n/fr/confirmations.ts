/**
 * Confirmations (decision 022): an alert address's state on the settings and rating-action screens,
 * the public page of its confirmation link (/confirm-recipient/:token), and the page of an account
 * e-mail change link (/confirm-email/:token).
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
};
