/**
 * The storefront's « how we collect reviews » page in the storefront's language (issue 48, decision
 * 056): one catalogue per shipped language, each with the French one's keys, written as a native
 * speaker of that language would write them, with the labels the block shows in that language.
 */
import { languageOf, type CustomerLanguage } from '#core/customer-language';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nl } from './nl';

export type MethodPageCatalogue = typeof fr;

export const methodPageCatalogues: Record<CustomerLanguage, MethodPageCatalogue> = { fr, en, de, es, it, nl };

/** The catalogue of a locale (`de-AT` reads German); French for a locale not shipped. */
export function methodPageMessagesIn(locale: string | null | undefined): MethodPageCatalogue {
  return methodPageCatalogues[languageOf(locale)];
}
