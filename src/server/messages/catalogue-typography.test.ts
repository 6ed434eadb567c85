/**
 * French typography in every text a merchant or a customer reads (decision 026): the message
 * catalogues of the web app and the server, the e-mails' default texts, and what the web app's
 * components write between their tags. A string that breaks a rule fails here, with its file and line.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findTypographyIssues } from '#core/french-typography';
import { sourceTexts, type SourceText } from '#tests/support/catalogue-strings';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The source files under `dir` (relative to the root), tests aside. */
function sources(dir: string, extension: RegExp): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => extension.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(root, dir, file));
}

const CATALOGUES = [
  ...sources('src/web/i18n/fr', /\.ts$/),
  ...sources('src/server/messages', /\.ts$/),
  // The e-mails' default texts, Liquid's errors in French and the flow form's sentences shared with the server.
  ...['src/core/email/messages.ts', 'src/core/email/reminder.ts', 'src/core/email/liquid-syntax-messages.ts', 'src/core/flow-limits.ts'].map((file) => path.join(root, file)),
];
const COMPONENTS = [...sources('src/web/components', /\.tsx?$/), ...sources('src/web/routes', /\.tsx$/)];

function faults(texts: SourceText[]): string[] {
  return texts.flatMap(({ file, line, text }) => findTypographyIssues(text).map((issue) => `${file}:${line} ${issue.rule}: ${JSON.stringify(issue.excerpt)}`));
}

describe('French typography of what merchants and customers read', () => {
  it('finds the catalogues and their texts', () => {
    expect(CATALOGUES.length).toBeGreaterThan(50);
    expect(COMPONENTS.length).toBeGreaterThan(50);
  });

  it('the message catalogues and e-mail texts follow it', { timeout: 60_000 }, () => {
    const texts = sourceTexts(CATALOGUES, root);
    expect(texts.length).toBeGreaterThan(1500);
    expect(faults(texts)).toEqual([]);
  });

  it('the web components write nothing between their tags that breaks it', { timeout: 60_000 }, () => {
    expect(faults(sourceTexts(COMPONENTS, root, { jsxOnly: true }))).toEqual([]);
  });
});
