import { describe, expect, it } from 'vitest';
import { baseLanguage, canonicalLocale, CUSTOMER_LANGUAGES, languageOf } from '#core/customer-language';
import { FIRST_NAMES, FOREIGN_COMMENTS, FOREIGN_NAMES, LAST_NAMES, REVIEW_COMMENTS } from './demo-data';
import { CUSTOMER_LOCALES, demoHistory, type DemoOrderPlan } from './history';

const MERCHANT = { merchantName: 'Camille Martin' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Moments of different seasons and hours: each is its own history, as a demo started then would be.
const MOMENTS = ['2026-03-18T15:30:00Z', '2026-07-02T06:10:00Z', '2026-11-29T21:45:00Z', '2027-01-04T12:00:00Z'].map((at) => new Date(at));
const histories = MOMENTS.map((now) => demoHistory(now, MERCHANT));

/** A name as the reviews search compares names: without case or accents. */
const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const combined = (firsts: readonly string[], lasts: readonly string[]) => firsts.flatMap((first) => lasts.map((last) => `${first} ${last}`));
/** Every name a customer of each language may have. */
const NAMES = new Map(
  CUSTOMER_LANGUAGES.map((language) => [
    language,
    new Set(language === 'fr' ? combined(FIRST_NAMES, LAST_NAMES) : combined(FOREIGN_NAMES[language].first, FOREIGN_NAMES[language].last)),
  ]),
);
const poolOf = (order: DemoOrderPlan) => {
  const language = languageOf(order.customerLocale);
  const rating = order.request!.review!.rating;
  return language === 'fr' ? REVIEW_COMMENTS[rating] : FOREIGN_COMMENTS[language][rating >= 4 ? 'happy' : 'unhappy'];
};

describe("the demo's customers and their languages", () => {
  it('buy in the locales set, Shopify’s canonical ones of every shipped language, about one in eight abroad', () => {
    expect(CUSTOMER_LOCALES.reduce((sum, [, weight]) => sum + weight, 0)).toBeCloseTo(1, 6);
    for (const [locale] of CUSTOMER_LOCALES) expect(canonicalLocale(locale)).toBe(locale);
    expect(new Set(CUSTOMER_LOCALES.map(([locale]) => baseLanguage(locale)))).toEqual(new Set(CUSTOMER_LANGUAGES));
    const abroadWeight = CUSTOMER_LOCALES.filter(([locale]) => languageOf(locale) !== 'fr').reduce((sum, [, weight]) => sum + weight, 0);
    expect(abroadWeight).toBeGreaterThanOrEqual(0.1);
    expect(abroadWeight).toBeLessThanOrEqual(0.15);

    for (const history of histories) {
      const share = (test: (locale: string) => boolean) => history.filter((o) => test(o.customerLocale)).length / history.length;
      expect(share((locale) => CUSTOMER_LOCALES.some(([set]) => set === locale))).toBe(1);
      // Each order draws its own locale: every share near its weight, none missing.
      for (const [locale, weight] of CUSTOMER_LOCALES) {
        expect(
          share((l) => l === locale),
          locale,
        ).toBeGreaterThan(weight * 0.5);
        expect(
          share((l) => l === locale),
          locale,
        ).toBeLessThan(weight * 1.6);
      }
      expect(share((locale) => languageOf(locale) !== 'fr')).toBeGreaterThan(0.1);
      expect(share((locale) => languageOf(locale) !== 'fr')).toBeLessThan(0.16);
    }
  });

  it('keep their locale, name and comment for the same moment, and as time goes on', () => {
    const now = MOMENTS[0]!;
    const customers = (history: DemoOrderPlan[]) => history.map((o) => [o.orderNumber, o.customerLocale, o.customerName, o.customerEmail, o.request?.review?.comment ?? null]);
    expect(customers(demoHistory(now, MERCHANT))).toEqual(customers(histories[0]!));
    // An hour later, the orders already there keep theirs (only that hour's orders are new).
    const later = demoHistory(new Date(now.getTime() + HOUR), MERCHANT);
    const settled = (history: DemoOrderPlan[]) => customers(history.filter((o) => o.createdAt.getTime() < now.getTime() - 25 * DAY));
    expect(settled(later)).toEqual(settled(histories[0]!));
  });

  it('have unique names of their language, never the same as another’s without accents, and addresses made from them', () => {
    // The lists themselves: no name of one language is another's once accents are ignored.
    const everyName = [...NAMES.values()].flatMap((names) => [...names].map(fold));
    expect(new Set(everyName).size).toBe(everyName.length);
    for (const history of histories) {
      expect(new Set(history.map((o) => fold(o.customerName))).size).toBe(history.length);
      for (const order of history) {
        expect(NAMES.get(languageOf(order.customerLocale))!.has(order.customerName), `${order.customerName} (${order.customerLocale})`).toBe(true);
        const local = fold(order.customerName).split(' ').join('.');
        expect(order.customerEmail).toMatch(new RegExp(`^${local}\\.\\d+@exemple\\.test$`));
      }
      expect(history.some((o) => o.customerName === MERCHANT.merchantName)).toBe(false);
      // Customers of every language abroad.
      expect(new Set(history.map((o) => languageOf(o.customerLocale)))).toEqual(new Set(CUSTOMER_LANGUAGES));
    }
  });

  it('write in their language: French speakers from the French pools, customers abroad from their language’s happy or unhappy one', () => {
    let abroad = 0;
    for (const history of histories) {
      const reviewed = history.filter((o) => o.request?.review?.comment);
      for (const order of reviewed) expect(poolOf(order), `${order.customerLocale}, ${order.request!.review!.rating} stars`).toContain(order.request!.review!.comment);
      abroad += reviewed.filter((o) => languageOf(o.customerLocale) !== 'fr').length;
      // Each language's pools outlast its reviews: no comment twice in a history.
      const comments = reviewed.map((o) => o.request!.review!.comment);
      expect(new Set(comments).size).toBe(comments.length);
    }
    expect(abroad).toBeGreaterThan(histories.length * 5);
  });

  it('typed as their language writes: its own punctuation, no French spaces, each comment once', () => {
    const pools = Object.entries(FOREIGN_COMMENTS).map(([language, { happy, unhappy }]) => [language, [...happy, ...unhappy]] as const);
    const all = pools.flatMap(([, comments]) => comments);
    expect(new Set(all).size).toBe(all.length);
    for (const [language, comments] of pools) {
      expect(
        comments.every((c) => c.length > 0 && c.trim() === c),
        language,
      ).toBe(true);
      // French typography's spaces before ! ? : ; belong to French only.
      expect(
        comments.filter((c) => /[\s\u00a0\u202f][!?:;]/.test(c)),
        language,
      ).toEqual([]);
      expect(comments.some((c) => c.length < 20) && comments.some((c) => c.length > 70), language).toBe(true);
      expect(FOREIGN_COMMENTS[language as keyof typeof FOREIGN_COMMENTS].unhappy.length, language).toBeGreaterThanOrEqual(5);
    }
    const of = (language: keyof typeof FOREIGN_COMMENTS) => pools.find(([l]) => l === language)![1].join(' ');
    expect(of('es')).toMatch(/¡.+!/);
    expect(of('es')).toMatch(/¿.+\?/);
    expect(of('de')).toMatch(/„.+“/);
    expect(of('de')).toMatch(/[äöüß]/);
    expect(of('it')).toMatch(/[àèéìòù]/);
    expect(of('nl')).toMatch(/\b(het|een|de)\b/);
    expect(of('en')).toMatch(/\b(colour|flat|parcel)\b/);
  });
});
