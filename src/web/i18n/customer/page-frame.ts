/**
 * What surrounds a page a customer opens (issue 48, decision 056): the loading screen before the
 * page's code has arrived, the skip link, the brand's home link, the retry of a failed load and the
 * legal footer of the public layout, in the customer's
 * language so that no French is left around a translated page. French is the merchant's pages' own
 * text (i18n/fr/common.ts), so a French customer reads what the merchant's public pages show.
 */
import type { CustomerLanguage } from '#core/customer-language';
import { common } from '../fr/common';
import { de } from './page-frame/de';
import { en } from './page-frame/en';
import { es } from './page-frame/es';
import { it } from './page-frame/it';
import { nl } from './page-frame/nl';

const fr = {
  loading: common.loading,
  skipToContent: common.skipToContent,
  homeLinkLabel: common.homeLinkLabel,
  retry: common.retry,
  legalNavLabel: common.footer.legalNavLabel,
  privacy: common.footer.privacy,
  terms: common.footer.terms,
  legalNotice: common.footer.legalNotice,
  copyright: common.footer.copyright,
};

export type PageFrameMessages = typeof fr;

export const pageFrameCatalogues: Record<CustomerLanguage, PageFrameMessages> = { fr, en, de, es, it, nl };
