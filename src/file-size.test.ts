/**
 * Files stop growing: no module or test of the repository is over 500 lines. A file that reaches the
 * limit is split by role or by behaviour (the sender into claim, render, run and ledger; the
 * emulator by Shopify area; web tests with their fixtures in src/web/test). The schema (one table
 * after another, read as a whole), generated code and migrations are not written by hand to a size.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const AREAS = ['src', 'emulator', 'tests', 'bench', 'scripts', 'extensions'];
const CODE = /\.(ts|tsx|js|mjs|cjs|liquid)$/;
const EXEMPT = [/^src\/db\/schema\.ts$/, /\/generated\//, /^src\/db\/migrations\//, /\/node_modules\//];
const LIMIT = 500;

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : codeFiles(path);
    return CODE.test(entry.name) ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

describe('file sizes', () => {
  const files = AREAS.flatMap((area) => codeFiles(join(ROOT, area))).filter((file) => !EXEMPT.some((rule) => rule.test(file)));

  it('sees the code base', () => {
    expect(files).toContain('src/server/app.ts');
    expect(files.length).toBeGreaterThan(500);
  });

  it(`no module or test is over ${LIMIT} lines (split it by role or by behaviour)`, () => {
    const long = files.map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length })).filter(({ lines }) => lines > LIMIT);
    expect(long).toEqual([]);
  });
});
