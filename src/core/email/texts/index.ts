/**
 * The review e-mail's own texts in the customer's language (issue 48, decision 056): one set per
 * shipped language, each with the French one's keys, written as a native speaker of that language
 * would write them. The e-mail of a request reads the set of its locale.
 */
import { languageOf, type CustomerLanguage } from '#core/customer-language';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nl } from './nl';

export type ReviewEmailTexts = typeof fr;

export const reviewEmailTexts: Record<CustomerLanguage, ReviewEmailTexts> = { fr, en, de, es, it, nl };

/** The texts of a locale's language (`de-AT` reads German); French for a locale not shipped. */
export function reviewEmailTextsIn(locale: string | null | undefined): ReviewEmailTexts {
  return reviewEmailTexts[languageOf(locale)];
}
