/** French messages of the codes every endpoint may answer. */
import type { MessagesOf } from './types';
import { count } from '#core/french-format';
import type { COMMON_ERRORS } from '#core/api/errors';

export const commonMessages: MessagesOf<typeof COMMON_ERRORS> = {
  invalid_input: 'Les données envoyées sont invalides.',
  invalid_json: 'Le corps de la requête doit être un JSON valide.',
  invalid_characters: 'Le texte envoyé contient un caractère non autorisé (caractère nul).',
  json_required: 'Le corps de la requête doit être au format JSON (type de contenu application/json).',
  payload_too_large: 'La requête est trop volumineuse.',
  not_found: 'Ressource introuvable.',
  unknown_function: 'Fonction inconnue.',
  not_signed_in: 'Vous devez être connecté pour effectuer cette action.',
  invalid_session_token: 'Votre session Shopify a expiré. Rechargez l’application depuis l’administration Shopify.',
  forbidden_origin: 'Requête refusée\u202f: origine non autorisée.',
  no_store: 'Aucune boutique Shopify active trouvée',
  rate_limited: (v) => {
    const minutes = Math.max(1, Math.ceil(Number(v.retryAfterSeconds ?? 60) / 60));
    return `Trop de tentatives. Veuillez réessayer dans ${count(minutes, 'minute', 'minutes')}.`;
  },
  internal: 'Une erreur interne est survenue. Veuillez réessayer.',
};
