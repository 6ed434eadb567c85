/**
 * The customer's catalogues in every shipped language (issue 48, decision 056): each has every key of
 * the French one, no empty text, functions that write a whole sentence with their values, its own
 * typography (French spacing stays French), and no French left untranslated.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_LANGUAGES } from '#core/customer-language';
import { renderReviewEmail, defaultTemplateIn } from '#core/email/review-email';
import { reviewEmailTexts } from '#core/email/texts';
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import { methodPageCatalogues } from './method-page';
import { reviewPageCatalogues } from './review-page';

/** Values to call a catalogue's functions with, by parameter name (the French one's signatures). */
const SAMPLES: Record<string, unknown> = {
  storeName: 'Atelier Nova',
  store: 'Atelier Nova',
  n: 3,
  days: 3,
  event: '<event>',
  amount: '50 €',
  moments: '<moments>',
  date: '<date>',
  rating: 4,
};

/** Every text of a catalogue by its path: strings as they are, functions called with samples. */
function texts(catalogue: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue as Record<string, unknown>)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else if (typeof value === 'function') {
      if (key === 'date') continue; // a formatter, checked below
      const names =
        /^\(([^)]*)\)/
          .exec(value.toString())?.[1]
          ?.split(',')
          .map((p) =>
            p
              .trim()
              .replace(/[:=].*$/, '')
              .trim(),
          ) ?? [];
      out.set(at, String((value as (...args: unknown[]) => unknown)(...names.map((name) => SAMPLES[name] ?? name))));
    } else if (value && typeof value === 'object') for (const [k, v] of texts(value, at)) out.set(k, v);
  }
  return out;
}

const french = texts(reviewPageCatalogues.fr);
const others = CUSTOMER_LANGUAGES.filter((language) => language !== 'fr');

describe('the review page’s catalogues', () => {
  it.each(CUSTOMER_LANGUAGES)('%s has every key of the French one, and no empty text', (language) => {
    const own = texts(reviewPageCatalogues[language]);
    expect([...own.keys()].sort()).toEqual([...french.keys()].sort());
    for (const [key, text] of own) expect(text.trim(), `${language} ${key}`).not.toBe('');
    expect(reviewPageCatalogues[language].lang).toBe(language);
  });

  it.each(CUSTOMER_LANGUAGES)('%s writes every value a sentence is given', (language) => {
    for (const [key, text] of texts(reviewPageCatalogues[language])) {
      expect(text, `${language} ${key}`).not.toMatch(/undefined|NaN|\[object/);
    }
    const { notice, postpone, stars, defaultDescription } = reviewPageCatalogues[language];
    expect(defaultDescription('Atelier Nova')).toContain('Atelier Nova');
    expect(stars(1)).toMatch(/^1 /);
    expect(stars(5)).toMatch(/^5 /);
    expect(stars(1)).not.toBe(stars(5).replace('5', '1'));
    expect(notice.whoFlows('<moments>')).toContain('<moments>');
    expect(notice.after(3, '<event>')).toContain('<event>');
    expect(postpone.done('<date>')).toContain('<date>');
  });

  it.each(others)('%s follows its own typography: no space before ! ? : ; (French only), no spaced guillemets', (language) => {
    for (const [key, text] of texts(reviewPageCatalogues[language])) {
      expect(text, `${language} ${key}`).not.toMatch(/[\u00a0\u202f ][!?:;]/);
      expect(text, `${language} ${key}`).not.toMatch(/«[\u00a0\u202f ]|[\u00a0\u202f ]»/);
      expect(text, `${language} ${key}`).not.toMatch(/\u202f/);
    }
  });

  it.each(others)('%s leaves no French sentence untranslated', (language) => {
    const own = texts(reviewPageCatalogues[language]);
    const same = [...own].filter(([key, text]) => text.length > 12 && text === french.get(key)).map(([key]) => key);
    expect(same).toEqual([]);
  });

  it.each(CUSTOMER_LANGUAGES)('%s writes a date in its language, in the time zone given', (language) => {
    const date = reviewPageCatalogues[language].date(new Date('2026-04-01T10:00:00Z'), language, 'Europe/Paris');
    expect(date).toMatch(/2026/);
    expect(date).toMatch(/1/);
    // Past midnight in Paris, still the 31st in UTC: the time zone decides the day.
    expect(reviewPageCatalogues[language].date(new Date('2026-03-31T22:30:00Z'), language, 'Europe/Paris')).toBe(date);
  });
});

describe('the review e-mail’s texts', () => {
  const frenchTexts = texts(reviewEmailTexts.fr);

  it.each(CUSTOMER_LANGUAGES)('%s has every key of the French set, and no empty text', (language) => {
    const own = texts(reviewEmailTexts[language]);
    expect([...own.keys()].sort()).toEqual([...frenchTexts.keys()].sort());
    for (const [key, text] of own) expect(text.trim(), `${language} ${key}`).not.toBe('');
  });

  it.each(others)('%s follows its own typography and leaves no French untranslated', (language) => {
    for (const [key, text] of texts(reviewEmailTexts[language])) {
      expect(text, `${language} ${key}`).not.toMatch(/[\u00a0\u202f ][!?:;]/);
      expect(text, `${language} ${key}`).not.toBe(frenchTexts.get(key));
    }
  });

  it.each(CUSTOMER_LANGUAGES)('%s makes a whole e-mail and its reminder with the same variables, greeting first, in one language', (language) => {
    const variables = { customer_name: 'Alex', store_name: 'Atelier Nova', order_number: '#1042', review_link: 'https://avis.test/review/abc' };
    const t = reviewEmailTexts[language];
    const first = renderReviewEmail({ template: defaultTemplateIn(language), variables, language, unsubscribeUrl: 'https://avis.test/u/abc' });
    expect(first.subject).toBe(t.defaultSubject);
    expect(first.text.startsWith(t.defaultGreeting.replace('{{ customer_name }}', 'Alex'))).toBe(true);
    expect(first.text).toContain('#1042');
    expect(first.text).toContain('Atelier Nova');
    expect(first.text).toContain(t.unsubscribeText('Atelier Nova'));
    expect(first.text).toContain(t.defaultButton);
    const reminder = renderReviewEmail({ template: defaultTemplateIn(language), variables, language, reminder: true });
    expect(reminder.subject).toBe(t.reminderSubject.replace('{{ order_number }}', '#1042'));
    expect(reminder.text).toContain(t.reminderFirstLine);
    // Every e-mail text of another language is none of the French ones.
    if (language !== 'fr') for (const french of [reviewEmailTexts.fr.defaultButton, reviewEmailTexts.fr.unsubscribeLink]) expect(first.text).not.toContain(french);
  });
});

describe('the storefront’s « how we collect reviews » page', () => {
  /** The block's words in a language (the extension's storefront locale file): the page names what the block shows. */
  const blockWords = (language: string) =>
    (
      JSON.parse(readFileSync(new URL(`../../../extensions/avis-clients/locales/${language === 'fr' ? 'fr.default' : language}.json`, import.meta.url), 'utf8')) as {
        avis: Record<string, string>;
      }
    ).avis;

  it.each(CUSTOMER_LANGUAGES)('%s has every paragraph, the store named, the block’s own words and the shared link’s limits', (language) => {
    const t = methodPageCatalogues[language];
    expect(t.lang).toBe(language);
    expect(t.title).toBe(blockWords(language).methode);
    for (const shown of [true, false]) {
      const paragraphs = t.paragraphs('Atelier Nova', shown);
      expect(paragraphs).toHaveLength(methodPageCatalogues.fr.paragraphs('Atelier Nova', shown).length);
      for (const text of paragraphs) expect(text.trim()).not.toBe('');
      expect(paragraphs[0]).toContain('Atelier Nova');
      expect(paragraphs.join(' ')).toContain(blockWords(language).achat_verifie);
    }
    const shown = t.paragraphs('Atelier Nova', true).join(' ');
    expect(shown).toContain(blockWords(language).achat_non_verifie);
    expect(shown).toContain(String(SHARED_LINK_LIMITS.perHour));
    expect(shown).toContain(String(SHARED_LINK_LIMITS.perDay));
  });

  it.each(others)('%s follows its own typography and leaves no French', (language) => {
    for (const shown of [true, false]) {
      const french = methodPageCatalogues.fr.paragraphs('Atelier Nova', shown);
      methodPageCatalogues[language].paragraphs('Atelier Nova', shown).forEach((text, index) => {
        expect(text, `${language} ${index}`).not.toMatch(/[\u00a0\u202f ][!?:;]|\u202f/);
        expect(text, `${language} ${index}`).not.toBe(french[index]);
      });
    }
    expect(methodPageCatalogues[language].title).not.toBe(methodPageCatalogues.fr.title);
  });
});
