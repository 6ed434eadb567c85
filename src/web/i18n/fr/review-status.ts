/**
 * A review's state as every merchant screen says it (decision 044): whether the storefront shows it,
 * why not (hidden for a reason, or not a verified purchase while the store keeps those off), and
 * where it came from. The reviews list, the dashboard and the moderation list read it; the server's
 * CSV export says the same in its columns (src/server/messages/reviews.ts).
 */
import type { HideReason } from '#core/api/storefront';
import type { ReviewOrigin } from '#core/review-origin';

export const reviewStatus = {
  published: 'Publié',
  hidden: (reason: string) => `Masqué\u202f: ${reason}`,
  unverifiedOff: 'Non publié\u202f: achat non vérifié',
  /** Why the storefront does not show it, as a title on the label. */
  unverifiedOffHint: 'Les avis sans achat vérifié ne sont pas affichés sur votre boutique. Vous pouvez les afficher dans «\u202fAvis sur la boutique\u202f».',
  /** The hiding reasons (decision 028), as the moderation dialog offers them. */
  reasons: {
    insult: 'Propos injurieux ou haineux',
    personal_data: 'Données personnelles',
    off_topic: 'Hors sujet',
    not_customer: 'Ne vient pas d’un client',
  } satisfies Record<HideReason, string>,
  origin: {
    order: 'Achat vérifié',
    shared_link: 'Lien partagé',
    no_order: 'Sans commande',
  } satisfies Record<ReviewOrigin, string>,
  /** The origin's meaning, as a title on its label. */
  originHint: {
    order: 'Laissé par le lien de la demande d’avis d’une commande.',
    shared_link: 'Laissé par votre lien d’avis partagé\u202f: il n’est pas rattaché à une commande.',
    no_order: 'Cet avis n’est rattaché à aucune commande.',
  } satisfies Record<ReviewOrigin, string>,
};
