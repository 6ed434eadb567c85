import { describe, expect, it } from 'vitest';
import { CUSTOMER_LANGUAGES, canonicalLocale, languageOf, languageOfVisitor, requestLocale, type StoreLanguages } from './customer-language';

const allServed: StoreLanguages = { defaultLanguage: 'fr', served: CUSTOMER_LANGUAGES };

describe('canonicalLocale', () => {
  it.each([
    ['en', 'en'],
    ['fr-CA', 'fr-CA'],
    ['fr-ca', 'fr-CA'],
    ['de_DE', 'de-DE'],
    ['EN', 'en'],
    ['  es-MX ', 'es-MX'],
    ['zh-Hant-TW', 'zh-TW'],
    ['pt-BR', 'pt-BR'],
  ])('reads %j as %j', (raw, expected) => {
    expect(canonicalLocale(raw)).toBe(expected);
  });

  it.each([null, undefined, '', '   ', 'not a locale', 'fr--CA', '123', 'x'.repeat(40)])('reads %j as no locale', (raw) => {
    expect(canonicalLocale(raw)).toBeNull();
  });
});

describe('requestLocale: the order’s locale, else its base language served, else the store’s default, else French', () => {
  it('keeps the order’s locale, region included, when the store serves its language', () => {
    expect(requestLocale('de-DE', allServed)).toBe('de-DE');
    expect(requestLocale('fr-CA', allServed)).toBe('fr-CA');
    expect(requestLocale('en', allServed)).toBe('en');
    expect(requestLocale('nl-BE', allServed)).toBe('nl-BE');
    expect(requestLocale('it_ch', allServed)).toBe('it-CH');
    expect(requestLocale('es-419', allServed)).toBe('es-419');
  });

  it('asks in the store’s default language when the order’s language is not one the store serves', () => {
    const frenchAndEnglish: StoreLanguages = { defaultLanguage: 'en', served: ['en', 'fr'] };
    expect(requestLocale('de-DE', frenchAndEnglish)).toBe('en');
    expect(requestLocale('fr-BE', frenchAndEnglish)).toBe('fr-BE');
  });

  it('asks in the store’s default language for a language the app does not ship, or an order without a usable locale', () => {
    const germanStore: StoreLanguages = { defaultLanguage: 'de', served: CUSTOMER_LANGUAGES };
    expect(requestLocale('pt-BR', germanStore)).toBe('de');
    expect(requestLocale('ja', germanStore)).toBe('de');
    expect(requestLocale(null, germanStore)).toBe('de');
    expect(requestLocale('', germanStore)).toBe('de');
    expect(requestLocale('not a locale', germanStore)).toBe('de');
  });

  it('always serves the store’s default language, even left out of its list', () => {
    expect(requestLocale('de-AT', { defaultLanguage: 'de', served: ['fr'] })).toBe('de-AT');
  });

  it('falls back to French when the store’s default language is not one the app ships', () => {
    expect(requestLocale('pt', { defaultLanguage: 'pt' as never, served: ['pt' as never] })).toBe('fr');
  });
});

describe('languageOf', () => {
  it('reads the shipped language of a recorded locale, French otherwise', () => {
    expect(languageOf('de-CH')).toBe('de');
    expect(languageOf('nl')).toBe('nl');
    expect(languageOf('pt-BR')).toBe('fr');
    expect(languageOf(null)).toBe('fr');
  });
});

describe('languageOfVisitor', () => {
  it('takes the first shipped language of Accept-Language, by weight, French otherwise', () => {
    expect(languageOfVisitor('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(languageOfVisitor('pt-BR,pt;q=0.9,es;q=0.5,en;q=0.7')).toBe('en');
    expect(languageOfVisitor('ja, nl;q=0.1')).toBe('nl');
    expect(languageOfVisitor('it;q=0, en')).toBe('en');
    expect(languageOfVisitor('ja')).toBe('fr');
    expect(languageOfVisitor('')).toBe('fr');
    expect(languageOfVisitor(undefined)).toBe('fr');
  });
});
