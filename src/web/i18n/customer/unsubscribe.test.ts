/** The unsubscribe page in every shipped language (decision 056): the French keys, each language's own typography, no French left. */
import { describe, expect, it } from 'vitest';
import { CUSTOMER_LANGUAGES } from '#core/customer-language';
import { unsubscribeCatalogues } from './unsubscribe';

const texts = (language: (typeof CUSTOMER_LANGUAGES)[number]) =>
  Object.entries(unsubscribeCatalogues[language]).map(([key, value]) => [key, typeof value === 'function' ? (value as (store: string) => string)('Atelier Nova') : value] as const);

describe('the unsubscribe page’s catalogues', () => {
  it.each(CUSTOMER_LANGUAGES)('%s has every key of the French one, none empty, the store named where the French names it', (language) => {
    expect(texts(language).map(([key]) => key)).toEqual(texts('fr').map(([key]) => key));
    for (const [key, text] of texts(language)) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      if (
        texts('fr')
          .find(([k]) => k === key)![1]
          .includes('Atelier Nova')
      )
        expect(text, `${language} ${key}`).toContain('Atelier Nova');
    }
  });

  it.each(CUSTOMER_LANGUAGES.filter((language) => language !== 'fr'))('%s follows its own typography and leaves no French', (language) => {
    const french = new Map(texts('fr'));
    for (const [key, text] of texts(language)) {
      expect(text, `${language} ${key}`).not.toMatch(/[\u00a0\u202f ][!?:;]/);
      if (text.length > 12) expect(text, `${language} ${key}`).not.toBe(french.get(key));
    }
  });
});
