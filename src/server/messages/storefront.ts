/** Reviews on the storefront (decision 028): errors, the reasons' names, the audit export's words, the public pages. */
import type { HideReason, STOREFRONT_ERRORS } from '#core/api/storefront';
import type { MessagesOf } from './types';

export const storefrontErrorMessages: MessagesOf<typeof STOREFRONT_ERRORS> = {
  review_not_found: 'Avis introuvable pour cette boutique.',
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
  methodParagraphs: (shopName: string) => [
    `Après chaque commande, ${shopName} demande son avis par e-mail à chaque client, quelle que soit la commande\u202f: personne n’est choisi selon ce qu’il pourrait en dire.`,
    'Seul un client qui a passé commande peut laisser un avis, par le lien personnel de son e-mail\u202f: chaque avis vient d’un achat vérifié.',
    'Tous les avis sont publiés, quelle que soit leur note, de 1 à 5 étoiles.',
    'Un avis n’est masqué que pour l’un de ces motifs, indiqués par le marchand et enregistrés\u202f: propos injurieux ou haineux, données personnelles, hors sujet, ou avis qui ne vient pas d’un client. Les avis masqués sont comptés publiquement sous la note moyenne.',
  ],
};
