/** Reviews on the storefront (decision 028): errors, the reasons' names, the audit export's words, the public pages. */
import type { HideReason, STOREFRONT_ERRORS } from '#core/api/storefront';
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { MessagesOf } from './types';

export const storefrontErrorMessages: MessagesOf<typeof STOREFRONT_ERRORS> = {
  review_not_found: 'Avis introuvable pour cette boutique.',
  photo_not_found: 'Photo introuvable pour cette boutique.',
};

/** The reasons as the merchant and the audit export name them. */
export const HIDE_REASON_LABELS: Record<HideReason, string> = {
  insult: 'Propos injurieux ou haineux',
  personal_data: 'Données personnelles',
  off_topic: 'Hors sujet',
  not_customer: 'Ne vient pas d’un client',
};

/** The audit export's lines for a moderation change. */
export const moderationAuditWords = {
  setting: (reviewId: string) => `Avis ${reviewId} sur la boutique`,
  photoSetting: (photoId: string, reviewId: string) => `Photo ${photoId} de l’avis ${reviewId} sur la boutique`,
  visible: 'Affiché',
  hidden: (reason: HideReason) => `Masqué (${HIDE_REASON_LABELS[reason]})`,
};

/** The app proxy's answers and the page saying how reviews are collected (the badge's link). */
export const storefrontPublic = {
  badSignature: 'Requête non signée par Shopify.',
  unknownShop: 'Boutique inconnue.',
  rateLimited: 'Trop de requêtes, réessayez dans un instant.',
  pageNotFound: 'Page introuvable.',
  methodTitle: 'Comment nous recueillons les avis',
  /**
   * The page's paragraphs, true of the store (decision 044): who is asked, which reviews are verified
   * purchases and whether the others are shown, that no rating is left out, and moderation.
   */
  methodParagraphs: (shopName: string, unverifiedShown: boolean) => [
    `Après une commande, ${shopName} invite le client par e-mail à donner son avis\u202f: personne n’est choisi selon ce qu’il pourrait en dire.`,
    unverifiedShown
      ? `Un avis laissé par le lien personnel de cette invitation, liée à une commande, porte la mention «\u202fAchat vérifié\u202f». La boutique peut aussi partager un lien d’avis ouvert à tous\u202f: les avis laissés par ce lien ne sont pas rattachés à une commande, nous ne pouvons donc pas vérifier qu’ils viennent d’acheteurs, et ils portent la mention «\u202fAchat non vérifié\u202f». Un lien partagé accepte au plus ${SHARED_LINK_LIMITS.perHour} avis par heure et ${SHARED_LINK_LIMITS.perDay} par jour.`
      : 'Seuls les avis d’achats vérifiés sont affichés ici, avec la mention «\u202fAchat vérifié\u202f»\u202f: chacun a été laissé par le lien personnel de cette invitation, liée à une commande. Les avis laissés par un lien d’avis que la boutique partage, qui ne sont pas rattachés à une commande, ne sont pas affichés ici.',
    'Aucun avis n’est écarté pour sa note\u202f: de 1 à 5 étoiles, tous sont publiés de la même façon.',
    'Un avis n’est masqué que pour l’un de ces motifs, indiqués par le marchand et enregistrés\u202f: propos injurieux ou haineux, données personnelles, hors sujet, ou avis qui ne vient pas d’un client. Les avis masqués sont comptés publiquement sous la note moyenne.',
  ],
};
