/** French messages of the unsubscribe link's error codes and the note it leaves on cancelled requests. */
import type { UNSUBSCRIBE_ERRORS } from '#core/api/unsubscribe';
import type { MessagesOf } from './types';

export const unsubscribeErrorMessages: MessagesOf<typeof UNSUBSCRIBE_ERRORS> = {
  unsubscribe_link_invalid: 'Lien invalide ou expiré',
};

export const unsubscribeMessages = {
  /** Kept on a request that will not be sent because its address unsubscribed (shown in the calendar). */
  unsubscribedNote: 'Adresse désabonnée\u202f: aucun e-mail envoyé',
} as const;
