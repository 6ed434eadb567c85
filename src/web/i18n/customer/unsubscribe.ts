/**
 * The unsubscribe page in the customer's language (issue 48, decision 056): the language of the
 * request its link came with, as the page's status says it, or before that the browser's. French
 * (i18n/fr/unsubscribe.ts) is the reference of the keys.
 */
import type { CustomerLanguage } from '#core/customer-language';
import { unsubscribe as fr } from '../fr/unsubscribe';
import { de } from './unsubscribe/de';
import { en } from './unsubscribe/en';
import { es } from './unsubscribe/es';
import { it } from './unsubscribe/it';
import { nl } from './unsubscribe/nl';

export type UnsubscribeMessages = typeof fr;

export const unsubscribeCatalogues: Record<CustomerLanguage, UnsubscribeMessages> = { fr, en, de, es, it, nl };
