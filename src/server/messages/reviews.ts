/** French messages of this area's error codes. */
import type { PublicLinkOutcome, REVIEW_ERRORS } from '#core/api/reviews';
import type { HideReason } from '#core/api/storefront';
import type { ReviewOrigin } from '#core/review-origin';
import { HIDE_REASON_LABELS } from './storefront';
import type { MessagesOf } from './types';

export const reviewErrorMessages: MessagesOf<typeof REVIEW_ERRORS> = {
  invalid_cursor: 'Page introuvable\u202f: rechargez la liste des avis.',
};

/** The reviews export's column names and values (GET /api/reviews/export). */
export const reviewExportMessages = {
  /**
   * The spec's columns first; « Publié » means shown on the storefront (decision 044), the next two say
   * why not and where the review came from, the last holds its photos' public URLs, separated by a
   * space, hidden ones included (decision 058).
   */
  header: ['Date (UTC)', 'Note', 'Nom', 'E-mail', 'Commande', 'Commentaire', 'Publié', 'Lien public', 'Formulaire privé', 'Raison de non-publication', 'Origine', 'Photos'],
  yes: 'Oui',
  no: 'Non',
  /** What the review's public link came to (the list says the same, src/web/i18n/fr/feedback.ts). */
  publicLink: { none: 'Non proposé', offered: 'Proposé, non suivi', followed: 'Suivi' } as Record<PublicLinkOutcome, string>,
  /** Why a review is not on the storefront: hidden for its reason, or not a verified purchase while the store keeps those off. */
  unpublished: (hidden: HideReason | null) => (hidden ? `Masqué\u202f: ${HIDE_REASON_LABELS[hidden]}` : 'Sans achat vérifié, non affiché sur la boutique'),
  origin: { order: 'Achat vérifié (commande)', shared_link: 'Lien partagé', no_order: 'Sans commande' } satisfies Record<ReviewOrigin, string>,
};
