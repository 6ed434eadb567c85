/**
 * /app/email-templates, the review-request e-mail editor (docs/product/screens.md, docs/product/entities.md 'email_templates', docs/product/validation.md
 * 'Email template logo', docs/product/errors.md notices, docs/product/limits.md default template) and the warnings of docs/product/stances.md
 * (review gating, incentives, Gmail's clipping).
 */
import type { TemplateWarning } from '#core/email/template-warnings';
import { RENDER_LIMITS, type TemplateLimit } from '#core/email/render-limits';
import { count } from '#core/french-format';

export type TemplateVariable = 'customer_name' | 'store_name' | 'order_number' | 'review_link';
export type TemplateTextField = 'subject' | 'body_content' | 'button_text' | 'button_url_template' | 'footer_text' | 'reminder_subject' | 'reminder_first_line';

export const emailTemplates = {
  title: 'Templates d’emails',
  subtitle: 'Modifiez l’e-mail de demande d’avis et prévisualisez-le.',
  loading: 'Chargement de votre modèle…',
  loadError: 'Impossible de charger votre modèle.',
  noStore: {
    heading: 'Aucune boutique Shopify connectée',
    body: 'Connectez votre boutique Shopify pour personnaliser l’e-mail de demande d’avis envoyé à vos clients.',
    link: 'Aller aux intégrations',
  },
  defaults: {
    heading: 'Modèle par défaut, pas encore enregistré',
    body: 'Vos clients reçoivent ce modèle tant que vous n’en enregistrez pas un autre. Modifiez-le puis cliquez sur «\u202fEnregistrer\u202f» pour l’utiliser dès le prochain e-mail.',
  },
  formLabel: 'E-mail de demande d’avis',
  editorHeading: 'Contenu de l’e-mail',
  fields: {
    subject: 'Objet',
    fromName: 'Nom de l’expéditeur',
    fromNameHint: (storeName: string) => `Laissé vide\u202f: le nom de votre boutique (${storeName}).`,
    logo: 'Logo',
    logoHint:
      'Une image (PNG, JPG, GIF, WebP ou SVG) de 2 Mo au plus, affichée sur 200 px de large au maximum. Sans logo ici, celui de votre branding est utilisé, sinon le nom de votre boutique.',
    logoChoose: 'Choisir une image',
    logoRemove: 'Retirer le logo',
    logoAlt: 'Logo de l’e-mail',
    body: 'Contenu',
    bodyHint: 'Texte simple\u202f: une ligne vide sépare deux paragraphes. Les variables entre {{ }} sont remplacées pour chaque client.',
    buttonText: 'Texte du bouton',
    buttonUrl: 'Lien du bouton',
    buttonUrlHint: '{{ review_link }} mène le client à sa page d’avis. Un lien qui ne donne pas une adresse http(s) est remplacé par celui-ci.',
    buttonColor: 'Couleur du bouton',
    buttonColorPicker: 'Choisir la couleur du bouton',
    buttonColorHint: 'Au format #RRGGBB, par exemple #10b981. La couleur du texte du bouton est choisie pour rester lisible.',
    footer: 'Pied de page',
  },
  /** Names of the text fields a variable can go into (where the next insertion lands). */
  fieldNames: {
    subject: 'Objet',
    body_content: 'Contenu',
    button_text: 'Texte du bouton',
    button_url_template: 'Lien du bouton',
    footer_text: 'Pied de page',
    reminder_subject: 'Objet de la relance',
    reminder_first_line: 'Phrase d’introduction de la relance',
  } satisfies Record<TemplateTextField, string>,
  /** The reminder: a flow's one follow-up to customers who have not reviewed (issue 18). */
  reminder: {
    heading: 'Relance',
    intro:
      'Si un flux prévoit une relance, les clients qui n’ont pas encore donné leur avis reçoivent ce même e-mail quelques jours après le premier, avec son propre objet et une phrase d’introduction avant le contenu. Le bouton mène à la même page d’avis.',
    subject: 'Objet de la relance',
    firstLine: 'Phrase d’introduction de la relance',
    defaultHint: (text: string) => `Laissé vide\u202f: «\u202f${text}\u202f».`,
    firstLineHint: 'Placée après la formule d’accueil, avant le contenu. Restez neutre\u202f: la relance s’adresse à tous les clients, quelle que soit leur expérience.',
    flowLink: 'Activer la relance dans un flux',
  },
  variables: {
    heading: 'Insérer une variable',
    target: (field: string) => `Insérée dans le champ «\u202f${field}\u202f», à la position du curseur.`,
    syntax: 'Elle s’écrit entre doubles accolades, par exemple {{ customer_name }}, et est remplacée pour chaque client.',
    labels: {
      customer_name: 'Nom du client',
      store_name: 'Nom de la boutique',
      order_number: 'Numéro de commande',
      review_link: 'Lien vers la page d’avis',
    } satisfies Record<TemplateVariable, string>,
    /** The accessible name of each button: what it inserts. */
    insert: {
      customer_name: 'Insérer la variable nom du client',
      store_name: 'Insérer la variable nom de la boutique',
      order_number: 'Insérer la variable numéro de commande',
      review_link: 'Insérer la variable lien vers la page d’avis',
    } satisfies Record<TemplateVariable, string>,
    /** The reminder section's own buttons (named apart: no name may contain another's, for browser tests' partial matches). */
    insertReminder: {
      customer_name: 'Ajouter la variable nom du client à la relance',
      store_name: 'Ajouter la variable nom de la boutique à la relance',
      order_number: 'Ajouter la variable numéro de commande à la relance',
      review_link: 'Ajouter la variable lien vers la page d’avis à la relance',
    } satisfies Record<TemplateVariable, string>,
  },
  pageTexts: {
    heading: 'Formule d’accueil et formule de fin',
    body: 'Elles encadrent le contenu de l’e-mail et se règlent dans Branding & Pages (onglet de personnalisation des pages).',
    greeting: 'Formule d’accueil\u202f:',
    closing: 'Formule de fin\u202f:',
    defaultGreeting: (text: string) => `«\u202f${text}\u202f» (par défaut)`,
    noClosing: 'aucune',
    quoted: (text: string) => `«\u202f${text}\u202f»`,
    link: 'Modifier dans Branding & Pages',
  },
  preview: {
    heading: 'Aperçu',
    kindLabel: 'E-mail affiché',
    kinds: { first: 'Aperçu du premier e-mail', reminder: 'Aperçu de la relance' },
    note: (customerName: string, orderNumber: string) =>
      `Aperçu de vos modifications, même non enregistrées, avec des exemples\u202f: ${customerName}, commande ${orderNumber}. Le lien de désinscription est ajouté à chaque e-mail.`,
    deviceLabel: 'Largeur de l’aperçu',
    devices: { desktop: 'Ordinateur (600 px)', phone: 'Téléphone (375 px)' },
    from: 'De\u202f:',
    to: 'À\u202f:',
    subject: 'Objet\u202f:',
    frameTitle: 'Aperçu de l’e-mail',
    errorHeading: 'L’aperçu ne peut pas être affiché',
    errorBody: 'Le modèle contient une erreur de syntaxe. Vérifiez les variables entre {{ }} et les balises {% %}.',
    /** A template beyond the limits every e-mail has (core/email/render-limits.ts): the server refuses it too. */
    limitBody: {
      size: `Le modèle dépasse la taille maximale d’un e-mail (${count(RENDER_LIMITS.outputChars, 'caractère', 'caractères')} une fois affiché). Réduisez les boucles et les répétitions.`,
      time: `Le modèle prend trop de temps à s’afficher (plus de ${RENDER_LIMITS.renderMs} ms par e-mail). Simplifiez les boucles et les filtres.`,
      memory: 'Le modèle demande trop de mémoire ou d’imbrications pour s’afficher. Simplifiez les boucles, les listes et les blocs imbriqués.',
    } satisfies Record<TemplateLimit, string>,
    /** Where and what (core/email/liquid-syntax-messages.ts): « Erreur à la ligne 1, colonne 9\u202f: une variable … ». */
    errorAt: (place: string, fault: string) => `Erreur${place ? ` ${place}` : ''}\u202f: ${fault}.`,
  },
  warnings: {
    heading: 'Points à vérifier avant d’enregistrer',
    items: {
      missing_review_link: {
        title: 'Aucun lien vers la page d’avis',
        reason: 'Ni le contenu ni le lien du bouton ne contiennent {{ review_link }}\u202f: le client ne pourra pas atteindre la page d’avis.',
      },
      html_too_large: {
        title: 'L’e-mail dépasse 100 Ko',
        reason: 'Gmail coupe les e-mails de plus de 102 Ko\u202f: la fin du message, dont le bouton et le lien de désinscription, serait masquée.',
      },
      selective_wording: {
        title: 'Le texte semble s’adresser aux seuls clients satisfaits',
        reason:
          'Google, Trustpilot et la FTC américaine interdisent de ne solliciter que les clients satisfaits\u202f: demandez l’avis de tous vos clients, quelle que soit leur expérience.',
      },
      incentive_wording: {
        title: 'Le texte semble promettre une récompense',
        reason: 'Offrir une récompense (réduction, cadeau, concours…) en échange d’un avis est interdit par la FTC américaine et par les plateformes d’avis.',
      },
    } satisfies Record<TemplateWarning, { title: string; reason: string }>,
    confirmTitle: 'Enregistrer malgré ces avertissements\u202f?',
    confirmIntro: 'Ce modèle sera utilisé pour les prochains e-mails envoyés à vos clients\u202f:',
    confirm: 'Enregistrer quand même',
    cancel: 'Modifier',
  },
  logo: {
    // The spec's words for the template's logo (docs/product/errors.md).
    uploaded: 'Logo uploadé avec succès\u202f!',
    notImage: 'Veuillez sélectionner une image',
    tooLarge: 'L’image ne doit pas dépasser 2 Mo',
    uploadError: 'Erreur d’upload',
    removed: 'Logo retiré\u202f: enregistrez pour appliquer ce changement.',
  },
  saved: 'Template enregistré avec succès\u202f!',
  test: {
    send: (address: string) => `Envoyer un test à ${address}`,
    sending: 'Envoi du test…',
    sent: (address: string) => `E-mail de test envoyé à ${address}`,
    hint: 'Le test reprend vos modifications, même non enregistrées, avec les exemples de l’aperçu.',
  },
};
