/** The public layout's frame in every shipped language (decision 056): the French keys, each language's own typography, no French left. */
import { describe, expect, it } from 'vitest';
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '#core/customer-language';
import { messages } from '#web/i18n';
import { pageFrameCatalogues } from './page-frame';

const texts = (language: CustomerLanguage) =>
  Object.entries(pageFrameCatalogues[language]).map(([key, value]) => [key, typeof value === 'function' ? (value as (year: number) => string)(2026) : value] as const);

describe('the public layout’s frame catalogues', () => {
  it('is, in French, what the merchant’s public pages show', () => {
    const fr = pageFrameCatalogues.fr;
    expect([fr.skipToContent, fr.homeLinkLabel, fr.retry, fr.privacy, fr.copyright(2026)]).toEqual([
      messages.common.skipToContent,
      messages.common.homeLinkLabel,
      messages.common.retry,
      messages.common.footer.privacy,
      messages.common.footer.copyright(2026),
    ]);
  });

  it.each(CUSTOMER_LANGUAGES)('%s has every key of the French one, none empty, the year written', (language) => {
    expect(texts(language).map(([key]) => key)).toEqual(texts('fr').map(([key]) => key));
    for (const [key, text] of texts(language)) expect(text.trim(), `${language} ${key}`).not.toBe('');
    expect(pageFrameCatalogues[language].copyright(2031)).toContain('2031');
  });

  it.each(CUSTOMER_LANGUAGES.filter((language) => language !== 'fr'))('%s follows its own typography and leaves no French', (language) => {
    const french = new Map(texts('fr'));
    for (const [key, text] of texts(language)) {
      expect(text, `${language} ${key}`).not.toMatch(/[\u00a0\u202f ][!?:;]/);
      if (text.length > 12) expect(text, `${language} ${key}`).not.toBe(french.get(key));
    }
  });
});
