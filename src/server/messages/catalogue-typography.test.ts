/**
 * French typography in every text a merchant or a customer reads (decision 026): the message
 * catalogues of the web app and the server, the e-mails' default texts, and what the web app's
 * components write between their tags. A string that breaks a rule fails here, with its file and line.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_LANGUAGES } from '#core/customer-language';
import { findTypographyIssues } from '#core/french-typography';
import { sourceTexts, type SourceText } from '#tests/support/catalogue-strings';

/** A catalogue in another customer language than French: `review-page/de.ts`. */
const OTHER_LANGUAGE_FILE = new RegExp(`^(${CUSTOMER_LANGUAGES.filter((language) => language !== 'fr').join('|')})\\.ts$`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The source files under `dir` (relative to the root), tests aside. */
function sources(dir: string, extension: RegExp): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => extension.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(root, dir, file));
}

const CATALOGUES = [
  ...sources('src/web/i18n/fr', /\.ts$/),
  // The customer's catalogues in other languages follow their own typography (customer-catalogues.test.ts).
  ...sources('src/server/messages', /\.ts$/).filter((file) => !OTHER_LANGUAGE_FILE.test(path.basename(file))),
  // The e-mails' default texts, Liquid's errors in French and the flow form's sentences shared with the server.
  ...['src/core/email/messages.ts', 'src/core/email/texts/fr.ts', 'src/core/email/reminder.ts', 'src/core/email/liquid-syntax-messages.ts', 'src/core/flow-limits.ts'].map((file) =>
    path.join(root, file),
  ),
];
const COMPONENTS = [...sources('src/web/components', /\.tsx?$/), ...sources('src/web/routes', /\.tsx$/)];

/** The catalogues' texts, read once (the TypeScript checker takes a while). */
let catalogueTexts: SourceText[] | undefined;
const catalogue = () => (catalogueTexts ??= sourceTexts(CATALOGUES, root));

/**
 * The spec's own French strings that write « email » or « template » (decision 050): they stay as
 * the spec gives them; everywhere else our words say « e-mail » and « modèle ».
 */
const SPEC_WORDING = [
  /^Templates d’emails$/,
  /^Adresse email$/,
  /^Un email de réinitialisation a été envoyé à votre adresse\. Vérifiez votre boîte de réception\.$/,
  /^Cette adresse email est déjà enregistrée\. /,
  /^Quota dépassé\u202f! Votre plan \{…\} permet \{[#…]\} emails\/mois\. /,
  /^L’envoi de l’email a échoué\. Vérifiez la configuration de votre email\.$/,
  /^Email envoyé avec succès\u202f!$/,
  /^Template enregistré avec succès\u202f!$/,
  /^Veuillez renseigner votre nom et email$/,
  /^emails? restants?$/,
];

/** « email » or « template » as a word of prose (not « e-mail », a path, a key or an address). */
const ENGLISH_WORD = /(?<![-\w./#@{])(?:[Ee]mails?|[Tt]emplates?)(?![-\w@./=(])/;

function faults(texts: SourceText[]): string[] {
  return texts.flatMap(({ file, line, text }) => findTypographyIssues(text).map((issue) => `${file}:${line} ${issue.rule}: ${JSON.stringify(issue.excerpt)}`));
}

describe('French typography of what merchants and customers read', () => {
  it('finds the catalogues and their texts', () => {
    expect(CATALOGUES.length).toBeGreaterThan(50);
    expect(COMPONENTS.length).toBeGreaterThan(50);
  });

  it('the message catalogues and e-mail texts follow it', { timeout: 60_000 }, () => {
    const texts = catalogue();
    expect(texts.length).toBeGreaterThan(1500);
    expect(faults(texts)).toEqual([]);
  });

  it('our own words say « e-mail » and « modèle », the spec’s strings aside', { timeout: 60_000 }, () => {
    const prose = [...catalogue(), ...sourceTexts(COMPONENTS, root, { jsxOnly: true })].filter(({ text }) => /\s/.test(text.trim()) || /^[A-Z]/.test(text));
    const english = prose.filter(({ text }) => ENGLISH_WORD.test(text) && !SPEC_WORDING.some((spec) => spec.test(text)));
    expect(english.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([]);
  });

  it('the web components write nothing between their tags that breaks it', { timeout: 60_000 }, () => {
    expect(faults(sourceTexts(COMPONENTS, root, { jsxOnly: true }))).toEqual([]);
  });
});
