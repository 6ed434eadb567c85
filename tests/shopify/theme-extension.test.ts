// The theme app extension held to Shopify's rules (decision 043): Shopify's theme check, run as Shopify
// CLI runs it on a theme app extension (`theme-check:theme-app-extension`, the configuration `shopify
// app build` and `deploy` use), reports nothing; every value the Liquid writes is escaped, as Shopify's
// unsafe-render check (LIQUID_UNSAFE_RENDER: metafield and setting output without escaping) asks;
// block names follow Shopify's guidance (no app title, under 25 characters).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { themeCheckRun } from '@shopify/theme-check-node';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_LANGUAGES } from '#core/customer-language';
import { THEME_EXTENSION } from '#core/storefront';

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
