/**
 * The bounds of a flow and the French sentences that state them, written once for the server's
 * validation and the web form (the form once accepted up to 9,999,999,999.99 while the server
 * refused anything over 1,000,000,000).
 */
export const FLOW_LIMITS = {
  nameMax: 100,
  maxDelayDays: 365,
  /** The reminder goes 1 to 30 days after the first e-mail. */
  reminderDays: { min: 1, max: 30 },
  /** In the shop's currency; the column holds up to 10 digits before the decimal point. */
  maxMinimumAmount: 1_000_000_000,
} as const;

/** 1000000000 → "1 000 000 000" (plain spaces: the sentence is compared as written). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export const flowValidationMessages = {
  nameRequired: 'Le nom du flux est requis',
  nameTooLong: `Le nom du flux ne peut pas dépasser ${FLOW_LIMITS.nameMax} caractères`,
  trigger: 'Le déclencheur doit être «\u202fcommande payée\u202f», «\u202fcommande expédiée\u202f» ou «\u202fcommande livrée\u202f»',
  reminder: `La relance doit partir entre ${FLOW_LIMITS.reminderDays.min} et ${FLOW_LIMITS.reminderDays.max} jours après le premier e-mail`,
  delay: `Le délai doit être un nombre entier de jours, positif ou nul (${FLOW_LIMITS.maxDelayDays} au plus)`,
  minimum: 'Le montant minimum doit être un nombre positif ou nul',
  minimumTooLarge: `Le montant minimum ne peut pas dépasser ${grouped(FLOW_LIMITS.maxMinimumAmount)}`,
  whatsapp: 'WhatsApp n’est pas encore disponible',
  noStore: 'Aucune boutique Shopify connectée',
} as const;
