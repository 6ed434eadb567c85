/**
 * The review page in the customer's language (issue 48, decision 056): one catalogue per shipped
 * language, each with the French one's keys (`ReviewPageCatalogue`), written as a native speaker of
 * that language would write them. The page reads the one of its request's locale.
 */
import { languageOf, type CustomerLanguage } from '#core/customer-language';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nl } from './nl';

export type ReviewPageCatalogue = typeof fr;

export const reviewPageCatalogues: Record<CustomerLanguage, ReviewPageCatalogue> = { fr, en, de, es, it, nl };

/** The catalogue of a request's locale (`de-AT` reads German); French for a locale not shipped. */
export function reviewPageMessagesIn(locale: string | null | undefined): ReviewPageCatalogue {
  return reviewPageCatalogues[languageOf(locale)];
}

/** The French catalogue: the merchant's side (the page texts a store that wrote none shows in its settings). */
export const reviewPageMessages = fr;
