/** /unsubscribe/:token, the public unsubscribe page linked from every review-request e-mail. */
import { elide } from '#core/french';

export const unsubscribe = {
  title: 'Désinscription',
  loading: 'Chargement…',
  intro: (storeName: string) => `Vous ne souhaitez plus recevoir de demandes d’avis ${elide('de', storeName)}\u202f?`,
  addressLabel: 'Adresse e-mail',
  storeLabel: 'Boutique',
  explanation: 'Cliquez sur le bouton ci-dessous\u202f: vous ne recevrez plus aucune demande d’avis de cette boutique à cette adresse.',
  submit: 'Se désabonner',
  submitting: 'Désabonnement…',
  doneHeading: 'Désinscription confirmée',
  done: (storeName: string) => `${storeName} ne vous enverra plus de demandes d’avis à cette adresse.`,
  invalid: 'Lien invalide ou expiré',
  invalidHelp: 'Ce lien de désinscription n’est plus valable. Utilisez le lien du dernier e-mail reçu.',
  failed: 'Une erreur est survenue. Veuillez réessayer.',
};
