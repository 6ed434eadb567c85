/**
 * The pages a customer opens from an e-mail (issue 48, decision 056): they speak the customer's
 * language, not the merchant's French, from their first paint on.
 */
import { languageOfVisitor, type CustomerLanguage } from '#core/customer-language';

/** Where the customers' pages are (the unsubscribe link's page). */
const CUSTOMER_PAGE_PREFIXES = ['/unsubscribe/'] as const;

export const isCustomerPage = (pathname: string): boolean => CUSTOMER_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix));

/** The browser's language among the shipped ones (navigator.languages), else French: until a page knows the request's. */
export const browserLanguage = (): CustomerLanguage => languageOfVisitor(typeof navigator === 'undefined' ? '' : navigator.languages.join(','));
