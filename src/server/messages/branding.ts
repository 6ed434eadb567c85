/** French messages of branding, logos and the e-mail template editor (spec section 8 where it gives them). */
import type { BRANDING_ERRORS } from '../../core/api/branding';
import type { EMAIL_TEMPLATE_ERRORS } from '../../core/api/email-templates';
import type { MessagesOf } from './types';

export const brandingErrorMessages: MessagesOf<typeof BRANDING_ERRORS> = {
  // Spec section 5 gives these two in English; kept as given.
  logo_unsupported_type: 'Please upload a PNG, JPG, or SVG file',
  logo_too_large: 'File size must be less than 2MB',
  logo_unreadable: 'Échec du téléchargement du logo : le fichier est illisible ou contient des éléments non autorisés.',
  logo_not_found: 'Ce logo est introuvable. Veuillez le télécharger à nouveau.',
};

export const emailTemplateErrorMessages: MessagesOf<typeof EMAIL_TEMPLATE_ERRORS> = {
  template_logo_not_image: 'Veuillez sélectionner une image',
  template_logo_too_large: "L'image ne doit pas dépasser 2 Mo",
  template_invalid: ({ detail }) => `Le template contient une erreur de syntaxe${detail ? ` : ${String(detail)}` : ''}. Vérifiez les variables entre {{ }}.`,
  test_email_failed: "L'envoi de l'email de test a échoué. Réessayez dans quelques instants.",
};
