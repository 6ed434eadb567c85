import { RENDER_LIMITS, type TemplateLimit } from '#core/email/render-limits';
import { count } from '#core/french-format';

/** French notes the sender writes on a request (shown in the send calendar). */
export const sendingMessages = {
  noAddress: 'La commande n’a pas d’adresse e-mail',
  /** Where and what (core/email/liquid-syntax-messages.ts): « à la ligne 1, colonne 9 », « une variable … ». */
  template: (place: string, fault: string) => `Modèle d’e-mail invalide${place ? ` ${place}` : ''}\u202f: ${fault}`,
  /** The store's template went beyond a limit of the template sandbox (decision 019): nothing went. */
  templateLimit: {
    size: `Modèle d’e-mail trop volumineux\u202f: une fois affiché, il dépasse ${count(RENDER_LIMITS.outputChars, 'caractère', 'caractères')}\u202f; l’e-mail n’est pas parti`,
    time: `Modèle d’e-mail trop long à afficher (plus de ${RENDER_LIMITS.renderMs} ms par e-mail)\u202f; l’e-mail n’est pas parti`,
    memory: 'Modèle d’e-mail trop gourmand en mémoire ou trop imbriqué pour s’afficher\u202f; l’e-mail n’est pas parti',
  } satisfies Record<TemplateLimit, string>,
  /** The store's DKIM key could not be read (the encryption key changed): nothing went, the send is retried. */
  signingKey: 'La clé de signature DKIM de la boutique est illisible\u202f: l’e-mail n’est pas parti',
} as const;
