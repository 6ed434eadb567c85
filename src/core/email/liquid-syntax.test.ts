import { Liquid } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { findTypographyIssues } from '../french-typography';
import { liquidSyntaxProblem, type LiquidSyntaxKind } from './liquid-syntax';
import { liquidFault, liquidPlace } from './liquid-syntax-messages';
import { renderReviewEmail, TemplateError } from './review-email';

const engine = new Liquid({ templates: {} });

/** liquidjs's own error for `source` (parsed, then rendered as an e-mail field would be). */
function errorOf(source: string): unknown {
  try {
    engine.renderSync(engine.parse(source), { customer_name: 'Marie' });
  } catch (error) {
    return error;
  }
  throw new Error(`no error for ${source}`);
}

/** Each kind from a template a merchant could type, with where liquidjs puts the fault. */
const CASES: [source: string, kind: LiquidSyntaxKind, line: number, column: number, name: string | null][] = [
  ['Bonjour {{ customer_name', 'output_not_closed', 1, 9, null],
  ['Bonjour\n{% if customer_name', 'tag_not_closed', 2, 1, 'if'],
  ['a {% if customer_name %}b', 'block_not_closed', 1, 3, 'if'],
  ['{% raw %}abc', 'raw_not_closed', 1, 10, null],
  ['{% bonjour %}', 'unknown_tag', 1, 1, 'bonjour'],
  ['Merci\n\n  {% endif %}', 'stray_end_tag', 3, 3, 'endif'],
  ['{% for %}{% endfor %}', 'malformed_tag', 1, 1, 'for'],
  ['{{ customer_name[ }}', 'bracket_not_closed', 1, 18, null],
  ['{% if %}{% endif %}', 'value_expected', 1, 6, null],
  ['{% assign = 3 %}', 'variable_name_expected', 1, 11, null],
  ['{{ (1..a }}', 'invalid_range', 1, 10, null],
  ['{% if x %}{% else %}{% else %}{% endif %}', 'duplicated_else', 1, 1, null],
  ['{% if x %}{% else %}{% elsif y %}{% endif %}', 'elsif_after_else', 1, 1, null],
  ['{{ customer_name | append }}', 'filter_arguments', 1, 1, 'append'],
  ["{% include 'avis' %}", 'file_unavailable', 1, 1, null],
];

describe('Liquid syntax errors as data', () => {
  it.each(CASES)('%j: %s at line %i, column %i', (source, kind, line, column, name) => {
    expect(liquidSyntaxProblem(errorOf(source))).toEqual({ kind, line, column, name });
  });

  it('reads the place from the message when the error carries no token, and gives anything else no place', () => {
    expect(liquidSyntaxProblem(new Error('[ not closed, line:4, col:2'))).toEqual({ kind: 'bracket_not_closed', line: 4, column: 2, name: null });
    expect(liquidSyntaxProblem(new Error('something new'))).toEqual({ kind: 'other', line: null, column: null, name: null });
  });

  it('keeps the kind and place on the TemplateError the e-mail throws, field by field', () => {
    let thrown: unknown;
    try {
      renderReviewEmail({
        template: { subject: 'Votre avis', bodyContent: 'Bonjour,\nmerci {{ customer_name', buttonText: 'Avis', buttonUrlTemplate: '{{ review_link }}', buttonColor: '#10b981' },
        variables: { customer_name: 'Marie', store_name: 'Atelier', order_number: '#1', review_link: 'https://exemple.test/review/x' },
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TemplateError);
    expect((thrown as TemplateError).syntax).toEqual({ kind: 'output_not_closed', line: 2, column: 7, name: null });
  });
});

describe('Liquid syntax errors in French', () => {
  it('says where, with the line and column, and what, without a word of liquidjs’s English', () => {
    const problem = liquidSyntaxProblem(errorOf('Bonjour {{ customer_name'));
    expect(liquidPlace(problem)).toBe('à la ligne 1, colonne 9');
    expect(liquidFault(problem)).toBe('une variable ouverte par {{ n’est pas fermée (il manque }})');
    expect(liquidFault(liquidSyntaxProblem(errorOf('a {% if customer_name %}b')))).toBe('la balise {% if %} n’est jamais fermée (il manque {% endif %})');
    expect(liquidFault(liquidSyntaxProblem(errorOf('{% bonjour %}')))).toBe('la balise «\u202fbonjour\u202f» n’existe pas en Liquid');
    expect(liquidFault(liquidSyntaxProblem(errorOf('{% for %}{% endfor %}')))).toBe('la balise {% for %} est incomplète ou mal écrite');
    expect(liquidFault(liquidSyntaxProblem(errorOf('{% endif %}')))).toBe('la balise {% endif %} ne ferme aucune balise ouverte');
    expect(liquidPlace({ line: null, column: null })).toBe('');
  });

  it('has a French sentence for every case, in French typography', () => {
    for (const [source] of CASES) {
      const fault = liquidFault(liquidSyntaxProblem(errorOf(source)));
      expect(fault, source).not.toMatch(/not closed|not found|illegal|expect|invalid|line:|col:/);
      expect(findTypographyIssues(fault), source).toEqual([]);
    }
  });
});
