/** /app/storefront: reviews on the storefront, their moderation, the block's preview and installation (decision 028). */
import type { HideReason } from '#core/api/storefront';
import { reviewStatus } from './review-status';

/** French puts 0 and 1 in the singular. */
const agree = (n: number, one: string, other: string) => `${n.toLocaleString('fr-FR')} ${n <= 1 ? one : other}`;

export const storefront = {
  title: 'Avis sur la boutique',
  subtitle: 'Ce que vos clients voient sur votre boutique Shopify, et la modération des avis',
  /** The link from /app/feedback. */
  feedbackLink: 'Avis sur la boutique et modération',
  loading: 'Chargement de la boutique…',
  loadError: 'Impossible de charger l’état de votre boutique.',
  noStore: {
    heading: 'Aucune boutique Shopify connectée',
    body: 'Connectez votre boutique pour afficher vos avis sur votre vitrine.',
    link: 'Connecter une boutique',
  },

  summary: {
    heading: 'Sur votre boutique',
    none: 'Aucun avis affiché pour l’instant.',
    average: (label: string) => `${label} sur 5`,
    count: (n: number) => agree(n, 'avis affiché', 'avis affichés'),
    /** The block's public line, word for word (extensions/avis-clients/locales/fr.default.json). */
    hidden: (n: number) => agree(n, 'avis masqué pour non-respect de la charte', 'avis masqués pour non-respect de la charte'),
    honesty:
      'Aucun avis n’est écarté pour sa note. Un avis ne peut être masqué que pour un motif lié à son contenu, enregistré dans le journal de conformité et compté publiquement sous la note moyenne.',
  },

  /** Reviews without a verified purchase on the storefront: the store's choice, off by default (decision 044). */
  unverified: {
    heading: 'Avis sans achat vérifié',
    label: 'Afficher sur la boutique les avis reçus par le lien partagé',
    help: 'Ces avis ne sont rattachés à aucune commande\u202f: sur votre boutique, ils portent la mention «\u202fAchat non vérifié\u202f». Désactivé par défaut\u202f: seuls les avis laissés par la demande d’avis d’une commande sont affichés, avec la mention «\u202fAchat vérifié\u202f». La page «\u202fComment nous recueillons les avis\u202f» de votre boutique dit ce que vous choisissez.',
    savedOn: 'Les avis sans achat vérifié sont maintenant affichés sur votre boutique, avec la mention «\u202fAchat non vérifié\u202f».',
    savedOff: 'Les avis sans achat vérifié ne sont plus affichés sur votre boutique.',
    saveError: 'Le réglage n’a pas pu être enregistré. Réessayez.',
  },

  preview: {
    heading: 'Aperçu du bloc',
    body: 'Le bloc «\u202fAvis et notes\u202f» tel que vos clients le voient, avec vos avis d’aujourd’hui. Votre boutique le met à jour dans les secondes qui suivent chaque avis ou chaque modération.',
    frameTitle: 'Aperçu du bloc «\u202fAvis et notes\u202f» sur votre boutique',
    loading: 'Chargement de l’aperçu…',
    loadError: 'Impossible d’afficher l’aperçu du bloc.',
  },

  install: {
    heading: 'Installer le bloc sur votre boutique',
    steps: [
      'Ouvrez l’éditeur de thème de votre boutique avec le bouton ci-dessous\u202f: le bloc «\u202fAvis et notes\u202f» d’Avis Clients est ajouté à la page d’accueil.',
      'Placez le bloc où vous le souhaitez, choisissez ce qu’il affiche (répartition des notes, derniers avis, «\u202fVoir plus\u202f») puis cliquez sur «\u202fEnregistrer\u202f».',
      'Facultatif\u202f: activez le «\u202fBadge de note\u202f», qui affiche la note moyenne sur toutes les pages. Il se cache quand vos avis sont à l’écran, et vos clients peuvent le fermer.',
    ],
    openEditor: 'Ajouter le bloc dans l’éditeur de thème',
    openEmbed: 'Activer le badge',
    newTab: '(nouvel onglet)',
    shop: (domain: string) => `Boutique\u202f: ${domain}`,
  },

  moderation: {
    heading: 'Modération',
    body: 'Masquez un avis uniquement s’il enfreint la charte. Une note basse n’est pas un motif\u202f: la loi interdit de cacher un avis pour sa note.',
    filtersLabel: 'Filtrer les avis de la boutique',
    filters: { all: 'Tous', visible: 'Affichés', hidden: 'Masqués' },
    listLabel: 'Avis de la boutique',
    loading: 'Chargement des avis…',
    loadError: 'Impossible de charger les avis de la boutique.',
    emptyHeading: 'Aucun avis pour le moment',
    emptyBody: 'Les avis de vos clients apparaîtront ici, et sur votre boutique, dès leur première réponse.',
    noMatchHeading: 'Aucun avis dans ce filtre',
    noMatchBody: 'Choisissez un autre filtre pour voir les autres avis.',
    more: 'Afficher plus d’avis',
    loadingMore: 'Chargement…',
    stars: (rating: number) => `${rating} ${rating < 2 ? 'étoile' : 'étoiles'} sur 5`,
    anonymous: 'Client anonyme',
    item: (name: string, stars: string) => `${name}, ${stars}`,
    shown: 'Affiché sur la boutique',
    hiddenState: (reason: string) => `Masqué\u202f: ${reason}`,
    hiddenBy: (email: string | null, date: string) => (email ? `Masqué par ${email} le ${date}` : `Masqué le ${date}`),
    hide: 'Masquer',
    hideLabel: (name: string) => `Masquer l’avis de ${name}`,
    show: 'Afficher de nouveau',
    showLabel: (name: string) => `Afficher de nouveau l’avis de ${name}`,
    showing: 'Affichage…',
    shownDone: 'L’avis est de nouveau affiché sur votre boutique.',
    hiddenDone: 'L’avis est masqué sur votre boutique.',
    actionError: 'La modification n’a pas pu être enregistrée. Réessayez.',
  },

  hideDialog: {
    title: 'Masquer cet avis',
    description:
      'Choisissez le motif. Il est enregistré avec votre nom dans le journal de conformité, et l’avis est compté publiquement parmi les avis masqués pour non-respect de la charte.',
    reasonsLabel: 'Motif',
    reasons: reviewStatus.reasons,
    hints: {
      insult: 'Insultes, menaces, propos discriminatoires.',
      personal_data: 'Adresse, téléphone, e-mail ou nom complet d’une personne.',
      off_topic: 'Rien à voir avec la commande, le produit ou la boutique.',
      not_customer: 'L’auteur n’a pas passé de commande chez vous.',
    } satisfies Record<HideReason, string>,
    required: 'Choisissez un motif pour masquer cet avis.',
    notARating: 'Une note basse ne permet pas de masquer un avis.',
    confirm: 'Masquer l’avis',
    confirming: 'Masquage…',
    cancel: 'Annuler',
  },

  /** The same dialog for one photo of a review (decision 058): the same reasons, never the review's rating. */
  hidePhotoDialog: {
    title: 'Masquer cette photo',
    description:
      'Choisissez le motif. Il est enregistré avec votre nom dans le journal de conformité, et la photo est comptée publiquement parmi les photos masquées pour non-respect de la charte. L’avis reste affiché.',
    required: 'Choisissez un motif pour masquer cette photo.',
    notARating: 'La note de l’avis ne permet pas de masquer une photo.',
    confirm: 'Masquer la photo',
  },
};
