/**
 * French messages of notification addresses (decision 022): their errors, the confirmation e-mail,
 * the alert sent to the account's address while another waits for its confirmation, and the hour's
 * digest of alerts over the cap.
 */
import type { NOTIFICATION_RECIPIENT_ERRORS } from '#core/api/notification-recipients';
import { count } from '#core/french-format';
import type { MessagesOf } from './types';

export const notificationRecipientErrorMessages: MessagesOf<typeof NOTIFICATION_RECIPIENT_ERRORS> = {
  recipient_link_invalid: 'Ce lien de confirmation n’est pas valide, a expiré, ou la boutique n’utilise plus cette adresse. Demandez au marchand de vous en envoyer un nouveau.',
  recipient_not_in_use: 'Cette adresse n’est utilisée ni dans vos réglages ni dans vos actions conditionnelles.',
  recipient_already_confirmed: 'Cette adresse est déjà confirmée.',
};

export const recipientMessages = {
  confirmation: {
    subject: (store: string) => `Confirmez votre adresse pour les alertes de ${store}`,
    intro: (store: string) => `La boutique ${store} souhaite vous envoyer ses alertes d’avis clients à cette adresse.`,
    action: 'Si vous êtes d’accord, confirmez votre adresse. Aucune alerte ne vous sera envoyée avant.',
    button: 'Confirmer mon adresse',
    footer: (hours: number) =>
      `Ce lien est valable ${count(hours, 'heure', 'heures')} et ne sert qu’une fois. Si vous ne connaissez pas cette boutique, ignorez cet e-mail\u202f: vous ne recevrez rien.`,
  },
  /** Added to an alert sent to the account's address because the chosen one is not confirmed yet. */
  fallback: (address: string) => `Cette alerte vous est envoyée à l’adresse de votre compte, car ${address} n’a pas encore confirmé qu’elle souhaite les recevoir.`,
  digest: {
    subject: (n: number, store: string) => `${count(n, 'autre avis', 'autres avis')} à consulter pour ${store}`,
    intro: (n: number, store: string, limit: number) =>
      `Au-delà de ${count(limit, 'alerte', 'alertes')} par heure, nous regroupons les suivantes. ${count(n, 'avis a déclenché', 'avis ont déclenché')} une alerte pour ${store} pendant l’heure écoulée.`,
    rating: (rating: number) => `Note ${rating}/5`,
    count: (n: number) => count(n, 'avis', 'avis'),
    button: 'Voir les avis',
    footer: 'Vous recevez ce récapitulatif parce que ces notes déclenchent une alerte dans vos actions conditionnelles.',
  },
};
