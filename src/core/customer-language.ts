/**
 * The language each customer is asked in (issue 48). Shopify records the language of every order
 * (`Order.customerLocale`, `customer_locale` in the order webhooks: `en`, `fr-CA`, `de-DE`…); a request
 * is made in it when the store serves that language, else in the store's default language, else in
 * French. The choice is made once, when the request is scheduled, and recorded on it as a locale
 * (`de-DE`, `fr`): its language subtag picks the texts, its region the dates and numbers.
 */

/** The languages the app ships its customer-facing texts in. */
export const CUSTOMER_LANGUAGES = ['fr', 'en', 'de', 'es', 'it', 'nl'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

/** The language of a store that chose none, and of every request made before languages existed. */
export const DEFAULT_CUSTOMER_LANGUAGE: CustomerLanguage = 'fr';

export function isCustomerLanguage(value: unknown): value is CustomerLanguage {
  return typeof value === 'string' && (CUSTOMER_LANGUAGES as readonly string[]).includes(value);
}

/**
 * A locale as Shopify gives it, in its canonical BCP 47 form (`fr_ca` → `fr-CA`, `EN` → `en`), or null
 * when it is missing or not a language tag. Anything longer than a language and a region is cut to
 * those two: the texts need no more, and the stored value stays short and comparable.
 */
export function canonicalLocale(raw: string | null | undefined): string | null {
  const text = raw?.trim().replace(/_/g, '-');
  if (!text || text.length > 35) return null;
  let tag: string | undefined;
  try {
    [tag] = Intl.getCanonicalLocales(text);
  } catch {
    return null;
  }
  if (!tag) return null;
  const locale = new Intl.Locale(tag);
  return locale.region ? `${locale.language}-${locale.region}` : locale.language;
}

/** The language subtag of a locale (`fr-CA` → `fr`), lower-case. */
export function baseLanguage(locale: string): string {
  return locale.split('-')[0]!.toLowerCase();
}

export interface StoreLanguages {
  /** The store's default language: its customers' language when their order's is not served. */
  defaultLanguage: CustomerLanguage;
  /** The languages the store asks in (its default language always among them). */
  served: readonly CustomerLanguage[];
}

/**
 * The locale a request is made in: the order's, when the store serves its language (the region kept:
 * `fr-CA` stays `fr-CA`); else the store's default language. A store's default language is served
 * whatever its list says; an unknown default is French.
 */
export function requestLocale(orderLocale: string | null | undefined, store: StoreLanguages): string {
  const locale = canonicalLocale(orderLocale);
  const fallback = isCustomerLanguage(store.defaultLanguage) ? store.defaultLanguage : DEFAULT_CUSTOMER_LANGUAGE;
  if (!locale) return fallback;
  const language = baseLanguage(locale);
  return language === fallback || (isCustomerLanguage(language) && store.served.includes(language)) ? locale : fallback;
}

/** The language of a recorded locale: one of the shipped languages, French for anything else. */
export function languageOf(locale: string | null | undefined): CustomerLanguage {
  const language = locale ? baseLanguage(locale) : DEFAULT_CUSTOMER_LANGUAGE;
  return isCustomerLanguage(language) ? language : DEFAULT_CUSTOMER_LANGUAGE;
}

/**
 * The visitor's language from the browser's `Accept-Language`, for a page that has no request to
 * read it from (a link that is not valid): the first shipped language it names, by its weights;
 * French when it names none.
 */
export function languageOfVisitor(acceptLanguage: string | null | undefined): CustomerLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: baseLanguage(tag.trim() || '*'), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0 && isCustomerLanguage(entry.language))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return (ranked[0]?.language as CustomerLanguage | undefined) ?? DEFAULT_CUSTOMER_LANGUAGE;
}
