// A theme app extension evaluated as Shopify's storefront does (the parts the local Shopify needs):
// Liquid with Shopify's objects (`app.metafields`, `block`, `shop`), its `t` filter over the
// extension's locales (French storefront, pluralised on `count`), `asset_url`, `{% render %}` of the
// extension's snippets, and the `{% schema %}` each block declares (settings and their defaults, the
// stylesheet and script Shopify adds to the page).
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

export interface ThemeExtension {
  dir: string;
  blocks: Map<string, ExtensionBlock>;
  /** Renders one block with its settings (defaults from its schema) against the shop's objects. */
  render(handle: string, scope: { blockId: string; settings?: Record<string, unknown>; app: unknown; shop: unknown }): Promise<string>;
}

const SCHEMA_RE = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/;

type Locale = Record<string, unknown>;

/** Shopify's storefront pluralisation for French: 0 and 1 are « one ». */
const pluralKey = (count: number) => (Math.abs(count) < 2 ? 'one' : 'other');

function translate(locale: Locale, key: string, values: Record<string, unknown>): string {
  let entry: unknown = locale;
  for (const part of key.split('.')) entry = entry && typeof entry === 'object' ? (entry as Locale)[part] : undefined;
  if (entry && typeof entry === 'object' && 'count' in values) entry = (entry as Locale)[pluralKey(Number(values.count))] ?? (entry as Locale).other;
  if (typeof entry !== 'string') return `translation missing: fr.${key}`;
  return entry.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export function loadThemeExtension(dir: string, assetUrl: (file: string) => string): ThemeExtension {
  const locale = JSON.parse(readFileSync(join(dir, 'locales', 'fr.default.json'), 'utf8')) as Locale;
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
  engine.registerFilter('t', (key: string, ...args: unknown[]) => {
    const values: Record<string, unknown> = {};
    for (const arg of args) if (Array.isArray(arg)) values[String(arg[0])] = arg[1];
    return translate(locale, key, values);
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
    async render(handle, scope) {
      const block = blocks.get(handle);
      if (!block) throw new Error(`no block ${handle}`);
      const defaults = Object.fromEntries((block.schema.settings ?? []).map((s) => [s.id, s.default ?? (s.type === 'checkbox' ? false : null)]));
      return engine.parseAndRender(block.source, { app: scope.app, shop: scope.shop, block: { id: scope.blockId, settings: { ...defaults, ...scope.settings } } });
    },
  };
}
