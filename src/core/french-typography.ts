/**
 * The French typography every text a merchant or a customer reads follows (decision 026), as a
 * scanner: `findTypographyIssues(text)` lists what breaks it. The catalogue test
 * (src/server/messages/catalogue-typography.test.ts) runs it over every message catalogue so a bad
 * string cannot come back.
 *
 * The rules:
 * - a narrow no-break space (U+202F) before ! ? ; and : (never an ordinary or a no-break space, never
 *   nothing), and inside « »;
 * - one apostrophe, the typographic one (’): no straight ' inside a word;
 * - a count agrees with its noun: no « 1 demandes », and a count known only at run time goes through
 *   the plural helper (src/core/french-format.ts) rather than sitting before a plural noun;
 * - a middle dot between two items has a space on each side (ordinary or no-break): « Publié · Lien
 *   partagé », never « Publié·Lien » (decision 050).
 *
 * In the text, `{#}` stands for a number known only at run time, and any other `{…}` for some other
 * inserted value. Liquid (`{{ … }}`, `{% … %}`), URLs, paths and HTML entities are not prose and are
 * left out.
 */

/** U+202F, the narrow no-break space French puts before ! ? ; : and inside « ». */
export const NNBSP = '\u202f';

/** The rules, by name. */
export type TypographyRule =
  | 'space-before-punctuation'
  | 'missing-space-before-punctuation'
  | 'guillemet-spacing'
  | 'straight-apostrophe'
  | 'one-with-plural'
  | 'count-without-agreement'
  | 'middle-dot-spacing';

export interface TypographyIssue {
  rule: TypographyRule;
  /** Position in the text given. */
  index: number;
  /** A few characters around the fault, to find it. */
  excerpt: string;
}

/** The marker of a number inserted at run time (a count). */
export const COUNT_MARKER = '{#}';

/** Nouns that end in s or x in the singular as well: « 1 avis », « 1 mois ». */
const INVARIABLE = new Set([
  'abus',
  'accès',
  'avis',
  'bras',
  'cas',
  'choix',
  'colis',
  'corps',
  'fois',
  'mois',
  'pays',
  'poids',
  'prix',
  'procès',
  'progrès',
  'refus',
  'repas',
  'succès',
  'temps',
  'virus',
  'voix',
]);

/** Whether `word`, written after a count, reads as a plural (its last letter, invariable nouns aside). */
export function looksPlural(word: string): boolean {
  const lower = word.toLowerCase();
  return /[sx]$/.test(lower) && !INVARIABLE.has(lower);
}

/**
 * The text with what is not prose blanked out (same length, so positions hold): Liquid, URLs and
 * paths, HTML entities, and inserted values other than counts.
 */
function prose(text: string): string {
  const blank = (match: string) => ' '.repeat(match.length);
  return text
    .replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g, (m) => `{${'x'.repeat(m.length - 2)}}`)
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, blank)
    .replace(/(^|\s)\/[\w/.?=&%-]*/g, (m, lead: string) => lead + ' '.repeat(m.length - lead.length))
    .replace(/&(?:#\d+|#x[\da-f]+|[a-z]+);/gi, blank);
}

const CHECKS: { rule: TypographyRule; pattern: RegExp }[] = [
  // An ordinary or no-break space where the narrow one goes: « Merci ! » typed with a space.
  { rule: 'space-before-punctuation', pattern: /[ \u00a0]+[!?;:]/gu },
  // Nothing before ! ? ; after a word, a figure or a closing sign; a colon glued to a word and
  // followed by a space or the end ('Note: ', not 'include:spf' nor '10:30').
  { rule: 'missing-space-before-punctuation', pattern: /[\p{L}\p{N})\]}»…’"]+[!?;]|[\p{L})\]}»…]:(?=\s|$)/gu },
  { rule: 'guillemet-spacing', pattern: /«(?!\u202f)|(?<!\u202f)»/gu },
  { rule: 'straight-apostrophe', pattern: /\p{L}'(?=[\p{L}{«])/gu },
  { rule: 'one-with-plural', pattern: /(?<![\p{L}\p{N}.,\u202f\u00a0-])1[ \u00a0\u202f]+([\p{L}][\p{L}’'-]*)/gu },
  { rule: 'count-without-agreement', pattern: /\{#\}[ \u00a0\u202f]+([\p{L}][\p{L}’'-]*)/gu },
  // A middle dot glued to what is before or after it (the text's ends are left to what joins it).
  { rule: 'middle-dot-spacing', pattern: /(?<=[^\s])·|·(?=[^\s])/gu },
];

/** What in `text` breaks French typography (see the rules above); empty when nothing does. */
export function findTypographyIssues(text: string): TypographyIssue[] {
  const scanned = prose(text);
  const issues: TypographyIssue[] = [];
  for (const { rule, pattern } of CHECKS) {
    for (const match of scanned.matchAll(pattern)) {
      const word = match[1];
      if (word !== undefined && !looksPlural(word)) continue;
      const index = match.index;
      issues.push({ rule, index, excerpt: text.slice(Math.max(0, index - 20), index + match[0].length + 20) });
    }
  }
  return issues.sort((a, b) => a.index - b.index);
}
