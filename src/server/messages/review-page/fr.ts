/**
 * The review page in French: what a customer reads on it (the form, its errors, the thank-you, « Je
 * n'ai pas encore reçu ma commande », how reviews are collected), and the page texts a store that
 * wrote none shows. The reference of the other languages (index.ts): each has these keys.
 */
import { count, formatDate } from '#core/french-format';
import { SHARED_LINK_LIMITS } from '#core/review-origin';

export const fr = {
  /** The page's `lang`. */
  lang: 'fr',
  /** A date in a sentence (« le 1er avril 2026 » reads « vers le 1er avril 2026 »); `locale` is the request's. */
  date: (date: Date, _locale: string, timeZone: string) => formatDate(date, { timeZone }),
  invalidLink: 'Lien invalide ou expiré',
  storeNotFound: 'Boutique introuvable',
  loadError: 'Erreur lors du chargement',
  submitError: 'Erreur lors de la soumission',
  alreadyUsed: 'Vous avez déjà donné votre avis avec ce lien. Merci\u202f!',
  ratingRequired: 'Veuillez choisir une note',
  nameEmailRequired: 'Veuillez renseigner votre nom et email',
  emailInvalid: 'Veuillez saisir une adresse e-mail valide',
  nameTooLong: 'Le nom ne peut pas dépasser 120 caractères',
  commentTooLong: 'Le commentaire ne peut pas dépasser 5 000 caractères',
  tooMany: 'Trop de tentatives. Réessayez dans quelques minutes.',
  /** The shared link's limits (decision 044, SHARED_LINK_LIMITS): nothing was stored. */
  sharedLinkBusy: `Ce lien d’avis a reçu le nombre maximal d’avis (${SHARED_LINK_LIMITS.perHour} par heure, ${SHARED_LINK_LIMITS.perDay} par jour). Votre avis n’a pas été enregistré\u202f: réessayez plus tard.`,
  defaultTitle: 'Votre avis compte pour nous',
  defaultDescription: (store: string) => `Comment s’est passée votre commande chez ${store}\u202f?`,
  defaultThankYou: 'Merci pour votre avis\u202f!',
  defaultButton: 'SUIVANT',
  ratingLegend: 'Votre note',
  stars: (n: number) => count(n, 'étoile', 'étoiles'),
  name: 'Votre nom',
  email: 'Votre adresse e-mail',
  comment: 'Votre commentaire (facultatif)',
  sending: 'Envoi…',
  publicInvite: 'Vous pouvez aussi partager votre avis publiquement\u202f:',
  publicButton: 'Laisser un avis public',
  continueToSite: 'Continuer vers la page d’avis',
  poweredBy: (store: string) => `Avis recueillis pour ${store}`,
  /** EU Omnibus directive: say how reviews are collected (the short line where the store's settings are not read: the merchant's preview). */
  howCollected: 'Les avis sont recueillis auprès des clients après leur commande, quelle que soit leur note.',
  /** 'Comment nous recueillons les avis': generated from the store's real settings (reviews/notice.ts). */
  notice: {
    heading: 'Comment nous recueillons les avis',
    /** "le paiement", "l'expédition", "la livraison" of the order. */
    events: { order_paid: 'le paiement', order_fulfilled: 'l’expédition', order_delivered: 'la livraison' } as Record<string, string>,
    soon: { order_paid: 'dès le paiement', order_fulfilled: 'dès l’expédition', order_delivered: 'dès la livraison' } as Record<string, string>,
    after: (days: number, event: string) => `${count(days, 'jour', 'jours')} après ${event}`,
    minimum: (amount: string) => `pour les commandes d’au moins ${amount}`,
    whoFlows: (moments: string) => `Nous invitons par e-mail chaque client qui a passé commande, ${moments}.`,
    /** Several flows, one ask (decision 024): the moment that comes latest in the order's life wins. */
    whoFlowsOnce: (moments: string) =>
      `Nous invitons par e-mail chaque client qui a passé commande, une seule fois par commande\u202f: ${moments}, au moment le plus proche de la réception de la commande.`,
    whoNoFlow: 'Les invitations sont envoyées par la boutique aux clients qui ont passé commande.',
    or: ' ou ',
    reminder: (days: string) => `Un seul rappel est envoyé ${days} après l’invitation, et seulement à qui n’a pas encore donné son avis.`,
    reminderDays: (days: number) => count(days, 'jour', 'jours'),
    samePathPublic: 'Quelle que soit la note, chaque client suit le même parcours et se voit proposer de publier son avis sur notre page d’avis publique.',
    samePath: 'Quelle que soit la note, chaque client suit le même parcours.',
    byRating:
      'Ce qui suit l’envoi de votre avis dépend de la note choisie\u202f: une invitation à publier un avis public, un message privé à la boutique ou une alerte à la boutique.',
    kept: 'Tous les avis sont conservés, quelle que soit leur note. Aucun avis n’est rémunéré ni récompensé.',
    verifiedOrder:
      'Cette invitation est liée à une commande réelle\u202f: seuls les clients qui ont commandé la reçoivent. C’est ainsi que nous vérifions que les avis viennent d’acheteurs, et votre avis porte la mention «\u202fAchat vérifié\u202f» sur la boutique en ligne.',
    sharedLink:
      'Ce lien est partagé par la boutique\u202f: les avis laissés ici ne sont pas rattachés à une commande, nous ne pouvons donc pas vérifier qu’ils viennent d’acheteurs.',
    noOrder: 'Cette invitation vous a été envoyée directement par la boutique\u202f: votre avis ne sera pas rattaché à une commande vérifiée.',
    /** After the shared link's or a request without order's sentence: what the storefront does with such a review (decision 044). */
    unverifiedKept: 'Un avis sans achat vérifié est transmis à la boutique, mais n’est pas affiché sur sa boutique en ligne.',
    unverifiedShown: 'Un avis sans achat vérifié peut être affiché sur la boutique en ligne, avec la mention «\u202fAchat non vérifié\u202f».',
  },
  /** « Je n'ai pas encore reçu ma commande » (reminders.ts postponeRequest). */
  postpone: {
    question: 'Votre commande n’est pas encore arrivée\u202f?',
    button: 'Je n’ai pas encore reçu ma commande',
    done: (date: string) => `C’est noté. Nous vous recontacterons vers le ${date}. Vous pouvez aussi donner votre avis dès maintenant.`,
    reviewed: 'Vous avez déjà donné votre avis pour cette commande. Merci\u202f!',
    followUpSent: 'Nous vous avons déjà relancé pour cette commande\u202f: nous ne vous recontacterons plus. Vous pouvez donner votre avis quand vous le souhaitez avec ce lien.',
    unsubscribed: 'Vous ne recevez plus nos e-mails\u202f: nous ne vous recontacterons pas. Vous pouvez toujours donner votre avis ci-dessous.',
    notSent: 'Cette demande ne peut pas être reportée. Vous pouvez donner votre avis ci-dessous quand vous le souhaitez.',
    withdrawn: 'La boutique ne prévoit plus de vous recontacter pour cette commande. Vous pouvez toujours donner votre avis ci-dessous si vous le souhaitez.',
  },
  /** Photos with the review (decision 058); `{n}`, `{total}`, `{name}`, `{reason}` are filled by the page. */
  photos: {
    label: 'Ajouter des photos (facultatif)',
    hint: 'Jusqu’à 3 photos JPEG, PNG ou WebP, 10\u00a0Mo chacune. Elles sont publiées sans leurs métadonnées (lieu, appareil).',
    thumbnail: 'Photo {n}\u202f: {name}',
    remove: 'Retirer la photo {n}',
    tooMany: 'Trois photos au maximum\u202f: les autres n’ont pas été ajoutées.',
    sending: 'Envoi de la photo {n} sur {total}…',
    progress: 'Envoi de la photo {n}',
    failed: 'La photo {n} n’a pas pu être ajoutée\u202f: {reason}',
    reviewSaved: 'Votre avis est bien enregistré.',
    continue: 'Continuer',
    reasons: {
      too_large: 'elle dépasse 10\u00a0Mo.',
      unsupported_type: 'ce n’est pas une photo JPEG, PNG ou WebP.',
      unreadable: 'le fichier est illisible ou abîmé.',
      too_many_pixels: 'elle est trop grande (plus de 50\u00a0millions de pixels).',
      too_many_photos: 'votre avis a déjà trois photos.',
      upload_closed: 'le délai pour ajouter des photos à cet avis est passé.',
      rate_limited: 'trop d’envois en peu de temps, réessayez dans quelques minutes.',
      failed: 'la connexion a été interrompue.',
    },
  },
};
