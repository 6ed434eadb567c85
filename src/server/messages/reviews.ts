/** French messages of this area's error codes. */
import type { PublicLinkOutcome, REVIEW_ERRORS } from '#core/api/reviews';
import type { MessagesOf } from './types';

export const reviewErrorMessages: MessagesOf<typeof REVIEW_ERRORS> = {
  invalid_cursor: 'Page introuvable\u202f: rechargez la liste des avis.',
};

/** The reviews export's column names and values (GET /api/reviews/export). */
export const reviewExportMessages = {
  header: ['Date (UTC)', 'Note', 'Nom', 'E-mail', 'Commande', 'Commentaire', 'Publié', 'Lien public', 'Formulaire privé'],
  yes: 'Oui',
  no: 'Non',
  /** What the review's public link came to (the list says the same, src/web/i18n/fr/feedback.ts). */
  publicLink: { none: 'Non proposé', offered: 'Proposé, non suivi', followed: 'Suivi' } as Record<PublicLinkOutcome, string>,
};
