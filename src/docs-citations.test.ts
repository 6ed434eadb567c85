/**
 * The repository's documentation points only at what the repository holds: every file path and
 * decision named in docs/**\/*.md and README.md exists, no document cites anything outside the
 * repository (the rules it relies on are written in docs/product/), every decision record has
 * the one header, a record another amends says so, and the messages docs/product/errors.md quotes are
 * the code's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', '.git', '.tmp', 'coverage', 'test-results']);

/** Every file of the repository, as a path relative to its root with `/` separators. */
function repositoryFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : repositoryFiles(join(dir, entry.name));
    return [relative(ROOT, join(dir, entry.name)).split('\\').join('/')];
  });
}

const FILES = repositoryFiles();
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const DOCS = FILES.filter((f) => (f.startsWith('docs/') && f.endsWith('.md')) || f === 'README.md');
const DECISIONS = FILES.filter((f) => /^docs\/decisions\/\d{3}-[^/]+\.md$/.test(f)).sort();
const decisionFile = (number: string) => DECISIONS.find((f) => f.startsWith(`docs/decisions/${number}-`));

/**
 * A path names a file of the repository when one ends with it (`plans/quota.ts` is
 * src/server/plans/quota.ts), or a folder when a file lies under it (`src/core/api/`).
 */
function resolves(path: string): boolean {
  const clean = path.replace(/^\.\//, '');
  if (clean.endsWith('/')) return FILES.some((f) => f.startsWith(clean) || f.includes(`/${clean}`));
  return FILES.some((f) => f === clean || f.endsWith(`/${clean}`));
}

/** Paths written in code spans: `src/db/schema.ts`, `plans/quota.ts recordShopPlan`, `src/core/api/`. */
const PATH_IN_CODE = /(?:^|[\s(])((?:[\w.-]+\/)+(?:[\w.-]+\.(?:ts|tsx|mjs|js|json|md|sql|toml|txt|css|html))?|[\w-]+\.(?:ts|tsx|mjs|md|sql|toml))(?=$|[\s),:;])/g;
/** Paths built at run time or outside the repository, written in the docs on purpose. */
const NOT_IN_REPOSITORY = /^(dist|data|DATA_DIR|node_modules|branding|email-logos|uploads|tmp)\/|^\/|^https?:|\.\.\//;

/** The code spans of a Markdown text, fenced blocks left out (trees and samples). */
function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

function namedPaths(markdown: string): string[] {
  return codeSpans(markdown).flatMap((span) => [...span.matchAll(PATH_IN_CODE)].map((m) => m[1]!).filter((p) => p.includes('/') || p.includes('.')));
}

/** Decision numbers a text names: "decision 014", "decisions 003 and 007", "Amends: 016 (…)". */
function namedDecisions(text: string): string[] {
  const numbers: string[] = [];
  for (const m of text.matchAll(/\b[Dd]ecisions? ((?:\d{3}(?:, | and | or |\/)?)+)/g)) numbers.push(...(m[1]!.match(/\d{3}/g) ?? []));
  for (const m of text.matchAll(/(?:Supersedes|Amends|Amended by): ([^\n]*?)(?=\. (?:Supersedes|Amends|Amended by):|\.$|$)/gm))
    numbers.push(...(m[1]!.replace(/\([^)]*\)/g, '').match(/\b\d{3}\b/g) ?? []));
  return numbers;
}

/** Typography aside (narrow no-break spaces before ! ? ; :, the typographic apostrophe), the same text. */
const plainTypography = (text: string) =>
  text
    .replace(/\\u202f|\\u00a0/gi, ' ')
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/’/g, "'")
    .replace(/ +([!?;:])/g, '$1');

describe('the documentation', () => {
  it('has documents to check', () => {
    expect(DOCS).toContain('docs/ARCHITECTURE.md');
    expect(DOCS).toContain('docs/product/README.md');
    expect(DECISIONS.length).toBeGreaterThan(20);
  });

  it.each(DOCS)('%s names only files that exist', (doc) => {
    const text = read(doc);
    const missing = namedPaths(text).filter((p) => !NOT_IN_REPOSITORY.test(p) && !resolves(p));
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    const brokenLinks = links.filter((l) => !existsSync(resolve(ROOT, dirname(doc), l)));
    expect({ missing, brokenLinks }).toEqual({ missing: [], brokenLinks: [] });
  });

  it.each(DOCS)('%s names only decisions that exist', (doc) => {
    expect(namedDecisions(read(doc)).filter((n) => !decisionFile(n))).toEqual([]);
  });

  it.each(DOCS)('%s cites nothing outside the repository', (doc) => {
    const outside = read(doc).match(
      /\.\.\/shared|\/work\/shared|shared\/(?:GUIDE|reference|spec)|GUIDE\.md|product-spec|[Ss]pec sections? \d|reference\/(?:compliance|shopify)\.md/g,
    );
    expect(outside ?? []).toEqual([]);
  });

  it.each(DECISIONS)('%s has the one header', (file) => {
    const [title, blank, header] = read(file).split('\n');
    expect(title).toMatch(new RegExp(`^# ${file.slice('docs/decisions/'.length, 'docs/decisions/'.length + 3)}: \\S`));
    expect(blank).toBe('');
    expect(header).toMatch(/^Date: \d{4}-\d{2}-\d{2}\. Status: (?:accepted|superseded)\.(?: (?:Supersedes|Amends|Amended by): .+)?$/);
  });

  it('marks every record another one amends or supersedes', () => {
    const header = (file: string) => read(file).split('\n')[2] ?? '';
    const clause = (file: string, name: string): string[] => {
      const m = header(file).match(new RegExp(`${name}: (.*?)(?=\\. (?:Supersedes|Amends|Amended by):|\\.$)`));
      return m ? (m[1]!.replace(/\([^)]*\)/g, '').match(/\b\d{3}\b/g) ?? []) : [];
    };
    const unmarked: string[] = [];
    for (const file of DECISIONS) {
      const number = file.slice('docs/decisions/'.length, 'docs/decisions/'.length + 3);
      for (const target of [...clause(file, 'Amends'), ...clause(file, 'Supersedes')]) {
        const other = decisionFile(target);
        if (other && !clause(other, 'Amended by').includes(number) && !header(other).includes('superseded')) unmarked.push(`${target} lacks "Amended by: ${number}"`);
      }
    }
    expect(unmarked).toEqual([]);
  });

  it('quotes in docs/product/errors.md only messages the code has', () => {
    const code = plainTypography(
      FILES.filter((f) => f.startsWith('src/') && /\.tsx?$/.test(f) && !f.includes('.test.'))
        .map(read)
        .join('\n'),
    );
    const quoted = [...read('docs/product/errors.md').matchAll(/« (.+?) »(?=[ ,;.:)\n(]|$)/gs)].map((m) => plainTypography(m[1]!.replace(/\s*\n\s*/g, ' ')));
    expect(quoted.length).toBeGreaterThan(40);
    const unknown = quoted.filter((text) => {
      const pattern = text
        .split(/\{[^}]*\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*?');
      return !new RegExp(pattern).test(code);
    });
    expect(unknown).toEqual([]);
  });
});

/**
 * Source comments cite only what the repository holds: `docs/…` paths that exist, decisions that
 * exist, and never a document outside the repository (docs/product/README.md says where the
 * product's rules are written).
 */
describe('the citations in source files', () => {
  const SOURCES = FILES.filter(
    (f) =>
      /^(src|emulator|tests|bench|scripts)\//.test(f) && /\.(ts|tsx|mjs|js|css|html)$/.test(f) && !/\/(migrations|fixtures)\//.test(f) && !f.endsWith('docs-citations.test.ts'),
  );

  it('has sources to check', () => {
    expect(SOURCES.length).toBeGreaterThan(300);
  });

  it('name only docs that exist', () => {
    const missing = SOURCES.flatMap((f) =>
      [...read(f).matchAll(/(?<![\w./-])docs\/[\w./-]*[\w/]/g)]
        .map((m) => m[0])
        .filter((p) => !resolves(p))
        .map((p) => `${f}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('name only decisions that exist', () => {
    const missing = SOURCES.flatMap((f) =>
      namedDecisions(read(f))
        .filter((n) => !decisionFile(n))
        .map((n) => `${f}: decision ${n}`),
    );
    expect(missing).toEqual([]);
  });

  it('cite nothing outside the repository', () => {
    const outside = /\b[Ss]pec sections? \d|\(section \d\)|\bGUIDE\b|compliance\s+(?:\*\s+)?reference|shared\/reference|\.\.\/shared|\/work\/shared/;
    const found = SOURCES.flatMap((f) =>
      read(f)
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
