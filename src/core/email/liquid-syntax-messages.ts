/**
 * A Liquid syntax error said in French (liquid-syntax.ts sorts liquidjs's English into kinds): where
 * and what, for the sentences of the template editor's preview in the browser, the server's refusals
 * of a template or a page text, and the sender's note on an e-mail its template stopped (each
 * catalogue frames them). Liquid's own notation ({{ }}, {% %}) is quoted as the merchant writes it.
 */
import type { LiquidSyntaxKind, LiquidSyntaxProblem } from './liquid-syntax';

const tag = (name: string | null) => (name ? `la balise {% ${name} %}` : 'une balise');

const WHAT: Record<LiquidSyntaxKind, (name: string | null) => string> = {
  output_not_closed: () => 'une variable ouverte par {{ n’est pas fermée (il manque }})',
  tag_not_closed: (name) => `${name ? `la balise ${name}` : 'une balise'} ouverte par {% n’est pas fermée (il manque %})`,
  block_not_closed: (name) => (name ? `la balise {% ${name} %} n’est jamais fermée (il manque {% end${name} %})` : 'une balise n’est jamais fermée'),
  raw_not_closed: () => 'le bloc {% raw %} n’est pas fermé (il manque {% endraw %})',
  unknown_tag: (name) => (name ? `la balise «\u202f${name}\u202f» n’existe pas en Liquid` : 'cette balise n’existe pas en Liquid'),
  stray_end_tag: (name) => `${tag(name)} ne ferme aucune balise ouverte`,
  malformed_tag: (name) => `${tag(name)} est incomplète ou mal écrite`,
  bracket_not_closed: () => 'un crochet [ n’est pas fermé (il manque ])',
  value_expected: () => 'une valeur est attendue (une variable, un texte entre guillemets ou un nombre)',
  variable_name_expected: () => 'un nom de variable est attendu',
  equals_expected: () => 'le signe = est attendu, comme dans {% assign nom = valeur %}',
  invalid_range: () => 'un intervalle est mal écrit (il s’écrit (1..5))',
  unbalanced_parentheses: () => 'une parenthèse n’est pas fermée',
  duplicated_else: () => 'un {% else %} est en trop dans la même condition',
  elsif_after_else: () => 'un {% elsif %} vient après le {% else %} (il doit le précéder)',
  filter_arguments: (name) => (name ? `le filtre «\u202f${name}\u202f» n’a pas le bon nombre d’arguments` : 'un filtre n’a pas le bon nombre d’arguments'),
  malformed_filter: () => 'un filtre est mal écrit (il s’écrit après une barre verticale, comme dans {{ customer_name | upcase }})',
  unknown_filter: (name) => (name ? `le filtre «\u202f${name}\u202f» n’existe pas` : 'ce filtre n’existe pas'),
  file_unavailable: () => 'les balises include, render et layout ne sont pas disponibles dans un e-mail',
  unexpected_character: () => 'un caractère inattendu se trouve à cet endroit',
  inline_comment: () => 'chaque ligne d’un commentaire {% # %} doit commencer par #',
  other: () => 'Liquid ne peut pas lire le texte à cet endroit',
};

/** Where: « à la ligne 2, colonne 9 », or nothing when Liquid did not say. */
export function liquidPlace(problem: Pick<LiquidSyntaxProblem, 'line' | 'column'>): string {
  if (problem.line === null) return '';
  return problem.column === null ? `à la ligne ${problem.line}` : `à la ligne ${problem.line}, colonne ${problem.column}`;
}

/** What, in lower case to follow a colon: « une variable ouverte par {{ n’est pas fermée (il manque }}) ». */
export function liquidFault(problem: Pick<LiquidSyntaxProblem, 'kind' | 'name'>): string {
  return WHAT[problem.kind](problem.name);
}
