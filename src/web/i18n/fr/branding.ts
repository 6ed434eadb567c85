/**
 * /app/branding, Branding & Pages (docs/product/screens.md, docs/product/validation.md, docs/product/errors.md, docs/product/limits.md): the visual identity (logo, colours)
 * and the page customisation (the review page's texts, the e-mail's greeting and closing), each with
 * a live preview of the review page. The spec's few English messages are said in French (decision 025).
 */
import { count, formatNumber } from '#core/french-format';
import type { PreviewView } from '#core/api/branding';

export const branding = {
  loading: 'Chargement de votre branding…',
  // docs/product/errors.md.
  loadError: 'Impossible de charger les réglages',
  noStore: {
    heading: 'Aucune boutique Shopify active trouvée',
    body: 'Connectez votre boutique Shopify pour personnaliser l’apparence de vos pages d’avis.',
    link: 'Aller aux intégrations',
  },
  defaults: {
    heading: 'Réglages par défaut, pas encore enregistrés',
    body: 'Ce que vous voyez sont les réglages par défaut. Modifiez-les puis cliquez sur «\u202fEnregistrer\u202f» pour les appliquer à vos pages.',
  },
  tabs: {
    label: 'Sections du branding',
    identity: 'Identité visuelle',
    page: 'Personnalisation des pages',
  },
  // docs/product/errors.md.
  saved: 'Paramètres enregistrés',
  saveFailed: 'Impossible d’enregistrer les réglages',
  identity: {
    formLabel: 'Identité visuelle',
    logoHeading: 'Logo',
    colorsHeading: 'Couleurs',
    colorsIntro: 'Les couleurs de votre page d’avis. Saisissez un code hexadécimal (#RRGGBB) ou choisissez une couleur.',
  },
  logo: {
    label: 'Votre logo',
    hint: 'PNG, JPG ou SVG, 2 Mo maximum. Affiché en haut de votre page d’avis et dans vos e-mails.',
    choose: 'Choisir un fichier',
    remove: 'Retirer le logo',
    previewAlt: 'Logo actuel',
    // The spec's words (docs/product/errors.md).
    uploaded: 'Logo téléchargé avec succès',
    removed: 'Logo retiré\u202f: enregistrez pour appliquer. Le nom de votre boutique sera affiché à la place.',
    // docs/product/validation.md.
    wrongType: 'Veuillez télécharger un fichier PNG, JPG ou SVG',
    tooLarge: 'Le fichier doit faire moins de 2 Mo',
    uploadFailed: 'Échec du téléchargement du logo',
  },
  colors: {
    button_text_color: { label: 'Couleur du texte des boutons', hint: 'Le texte des boutons de la page («\u202fSUIVANT\u202f»).' },
    button_bg_color: { label: 'Couleur des boutons', hint: 'Le fond des boutons de la page.' },
    primary_color: { label: 'Couleur principale', hint: 'Le bandeau en haut de la carte de votre page d’avis.' },
    /** The native picker of a colour, named after its field. */
    picker: (label: string) => `${label} (nuancier)`,
    contrast: (ratio: string, readable: 'dark' | 'light') =>
      `Le texte des boutons est difficile à lire sur cette couleur (contraste ${ratio}:1, 4,5:1 minimum recommandé). Pour rester lisible, la page d’avis affichera le texte des boutons en ${readable === 'dark' ? 'noir' : 'blanc'} à la place.`,
  },
  page: {
    formLabel: 'Personnalisation des pages',
    reviewHeading: 'Page d’avis',
    feedbackHeading: 'Après l’avis',
    emailHeading: 'E-mail de demande d’avis',
    fields: {
      page_title: { label: 'Titre de la page', hint: null },
      page_description: { label: 'Description', hint: 'Le texte sous le titre, au-dessus des étoiles.' },
      button_text: { label: 'Texte du bouton', hint: 'Le bouton qui envoie l’avis.' },
      thank_you_message: { label: 'Message de remerciement', hint: 'Affiché après l’envoi de l’avis.' },
      positive_feedback_message: { label: 'Message pour un avis positif', hint: 'Ajouté au remerciement pour une note de 4 ou 5 étoiles.' },
      negative_feedback_message: { label: 'Message pour un avis négatif', hint: 'Ajouté au remerciement pour une note de 1 à 3 étoiles.' },
      email_greeting: {
        label: 'Formule d’accueil de l’e-mail',
        hint: 'Apparaît au début de l’e-mail de demande d’avis. Variables possibles\u202f: {{ customer_name }}, {{ store_name }}, {{ order_number }}.',
      },
      email_closing: {
        label: 'Formule de fin de l’e-mail',
        hint: 'Apparaît à la fin de l’e-mail de demande d’avis. Variables possibles\u202f: {{ customer_name }}, {{ store_name }}, {{ order_number }}.',
      },
    },
    /** The length counter under a text. */
    counter: (length: number, max: number) => `${formatNumber(length)} / ${count(max, 'caractère', 'caractères')}`,
  },
  preview: {
    heading: 'Aperçu',
    intro: 'Ce que vos clients verront sur leur téléphone, avec vos modifications non enregistrées.',
    frameTitle: 'Aperçu de la page d’avis',
    updating: 'Mise à jour de l’aperçu…',
    loading: 'Chargement de l’aperçu…',
    failed: 'Impossible d’afficher l’aperçu.',
    retry: 'Réessayer',
    viewsLabel: 'Moment affiché dans l’aperçu',
    views: {
      form: 'Formulaire',
      thanks_positive: 'Merci (positif)',
      thanks_negative: 'Merci (négatif)',
    } satisfies Record<PreviewView, string>,
  },
};
