/** French messages of the review requests' error codes and the other sentences their endpoints write. */
import type { REQUEST_ERRORS } from '#core/api/review-requests';
import type { MessagesOf } from './types';
import { count } from '#core/french-format';

export const requestErrorMessages: MessagesOf<typeof REQUEST_ERRORS> = {
  request_not_found: 'Demande introuvable',
  request_not_cancellable: 'Cette demande ne peut plus être annulée\u202f: elle est en cours d’envoi ou déjà envoyée.',
  request_not_resendable: 'Seul un envoi non confirmé peut être renvoyé.',
  subscription_required: 'Un abonnement actif est nécessaire pour envoyer des e-mails. Choisissez un plan pour continuer.',
  recipient_unsubscribed: 'Cette adresse s’est désabonnée des e-mails de votre boutique\u202f: aucun e-mail n’a été envoyé.',
  quota_exceeded: (v) => `Quota dépassé\u202f! Votre plan ${v.plan} permet ${v.quota} emails/mois. Vous en avez utilisé ${v.used}. Veuillez passer à un plan supérieur.`,
  daily_limit_reached: (v) => `Limite d’envoi quotidienne atteinte (${v.limit} e-mails par jour).`,
  send_failed: 'L’envoi de l’email a échoué. Vérifiez la configuration de votre email.',
  import_failed: 'Erreur lors de l’importation',
  import_rate_limited: 'Trop d’importations en peu de temps. Réessayez dans une heure.',
  send_email_rate_limited: 'Trop d’e-mails envoyés en peu de temps. Réessayez plus tard.',
};

export const requestMessages = {
  /** A manual send stopped by the daily limit: the request stays scheduled (200 body of process-review-requests). */
  dailyLimitDeferred: (limit: number) => `Limite d’envoi quotidienne atteinte (${count(limit, 'e-mail', 'e-mails')} par jour). La demande reste programmée et partira demain.`,
} as const;
