/** French messages of branding, logos and the e-mail template editor (docs/product/errors.md). */
import type { BRANDING_ERRORS } from '#core/api/branding';
import type { EMAIL_TEMPLATE_ERRORS } from '#core/api/email-templates';
import { RENDER_LIMITS } from '#core/email/render-limits';
import type { MessagesOf } from './types';
import { count } from '#core/french-format';

/** The merchant-written text a template limit is about (sample.ts TemplatePart), as a sentence's subject. */
function partName(part: string | number | undefined): string {
  if (part === 'email_greeting') return 'La formule d’accueil';
  if (part === 'email_closing') return 'La formule de fin';
  return 'Le modèle';
}

export const brandingErrorMessages: MessagesOf<typeof BRANDING_ERRORS> = {
  // The first specification gave these two in English (docs/product/validation.md): said in French with the same meaning (decision 025).
  logo_unsupported_type: 'Veuillez télécharger un fichier PNG, JPG ou SVG',
  logo_too_large: 'Le fichier doit faire moins de 2 Mo',
  logo_unreadable: 'Échec du téléchargement du logo\u202f: le fichier est illisible ou contient des éléments non autorisés.',
  logo_not_found: 'Ce logo est introuvable. Veuillez le télécharger à nouveau.',
};

export const emailTemplateErrorMessages: MessagesOf<typeof EMAIL_TEMPLATE_ERRORS> = {
  template_logo_not_image: 'Veuillez sélectionner une image',
  template_logo_too_large: 'L’image ne doit pas dépasser 2 Mo',
  // Where (« à la ligne 1, colonne 9 ») and what, from core/email/liquid-syntax-messages.ts (email-templates/sample.ts).
  template_invalid: ({ place, fault }) =>
    fault
      ? `Le modèle contient une erreur de syntaxe${place ? ` ${String(place)}` : ''}\u202f: ${String(fault)}.`
      : 'Le modèle contient une erreur de syntaxe. Vérifiez les variables entre {{ }} et les balises {% %}.',
  template_too_large: ({ part }) =>
    `${partName(part)} dépasse la taille maximale d’un e-mail (plus de ${count(RENDER_LIMITS.outputChars, 'caractère', 'caractères')} à l’affichage). Réduisez les boucles et les répétitions.`,
  template_too_slow: ({ part }) => `${partName(part)} prend trop de temps à s’afficher (plus de ${RENDER_LIMITS.renderMs} ms par e-mail). Simplifiez les boucles et les filtres.`,
  template_too_complex: ({ part }) => `${partName(part)} demande trop de mémoire ou d’imbrications pour s’afficher. Simplifiez les boucles, les listes et les blocs imbriqués.`,
  test_email_failed: 'L’envoi de l’e-mail de test a échoué. Réessayez dans quelques instants.',
  template_queue_full: ({ retryAfterSeconds }) =>
    `Votre boutique a déjà plusieurs modèles en cours de vérification. Réessayez dans ${count(Number(retryAfterSeconds) || 1, 'seconde', 'secondes')}.`,
};
