/**
 * What a review-request template is warned about before it is saved (never refused: the merchant
 * decides). The wording checks follow docs/product/stances.md (Google, Trustpilot, the US FTC's
 * 16 CFR 465): asking only satisfied customers, or rewarding a review, is forbidden.
 */

export const TEMPLATE_WARNINGS = ['missing_review_link', 'html_too_large', 'selective_wording', 'incentive_wording'] as const;
export type TemplateWarning = (typeof TEMPLATE_WARNINGS)[number];

/** Gmail clips a message over 102 KB; warn with a margin. */
export const HTML_WARNING_BYTES = 100 * 1024;

/** Text a template's parts are checked on (Liquid source: variables are irrelevant to the wording). */
export interface TemplateText {
  subject: string;
  bodyContent: string;
  buttonText: string;
  buttonUrlTemplate: string;
  footerText?: string | null;
  /** The greeting and closing of Branding & Pages, which the e-mail shows around the body. */
  greeting?: string | null;
  closing?: string | null;
  /** The reminder's subject and first line (null: the defaults, which are worded to pass). */
  reminderSubject?: string | null;
  reminderFirstLine?: string | null;
}

const REVIEW_LINK = /\{\{-?\s*review_link\b/;

/**
 * The wording patterns run on a folded copy of the text: lower case, accents and other marks
 * removed, typographic apostrophes and dashes made plain, every space (the no-break spaces of
 * French typography included) a single space. So `\b` only ever meets ASCII letters (JS `\b` sees no
 * boundary before 'é'), and 'Êtes', 'etes' and 'êtes' read alike, as merchants type them.
 */
export function foldForWording(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´ʼ]/g, "'")
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** Asking only the happy ones, or asking for a good rating (French and English, on folded text). */
const SELECTIVE = [
  // « si vous êtes (vraiment) satisfait(e) », « si vous avez été ravi », « si tu es content »
  /\bsi (?:vous|tu) (?:etes|es|etiez|etais|avez ete|as ete|etes reste) (?:[a-z]+ ){0,2}(?:satisfait|content|ravi|heureu|enchante|conquis|comble|emballe)/,
  // « si vous avez aimé / apprécié / adoré »
  /\bsi (?:vous|tu) (?:avez|as) (?:[a-z]+ )?(?:aime|apprecie|adore)\b/,
  // « si votre commande vous a plu », « si nos produits vous ont plu »
  /\bsi (?:[a-z']+ ){0,4}(?:vous|t') ?(?:a|ont) (?:[a-z]+ )?plu\b/,
  // « si votre expérience a été positive », « si tout s'est bien passé »
  /\bsi (?:votre|ton|l') ?experience (?:a ete |etait |est )?(?:[a-z]+ )?(?:positive|bonne|agreable|reussie|excellente|parfaite|satisfaisante)\b/,
  /\bsi tout (?:s'est|c'est|s'est vraiment) (?:bien|tres bien|parfaitement) passe\b/,
  /\b(?:seulement|uniquement) si\b/,
  // « nos clients satisfaits », « clientes heureuses », « les acheteurs les plus contents »
  /\b(?:clients?|clientes?|acheteurs?|acheteuses?) (?:les plus |tres )?(?:satisfait|heureu|content|ravi|fideles? et satisfait)/,
  // « laissez-nous 5 étoiles », « cinq étoiles », « 5/5 », but not « de 1 à 5 étoiles »
  /(?<!\b(?:a|sur|et|ou) )\b(?:5|cinq) ?(?:etoiles?|\/ ?5)(?![\p{L}\p{N}])/u,
  /(?:(?:\u2b50|\u2605|\u{1f31f}) ?){5}/u,
  /\b(?:la )?note (?:maximale|maximum|parfaite)\b/,
  // « un avis positif », « une bonne note », but not « des avis positifs ou négatifs »
  /\b(?:un|une|des|vos|votre|d'un|d'une|de bons|de bonnes) (?:bons? avis|avis (?:positifs?|favorables?|elogieux|5 etoiles)|bonnes? notes?|notes? positives?|excellentes? notes?)\b(?! (?:ou|comme|et|que) (?:[a-z]+ )?(?:negati|mauvais|defavorable))/,
  /\bif you(?: are|'re| were| have been| felt) (?:[a-z]+ ){0,2}(?:happy|satisfied|pleased|delighted)\b/,
  /\bif you (?:loved|liked|enjoyed)\b/,
  /(?<!\b(?:to|of|out) )\b(?:5|five)[- ]stars?\b/,
  /\b(?:happy|satisfied) customers?\b/,
  /\b(?:a|an) (?:positive|good|great|glowing) review\b/,
];

/** A reward for the review (on folded text). */
const INCENTIVE = [
  /\bcodes? (?:promo|promotionnel|de reduction|reduction|de remise|remise|avantage|cadeau|privilege)\b/,
  /\breductions?\b/,
  // « remise » is a discount, except the delivery of a parcel (« remise en main propre », « remise du colis »)
  /\bremises?\b(?! (?:en main|de (?:votre |ton |la |le )?(?:colis|commande|paquet)|du colis|du paquet))/,
  /\bbons? (?:d'achat|de reduction|cadeaux?|de remise)\b/,
  /\b(?:coupons?|cadeaux?|cartes? cadeaux?|goodies|ristournes?)\b/,
  /\b(?:echantillons?|produits?|articles?|livraisons?|frais de port) (?:gratuits?|gratuites?|offerts?|offertes?)\b/,
  /\bpoints? (?:de )?fidelite\b/,
  /\b(?:tirage au sort|jeu[- ]concours|concours|a gagner|a la cle)\b/,
  /\b(?:tentez|pour|chance|chances) (?:de )?(?:gagner|remporter)\b/,
  /\ben (?:echange|contrepartie) (?:de|d'|du)/,
  // « nous vous offrons … » (not « pour vous offrir un meilleur service »)
  /\b(?:nous vous|on vous) offr(?:ons|irons|e)\b/,
  // « -10 % », « −10% » (dashes are folded), « 10 % offerts », « 5 € de moins »
  /-\s?\d{1,3}(?:[.,]\d+)?\s?%/,
  /\d\s?(?:%|€|euros?|\$) (?:offerts?|de moins|off|de remise|sur votre prochaine)/,
  /\b(?:discount|voucher|coupon|gift card|free gift|giveaway|promo code|in exchange for|cashback)\b/,
];

/** The warnings of a template whose rendered HTML weighs `htmlBytes` (UTF-8 bytes). */
export function templateWarnings(template: TemplateText, htmlBytes: number): TemplateWarning[] {
  const warnings: TemplateWarning[] = [];
  const text = foldForWording(
    [template.subject, template.greeting, template.bodyContent, template.closing, template.buttonText, template.footerText, template.reminderSubject, template.reminderFirstLine]
      .filter(Boolean)
      .join('\n'),
  );
  if (!REVIEW_LINK.test(template.bodyContent) && !REVIEW_LINK.test(template.buttonUrlTemplate)) warnings.push('missing_review_link');
  if (htmlBytes > HTML_WARNING_BYTES) warnings.push('html_too_large');
  if (SELECTIVE.some((pattern) => pattern.test(text))) warnings.push('selective_wording');
  if (INCENTIVE.some((pattern) => pattern.test(text))) warnings.push('incentive_wording');
  return warnings;
}

/** UTF-8 size of a string, the same in Node and the browser. */
export function utf8Bytes(value: string): number {
  return new TextEncoder().encode(value).byteLength;
}
