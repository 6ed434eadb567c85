/**
 * A decision record says one decision: its context, the decision, its consequences, and what it
 * supersedes or amends. The measurements and dated passes that led to it go to bench/results/ notes
 * it links, and a changed decision is a new record (issue 46: records had grown into lab notebooks of
 * 140 to 345 lines). A length limit keeps them so: past it, a record is carrying something else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DECISIONS_DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));

/** The most lines a record may have: room for a full context, eight decisions and their consequences. */
const MAX_RECORD_LINES = 80;

/** Records allowed past the limit for now, each with the reason; an exemption goes once the record fits. */
const EXEMPT: Record<string, string> = {};

const RECORDS = readdirSync(DECISIONS_DIR)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();

/** Lines as an editor counts them: a final newline ends the last line, it does not start another. */
const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;
const linesOf = (name: string) => lineCount(readFileSync(join(DECISIONS_DIR, name), 'utf8'));

describe('the decision records', () => {
  it('has records to check', () => {
    expect(RECORDS.length).toBeGreaterThan(40);
  });

  it('counts lines as an editor does', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\nb\n')).toBe(3);
  });

  it.each(RECORDS.filter((name) => !(name in EXEMPT)))(`%s has at most ${MAX_RECORD_LINES} lines`, (name) => {
    expect(linesOf(name)).toBeLessThanOrEqual(MAX_RECORD_LINES);
  });

  it('exempts only records that exist and are still over the limit', () => {
    const stale = Object.keys(EXEMPT).filter((name) => !RECORDS.includes(name) || linesOf(name) <= MAX_RECORD_LINES);
    expect(stale).toEqual([]);
  });
});
