// The theme app extension held to Shopify's rules (decision 043): Shopify's theme check, run as Shopify
// CLI runs it on a theme app extension (`theme-check:theme-app-extension`, the configuration `shopify
// app build` and `deploy` use), reports nothing; every value the Liquid writes is escaped, as Shopify's
// unsafe-render check (LIQUID_UNSAFE_RENDER: metafield and setting output without escaping) asks;
// block names follow Shopify's guidance (no app title, under 25 characters). Dates and averages are
// written in the storefront's language from the metafield's language-neutral values, the words the
// review page uses (issue 48).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { themeCheckRun } from '@shopify/theme-check-node';
import { describe, expect, it } from 'vitest';
import type { StorefrontSnapshot } from '#core/api/storefront';
import { CUSTOMER_LANGUAGES } from '#core/customer-language';
import { STOREFRONT_METAFIELD, THEME_EXTENSION } from '#core/storefront';
import { loadThemeExtension } from '#emulator/shopify/storefront/theme';
import { reviewPageCatalogues } from '#server/messages/review-page/index';

const DIR = fileURLToPath(new URL(`../../extensions/${THEME_EXTENSION.handle}`, import.meta.url));
const APP_TITLE = 'Avis Clients';
const liquidFiles = ['blocks', 'snippets'].flatMap((folder) =>
  readdirSync(join(DIR, folder))
    .filter((f) => f.endsWith('.liquid'))
    .map((f) => `${folder}/${f}`),
);
const source = (file: string) => readFileSync(join(DIR, file), 'utf8');
const schemaOf = (file: string) =>
  JSON.parse(/\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/.exec(source(file))![1]!) as { name: string; javascript?: string; stylesheet?: string };

/** The theme editor's languages of the blocks' settings (`locales/*.schema.json`): French by default, English. */
const SCHEMA_LOCALES = readdirSync(join(DIR, 'locales')).filter((f) => f.endsWith('.schema.json'));
/** A schema text in a schema locale: a `t:` key read there, any other text as it is. */
function translated(locale: string, text: string): string {
  if (!text.startsWith('t:')) return text;
  const value = text
    .slice(2)
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], JSON.parse(readFileSync(join(DIR, 'locales', locale), 'utf8')));
  if (typeof value !== 'string') throw new Error(`${text} is missing from locales/${locale}`);
  return value;
}

/** Every `{{ … }}` of a Liquid text, comments left out. */
const outputs = (text: string) => [...text.replace(/\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g, '').matchAll(/\{\{-?([\s\S]*?)-?\}\}/g)].map((m) => m[1]!.trim());

describe('the theme app extension', () => {
  it('passes Shopify’s theme check as Shopify CLI runs it for a theme app extension, with no offense', async () => {
    const { offenses } = await themeCheckRun(DIR, 'theme-check:theme-app-extension', () => undefined);
    expect(offenses.map((o) => `${o.check} ${o.uri.slice(o.uri.indexOf(THEME_EXTENSION.handle))}:${o.start.line + 1} ${o.message}`)).toEqual([]);
  }, 60_000);

  it.each(liquidFiles)('%s escapes every value it writes', (file) => {
    const written = outputs(source(file));
    expect(written.length).toBeGreaterThan(0);
    // `escape` applied to what is written: the last filter, or before newline_to_br (which adds <br> to escaped text).
    const unescaped = written.filter((expr) => !/\|\s*escape\s*(\|\s*newline_to_br\s*)?$/.test(expr));
    expect(unescaped).toEqual([]);
    expect(source(file)).not.toMatch(/<script[\s>]/);
  });

  it('finds an unescaped value where there is one (the scan is not blind)', () => {
    const sample = '<p title="{{ block.settings.titre }}">{{ data.count | escape }}</p>{{ avis.comment | newline_to_br }}';
    expect(outputs(sample).filter((expr) => !/\|\s*escape\s*(\|\s*newline_to_br\s*)?$/.test(expr))).toEqual(['block.settings.titre', 'avis.comment | newline_to_br']);
  });

  it.each(liquidFiles.filter((f) => f.startsWith('blocks/')))('%s is named as Shopify asks, in every language of the theme editor: short, without the app’s title', (file) => {
    const schema = schemaOf(file);
    const names = SCHEMA_LOCALES.map((locale) => translated(locale, schema.name));
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const name of names) {
      expect(name.length).toBeLessThan(25);
      expect(name.toLowerCase()).not.toContain(APP_TITLE.toLowerCase());
    }
    for (const asset of [schema.javascript, schema.stylesheet].filter(Boolean)) expect(readdirSync(join(DIR, 'assets'))).toContain(asset);
  });

  it('speaks every shipped customer language on the storefront (decision 056), and its settings in French and English in the theme editor', () => {
    const locales = readdirSync(join(DIR, 'locales'));
    for (const language of CUSTOMER_LANGUAGES)
      expect(
        locales.some((f) => f === `${language}.json` || f === `${language}.default.json`),
        language,
      ).toBe(true);
    expect(SCHEMA_LOCALES.sort()).toEqual(['en.schema.json', 'fr.default.schema.json']);
    // Every setting label of every block is a key both schema locales have.
    for (const file of liquidFiles.filter((f) => f.startsWith('blocks/'))) {
      const keys = [...source(file).matchAll(/"(t:[\w.]+)"/g)].map((m) => m[1]!);
      expect(keys.length).toBeGreaterThan(1);
      for (const key of keys) for (const locale of SCHEMA_LOCALES) expect(translated(locale, key).trim(), `${key} in ${locale}`).not.toBe('');
    }
  });
});

/** A snapshot whose reviews fall on the 1st and the 12th of every month of 2026, averaging `average`. */
function snapshotWith(average: number): StorefrontSnapshot {
  const days = Array.from({ length: 12 }, (_, m) => [1, 12].map((d) => `2026-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`)).flat();
  return {
    version: 1,
    count: days.length,
    average,
    average_label: '',
    average_percent: (average / 5) * 100,
    distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: rating === 5 ? days.length : 0, percent: rating === 5 ? 100 : 0 })),
    hidden: 0,
    reviews: days.map((date) => ({ name: 'Marie D.', date, date_label: '', rating: 5, comment: null, verified: true })),
    more: true,
    accent: '#56dadc',
    proxy_path: '/apps/avis',
    updated_at: '2026-12-31T10:00:00.000Z',
  };
}

describe('the storefront’s language (issue 48)', () => {
  const extension = loadThemeExtension(DIR, (file) => file);
  const render = (handle: string, language: string, snapshot: StorefrontSnapshot) =>
    extension.render(handle, {
      blockId: 'b1',
      app: { metafields: { [STOREFRONT_METAFIELD.namespace]: { [STOREFRONT_METAFIELD.key]: { type: 'json', value: snapshot } } } },
      shop: { name: 'Maison Lumière', url: 'https://maison-lumiere.myshopify.com', domain: 'maison-lumiere.myshopify.com' },
      locale: { iso_code: language, primary: language === 'fr', root_url: language === 'fr' ? '/' : `/${language}` },
    });
  const times = (html: string) => [...html.matchAll(/<time datetime="([^"]+)">([^<]*)<\/time>/g)].map((m) => [m[1]!, m[2]!] as const);
  const decimal = (language: string, n: number) => new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

  it.each(CUSTOMER_LANGUAGES)('%s: every day of the year as the review page writes it, and the average with its decimal separator', async (language) => {
    const html = await render(THEME_EXTENSION.block, language, snapshotWith(4.6));
    const written = times(html);
    expect(written).toHaveLength(24);
    const review = reviewPageCatalogues[language];
    for (const [day, label] of written) expect(label, day).toBe(review.date(new Date(`${day}T12:00:00Z`), language, 'UTC'));
    expect(html).toContain(`<strong>${decimal(language, 4.6)} `);
    // A whole average keeps its decimal, and no float shows its noise (1.1 × 10 is 11.000000000000002).
    for (const average of [4, 4.3, 1.1, 5]) {
      const badge = await render(THEME_EXTENSION.embed, language, snapshotWith(average));
      expect(badge).toContain(`${decimal(language, average)}/5 · 24 `);
    }
  });

  it('writes the French storefront as before: « 1er mars 2026 », « 4,6 »; English, German and Spanish in their own words', async () => {
    const dates = async (language: string) => Object.fromEntries(times(await render(THEME_EXTENSION.block, language, snapshotWith(4.6))));
    expect((await dates('fr'))['2026-03-01']).toBe('1er mars 2026');
    expect((await dates('fr'))['2026-03-12']).toBe('12 mars 2026');
    expect((await dates('en'))['2026-03-12']).toBe('March 12, 2026');
    expect((await dates('de'))['2026-03-12']).toBe('12. März 2026');
    expect((await dates('es'))['2026-03-12']).toBe('12 de marzo de 2026');
    expect((await dates('it'))['2026-03-12']).toBe('12 marzo 2026');
    expect((await dates('nl'))['2026-03-12']).toBe('12 maart 2026');
    const fr = await render(THEME_EXTENSION.block, 'fr', snapshotWith(4.6));
    expect(fr).toContain('<strong>4,6 sur 5</strong>');
    expect(fr).toContain('aria-label="Note\u202f: 4,6 sur 5"');
    const en = await render(THEME_EXTENSION.block, 'en', snapshotWith(4.6));
    expect(en).toContain('<strong>4.6 out of 5</strong>');
    expect(en).toContain('aria-label="Rating: 4.6 out of 5"');
    expect(en).toContain('24 reviews');
  });

  it('hands its script the same words for the older reviews’ dates', async () => {
    const en = await render(THEME_EXTENSION.block, 'en', snapshotWith(4.6));
    expect(en).toContain('data-date-label="__MOIS__ __JOUR__, __ANNEE__"');
    expect(en).toContain('data-months="January,February,March,April,May,June,July,August,September,October,November,December"');
    expect(en).toContain('data-first-day="1"');
    const fr = await render(THEME_EXTENSION.block, 'fr', snapshotWith(4.6));
    expect(fr).toContain('data-date-label="__JOUR__ __MOIS__ __ANNEE__"');
    expect(fr).toContain('data-first-day="1er"');
  });
});

describe('photos with reviews (decision 058)', () => {
  const extension = loadThemeExtension(DIR, (file) => file);
  const LOCALES = readdirSync(join(DIR, 'locales')).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'));
  /** Every key of a locale file, nested ones dotted, plural forms included. */
  const keysOf = (file: string) => {
    const walk = (node: unknown, prefix: string): string[] =>
      node && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => walk(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
    return walk(JSON.parse(readFileSync(join(DIR, 'locales', file), 'utf8')), '').sort();
  };
  const photo = (n: number) => ({
    position: n,
    url: `https://app.exemple.test/media/review-photos/s/p${n}.webp`,
    width: 2048,
    height: 1536,
    thumb_url: `https://app.exemple.test/media/review-photos/s/p${n}-thumb.webp`,
    thumb_width: 400,
    thumb_height: 300,
  });
  const withPhotos = (hiddenPhotos: number, photos = [photo(1), photo(3)]): StorefrontSnapshot => {
    const base = snapshotWith(4.6);
    return {
      ...base,
      hidden_photos: hiddenPhotos,
      reviews: [
        { ...base.reviews[0]!, photos },
        { ...base.reviews[1]!, name: null, photos: [] },
      ],
    };
  };
  const render = (language: string, snapshot: StorefrontSnapshot) =>
    extension.render(THEME_EXTENSION.block, {
      blockId: 'b1',
      app: { metafields: { [STOREFRONT_METAFIELD.namespace]: { [STOREFRONT_METAFIELD.key]: { type: 'json', value: snapshot } } } },
      shop: { name: 'Maison Lumière', url: 'https://maison-lumiere.myshopify.com', domain: 'maison-lumiere.myshopify.com' },
      locale: { iso_code: language, primary: language === 'fr', root_url: language === 'fr' ? '/' : `/${language}` },
    });

  it('every storefront language has the same keys as the default one', () => {
    expect(LOCALES).toHaveLength(CUSTOMER_LANGUAGES.length);
    const reference = keysOf('fr.default.json');
    expect(reference).toEqual(expect.arrayContaining(['avis.photo_alt', 'avis.photo_fermer', 'avis.photo_ouvrir', 'avis.photos_masquees.one', 'avis.photos_moderation']));
    for (const file of LOCALES) expect(keysOf(file), file).toEqual(reference);
  });

  it('renders lazy thumbnails whose size is reserved, each a named link to the full photo', async () => {
    const html = await render('fr', withPhotos(0));
    const links = [...html.matchAll(/<a\s+class="avis-clients__photo"[\s\S]*?<\/a>/g)].map((m) => m[0]);
    expect(links).toHaveLength(2);
    expect(links[0]).toContain('href="https://app.exemple.test/media/review-photos/s/p1.webp"');
    expect(links[0]).toContain('aria-label="Agrandir la photo 1 sur 2 de Marie D."');
    expect(links[1]).toContain('aria-label="Agrandir la photo 2 sur 2 de Marie D."');
    expect(links[0]).toContain('data-alt="Photo 1 sur 2 de l’avis de Marie D."');
    expect(links[0]).toMatch(/data-width="2048"\s+data-height="1536"/);
    expect(links[0]).toContain('<img src="https://app.exemple.test/media/review-photos/s/p1-thumb.webp" width="400" height="300" alt="" loading="lazy"');
    // The content-only rule is said wherever photos show; no hidden photo, no count.
    expect(html).toContain('Les photos sont modérées pour leur contenu uniquement, jamais selon la note.');
    expect(html).not.toContain('photo masquée');
    // The script's words for « Voir plus » pages' photos and the enlarged view's close button.
    expect(html).toContain('data-photo-label="Agrandir la photo __N__ sur __TOTAL__ de __AUTEUR__"');
    expect(html).toContain('data-close-label="Fermer la photo"');
  });

  it.each(CUSTOMER_LANGUAGES)('%s: names the photos and counts hidden ones in the storefront’s language', async (language) => {
    const html = await render(language, withPhotos(2));
    const words = JSON.parse(
      readFileSync(
        join(
          DIR,
          'locales',
          LOCALES.find((f) => f.startsWith(`${language}.`))!,
        ),
        'utf8',
      ),
    ) as { avis: Record<string, string | Record<string, string>> };
    const say = (key: string, values: Record<string, string | number> = {}) =>
      Object.entries(values).reduce((text, [k, v]) => text.replace(`{{ ${k} }}`, String(v)), words.avis[key] as string);
    const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
    expect(html).toContain(`aria-label="${escaped(say('photo_ouvrir', { numero: 1, total: 2, auteur: 'Marie D.' }))}"`);
    expect(html).toContain(`data-close-label="${escaped(say('photo_fermer'))}"`);
    expect(html).toContain(escaped((words.avis.photos_masquees as Record<string, string>).other!.replace('{{ count }}', '2')));
    expect(html).toContain(escaped(say('photos_moderation')));
  });

  it('a storefront without photos says nothing of them; hidden ones alone are still counted', async () => {
    const none = await render('fr', withPhotos(0, []));
    expect(none).not.toContain('avis-clients__photo');
    expect(none).not.toContain('Les photos sont modérées');
    const hiddenOnly = await render('fr', withPhotos(1, []));
    expect(hiddenOnly).toContain('1 photo masquée pour non-respect de la charte · Les photos sont modérées pour leur contenu uniquement, jamais selon la note.');
  });
});
