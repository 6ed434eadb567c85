// A theme app extension evaluated as Shopify's storefront does (the parts the local Shopify needs):
// Liquid with Shopify's objects (`app.metafields`, `block`, `shop`, `request.locale`), its `t` filter
// over the extension's locales in the storefront's language (the file of its ISO code, else of its
// language, else the default file, key by key; pluralised on `count` by the language's rules, with
// `{{ name }}` interpolation), `asset_url`, `{% render %}` of the extension's snippets, and the
// `{% schema %}` each block declares (settings and their defaults, the stylesheet and script Shopify
// adds to the page).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Liquid, Tag, type Emitter, type TagToken, type TopLevelToken } from 'liquidjs';

export interface BlockSchema {
  name: string;
  target: 'section' | 'body' | 'head';
  stylesheet?: string;
  javascript?: string;
  settings?: { id: string; type: string; default?: unknown }[];
}

export interface ExtensionBlock {
  handle: string;
  source: string;
  schema: BlockSchema;
}

/** Liquid's `request.locale` (Shopify's shop_locale object): the language the storefront is shown in. */
export interface ShopLocale {
  iso_code: string;
  primary: boolean;
  /** `/` for the primary language, its subfolder (`/en`) for another. */
  root_url: string;
}

export interface ThemeExtension {
  dir: string;
  blocks: Map<string, ExtensionBlock>;
  /** The default storefront locale file's language (`fr` of `locales/fr.default.json`). */
  defaultLocale: string;
  /**
   * Renders one block with its settings (defaults from its schema) against the shop's objects, in
   * `locale`'s language (the default locale file's when none is given).
   */
  render(handle: string, scope: { blockId: string; settings?: Record<string, unknown>; app: unknown; shop: unknown; locale?: ShopLocale }): Promise<string>;
}

const SCHEMA_RE = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/;

type Locale = Record<string, unknown>;

const lookup = (locale: Locale | undefined, key: string): unknown =>
  key.split('.').reduce<unknown>((entry, part) => (entry && typeof entry === 'object' ? (entry as Locale)[part] : undefined), locale);

const rules = new Map<string, Intl.PluralRules>();
const pluralRules = (isoCode: string) => {
  let rule = rules.get(isoCode);
  if (!rule) rules.set(isoCode, (rule = new Intl.PluralRules(isoCode)));
  return rule;
};

/**
 * `key` in the storefront's language: from the first of `files` (its ISO code's, its language's, the
 * default) that has it, as Shopify falls back to the default locale key by key. A pluralised entry
 * (an object of CLDR categories) is picked by `count` with the language's own rules: French says
 * « 0 avis » in the singular, English "0 reviews" in the plural.
 */
function translate(files: Locale[], isoCode: string, key: string, values: Record<string, unknown>): string {
  let entry = files.map((file) => lookup(file, key)).find((value) => value !== undefined);
  if (entry && typeof entry === 'object' && 'count' in values) {
    const category = pluralRules(isoCode).select(Number(values.count));
    entry = (entry as Locale)[category] ?? (entry as Locale).other;
  }
  if (typeof entry !== 'string') return `translation missing: ${isoCode}.${key}`;
  return entry.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export function loadThemeExtension(dir: string, assetUrl: (file: string) => string): ThemeExtension {
  // The storefront locale files (`fr.default.json`, `en.json`…), by their language in lower case.
  const localeFiles = readdirSync(join(dir, 'locales')).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'));
  const defaultFile = localeFiles.find((f) => f.endsWith('.default.json'));
  if (!defaultFile) throw new Error(`${dir}/locales: no default locale file (*.default.json)`);
  const defaultLocale = defaultFile.slice(0, -'.default.json'.length);
  const locales = new Map(localeFiles.map((f) => [f.replace(/(\.default)?\.json$/, '').toLowerCase(), JSON.parse(readFileSync(join(dir, 'locales', f), 'utf8')) as Locale]));
  const filesFor = (isoCode: string) => {
    const code = isoCode.toLowerCase();
    return [...new Set([code, code.split('-')[0]!, defaultLocale.toLowerCase()])].map((c) => locales.get(c)).filter((l): l is Locale => l !== undefined);
  };
  const engine = new Liquid({ root: [join(dir, 'snippets')], extname: '.liquid', jsTruthy: false, strictFilters: true });
  // The block's declaration: read by the theme editor, never output.
  engine.registerTag(
    'schema',
    class extends Tag {
      constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
        super(token, remain, liquid);
        while (remain.length) {
          const next = remain.shift()!;
          if (next.kind === 4 && (next as TagToken).name === 'endschema') return;
        }
        throw new Error('{% schema %} without {% endschema %}');
      }
      *render(_ctx: unknown, _emitter: Emitter): Generator<unknown, void, unknown> {}
    },
  );
  engine.registerFilter('t', function (this: { context: { getSync(path: string[]): unknown } }, key: string, ...args: unknown[]) {
    const values: Record<string, unknown> = {};
    for (const arg of args) if (Array.isArray(arg)) values[String(arg[0])] = arg[1];
    // The storefront's language is the page's (`request.locale`), whatever snippet the filter is in.
    const isoCode = String(this.context.getSync(['request', 'locale', 'iso_code']) ?? defaultLocale);
    return translate(filesFor(isoCode), isoCode, key, values);
  });
  engine.registerFilter('asset_url', (file: string) => assetUrl(file));
  engine.registerFilter('newline_to_br', (text: string) => String(text ?? '').replace(/\r?\n/g, '<br>\n'));

  // The theme editor names blocks in the merchant's language: a `t:` text is read in the default
  // schema locale (`locales/*.default.schema.json`), as Shopify's editor does for a French admin.
  const schemaLocaleFile = readdirSync(join(dir, 'locales')).find((f) => f.endsWith('.default.schema.json'));
  const schemaLocale = schemaLocaleFile ? (JSON.parse(readFileSync(join(dir, 'locales', schemaLocaleFile), 'utf8')) as Record<string, unknown>) : {};
  const schemaText = (text: string) => {
    if (!text.startsWith('t:')) return text;
    const value = text
      .slice(2)
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], schemaLocale);
    if (typeof value !== 'string') throw new Error(`${text}: not in locales/${schemaLocaleFile ?? '*.default.schema.json'}`);
    return value;
  };

  const blocks = new Map<string, ExtensionBlock>();
  for (const file of readdirSync(join(dir, 'blocks')).filter((f) => f.endsWith('.liquid'))) {
    const source = readFileSync(join(dir, 'blocks', file), 'utf8');
    const json = SCHEMA_RE.exec(source)?.[1];
    if (!json) throw new Error(`${file}: no {% schema %}`);
    const schema = JSON.parse(json) as BlockSchema;
    blocks.set(file.slice(0, -'.liquid'.length), { handle: file.slice(0, -'.liquid'.length), source, schema: { ...schema, name: schemaText(schema.name) } });
  }

  return {
    dir,
    blocks,
    defaultLocale,
    async render(handle, scope) {
      const block = blocks.get(handle);
      if (!block) throw new Error(`no block ${handle}`);
      const defaults = Object.fromEntries((block.schema.settings ?? []).map((s) => [s.id, s.default ?? (s.type === 'checkbox' ? false : null)]));
      const locale = scope.locale ?? { iso_code: defaultLocale, primary: true, root_url: '/' };
      // Shopify's global objects are seen by the block's snippets too (a `{% render %}` sees only what
      // it is given and the globals); `block` is the block's own.
      return engine.parseAndRender(
        block.source,
        { block: { id: scope.blockId, settings: { ...defaults, ...scope.settings } } },
        { globals: { app: scope.app, shop: scope.shop, request: { locale } } },
      );
    },
  };
}
