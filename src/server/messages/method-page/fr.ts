/**
 * The storefront's « Comment nous recueillons les avis » page in French, the reference of the keys
 * (decision 028; its languages: decision 056). Its title is the block's link to it (`avis.methode` of
 * the extension's locale files), its labels the ones the block shows.
 */
import { SHARED_LINK_LIMITS } from '#core/review-origin';

export const fr = {
  lang: 'fr',
  title: 'Comment nous recueillons les avis',
  /**
   * The page's paragraphs, true of the store (decision 044): who is asked, which reviews are verified
   * purchases and whether the others are shown, that no rating is left out, and moderation.
   */
  paragraphs: (shopName: string, unverifiedShown: boolean) => [
    `Après une commande, ${shopName} invite le client par e-mail à donner son avis\u202f: personne n’est choisi selon ce qu’il pourrait en dire.`,
    unverifiedShown
      ? `Un avis laissé par le lien personnel de cette invitation, liée à une commande, porte la mention «\u202fAchat vérifié\u202f». La boutique peut aussi partager un lien d’avis ouvert à tous\u202f: les avis laissés par ce lien ne sont pas rattachés à une commande, nous ne pouvons donc pas vérifier qu’ils viennent d’acheteurs, et ils portent la mention «\u202fAchat non vérifié\u202f». Un lien partagé accepte au plus ${SHARED_LINK_LIMITS.perHour} avis par heure et ${SHARED_LINK_LIMITS.perDay} par jour.`
      : 'Seuls les avis d’achats vérifiés sont affichés ici, avec la mention «\u202fAchat vérifié\u202f»\u202f: chacun a été laissé par le lien personnel de cette invitation, liée à une commande. Les avis laissés par un lien d’avis que la boutique partage, qui ne sont pas rattachés à une commande, ne sont pas affichés ici.',
    'Aucun avis n’est écarté pour sa note\u202f: de 1 à 5 étoiles, tous sont publiés de la même façon.',
    'Un avis n’est masqué que pour l’un de ces motifs, indiqués par le marchand et enregistrés\u202f: propos injurieux ou haineux, données personnelles, hors sujet, ou avis qui ne vient pas d’un client. Les avis masqués sont comptés publiquement sous la note moyenne.',
    // Photos (decision 058) follow the same rule: content only, never the rating.
    'Les photos jointes aux avis sont modérées de la même façon, pour leur contenu seulement et jamais selon la note\u202f: une photo n’est masquée que pour l’un de ces motifs, et les photos masquées sont comptées publiquement.',
  ],
};
