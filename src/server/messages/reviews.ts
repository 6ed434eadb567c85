/** French messages of this area's error codes. */
import type { REVIEW_ERRORS } from '../../core/api/reviews';
import type { MessagesOf } from './types';

export const reviewErrorMessages: MessagesOf<typeof REVIEW_ERRORS> = {
  invalid_cursor: 'Page introuvable : rechargez la liste des avis.',
};

/** The reviews export's column names and values (GET /api/reviews/export). */
export const reviewExportMessages = {
  header: ['Date (UTC)', 'Note', 'Nom', 'E-mail', 'Commande', 'Commentaire', 'Publié', 'Action'],
  yes: 'Oui',
  no: 'Non',
  actions: {
    redirect: 'Redirigé vers la page d’avis publique',
    collect_feedback: 'Commentaire demandé',
    notify_email: 'Alerte e-mail',
    none: 'Aucune action',
  } as Record<string, string>,
};
