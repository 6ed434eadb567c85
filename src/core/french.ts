/**
 * French elision before a name inserted into a sentence: 'de Marie' but 'd’Atelier Nova', 'que
 * Paul' but 'qu’Inès'. A catalogue cannot write the article itself when the name is only known at
 * run time (a store, a customer, a brand), so every such sentence goes through `elide`.
 */

/** The word whose final vowel is dropped before a vowel sound. */
export type ElidableWord = 'de' | 'De' | 'le' | 'Le' | 'la' | 'La' | 'que' | 'Que';

/** The one apostrophe of every French text (decision 026): the typographic one. */
export const APOSTROPHE = '’';

/**
 * Common words (first word of a name) that begin with an aspirated h, before which French does not
 * elide ('le Hangar', 'de Haute Couture'). Any other h is taken as mute ('d’Hélène', 'd’Hermès'):
 * that is the more frequent case among names, and a wrong elision reads better than a wrong hiatus.
 * Compared without accents and case.
 */
const ASPIRATED_H = new Set([
  'hache',
  'haie',
  'haine',
  'hall',
  'halle',
  'halles',
  'halte',
  'hamac',
  'hameau',
  'hamster',
  'hanche',
  'handball',
  'hangar',
  'hardi',
  'hareng',
  'haricot',
  'harpe',
  'hasard',
  'hausse',
  'haut',
  'haute',
  'hautes',
  'hauts',
  'havre',
  'heros',
  'herisson',
  'hetre',
  'hibou',
  'hockey',
  'hollande',
  'homard',
  'hongrie',
  'honte',
  'hors',
  'housse',
  'huit',
  'hutte',
]);

/** Opening quotation marks that may precede a name: elision follows the sound, so they are skipped ('d’« Atelier »'). */
const OPENING_QUOTES = /^[\s«"“‘'‹„]+/u;

/** Letters without their accents, lower-cased: 'É' → 'e', 'Œ' stays 'œ'. */
function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const VOWELS = /^[aeiouæœ]/;

/**
 * Whether a name starts with a vowel sound, so that de/le/la/que before it elide: a vowel, accented
 * or capital; a y followed by a consonant ('d’Yves', but 'de Yann', 'de Yoga Studio': a y before a
 * vowel sounds as a consonant); an h unless the first word is a common aspirated-h word. Digits,
 * symbols and empty names do not elide ('de 3 Suisses', 'de @home').
 */
export function startsWithVowelSound(name: string): boolean {
  const text = plain(name.replace(OPENING_QUOTES, ''));
  const first = text.charAt(0);
  if (VOWELS.test(first)) return true;
  if (first === 'y') {
    const next = text.charAt(1);
    return /\p{L}/u.test(next) && !/[aeiouyæœ]/.test(next);
  }
  if (first === 'h') {
    const word = /^\p{L}+/u.exec(text)?.[0] ?? '';
    return !ASPIRATED_H.has(word);
  }
  return false;
}

/**
 * `word` followed by `name`, elided when the name starts with a vowel sound: elide('de', 'Marie')
 * is 'de Marie', elide('de', 'Atelier Nova') is 'd’Atelier Nova', elide('Que', 'Inès') is 'Qu’Inès',
 * with the typographic apostrophe of every catalogue. An empty (or blank) name gives the word alone, so a sentence never ends with a stray
 * space; the name is inserted as it is, only trimmed (a stray space would otherwise follow the
 * apostrophe).
 */
export function elide(word: ElidableWord, name: string): string {
  const text = name.trim();
  if (text === '') return word;
  if (!startsWithVowelSound(text)) return `${word} ${text}`;
  return `${word.slice(0, -1)}${APOSTROPHE}${text}`;
}
