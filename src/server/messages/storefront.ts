/** Reviews on the storefront (decision 028): errors, the reasons' names, the audit export's words, the public pages. */
import type { HideReason, STOREFRONT_ERRORS } from '#core/api/storefront';
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

/** The app proxy's answers (the page saying how reviews are collected: method-page/, in the storefront's language). */
export const storefrontPublic = {
  badSignature: 'Requête non signée par Shopify.',
  unknownShop: 'Boutique inconnue.',
  rateLimited: 'Trop de requêtes, réessayez dans un instant.',
  pageNotFound: 'Page introuvable.',
};
