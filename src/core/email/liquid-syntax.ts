/**
 * What is wrong in a merchant's Liquid, as data: liquidjs says it in English, in one sentence with its
 * place appended (« output "{{ x" not closed, line:1, col:9 »). Its errors are sorted here into kinds,
 * with the line and column kept apart and the tag or filter named, so each screen and the server
 * say it in French (liquid-syntax-messages.ts) and a program can point at the place.
 *
 * Matched on liquidjs 10's messages (its tokenizer's, parser's and tags' assertions); a message it
 * adds later falls into 'other', still with its place.
 */

export const LIQUID_SYNTAX_KINDS = [
  'output_not_closed',
  'tag_not_closed',
  'block_not_closed',
  'raw_not_closed',
  'unknown_tag',
  'stray_end_tag',
  'malformed_tag',
  'bracket_not_closed',
  'value_expected',
  'variable_name_expected',
  'equals_expected',
  'invalid_range',
  'unbalanced_parentheses',
  'duplicated_else',
  'elsif_after_else',
  'filter_arguments',
  'malformed_filter',
  'unknown_filter',
  'file_unavailable',
  'unexpected_character',
  'inline_comment',
  'other',
] as const;
export type LiquidSyntaxKind = (typeof LIQUID_SYNTAX_KINDS)[number];

export interface LiquidSyntaxProblem {
  kind: LiquidSyntaxKind;
  /** 1-based, where liquidjs placed the fault; null when it did not say. */
  line: number | null;
  column: number | null;
  /** The tag or filter the fault is about (if, endfor, append…), when the kind names one. */
  name: string | null;
}

/** liquidjs's errors carry the token they are about; its position is [line, column]. */
interface WithToken {
  token?: { getPosition?: () => [number, number] };
}

const PLACE = /,\s*(?:file:[^,]*,\s*)?line:(\d+), col:(\d+)\s*$/;

/** A tag's name from its text: `{%- if x %}` → if. */
const tagName = (text: string): string | null => /^\{%-?\s*([A-Za-z_#][\w]*)/.exec(text.trim())?.[1] ?? null;

/** Each message's kind, first match wins; `name` picks the tag or filter out of the match. */
const RULES: { pattern: RegExp; kind: LiquidSyntaxKind | ((m: RegExpExecArray) => LiquidSyntaxKind); name?: (m: RegExpExecArray) => string | null }[] = [
  { pattern: /^output ".*" not closed$/s, kind: 'output_not_closed' },
  { pattern: /^raw ".*" not closed$/s, kind: 'raw_not_closed' },
  // The tokenizer quotes the text of a tag whose %} is missing; the parser writes a whole tag whose end tag is.
  { pattern: /^tag "(.*)" not closed$/s, kind: 'tag_not_closed', name: (m) => tagName(m[1] ?? '') },
  { pattern: /^tag (\{%.*%\}) not closed$/s, kind: 'block_not_closed', name: (m) => tagName(m[1] ?? '') },
  { pattern: /^tag "([^"]+)" not found$/, kind: (m) => (/^end/.test(m[1] ?? '') ? 'stray_end_tag' : 'unknown_tag'), name: (m) => m[1] ?? null },
  { pattern: /^illegal tag: (.*)$/s, kind: 'malformed_tag', name: (m) => tagName(m[1] ?? '') },
  { pattern: /^illegal (?:liquid )?tag syntax/, kind: 'malformed_tag' },
  { pattern: /^\[ not closed$/, kind: 'bracket_not_closed' },
  { pattern: /^invalid value expression|^unexpected token .*value expected$|^empty candidates/s, kind: 'value_expected' },
  { pattern: /^expected variable name$|^invalid capture name$/, kind: 'variable_name_expected' },
  { pattern: /^expected "="$/, kind: 'equals_expected' },
  { pattern: /^invalid range syntax$/, kind: 'invalid_range' },
  { pattern: /^unbalanced parentheses$/, kind: 'unbalanced_parentheses' },
  { pattern: /^duplicated else$/, kind: 'duplicated_else' },
  { pattern: /^unexpected elsif after else$/, kind: 'elsif_after_else' },
  { pattern: /^(\w+) expect \d+ arguments?$/, kind: 'filter_arguments', name: (m) => m[1] ?? null },
  { pattern: /^expected filter name$|^expected ":" after filter name$|^expected "\|" before filter$/, kind: 'malformed_filter' },
  { pattern: /^undefined filter: (\w+)/, kind: 'unknown_filter', name: (m) => m[1] ?? null },
  { pattern: /^ENOENT|^Failed to lookup|^illegal file path|readFile not implemented/, kind: 'file_unavailable' },
  { pattern: /^unexpected character/, kind: 'unexpected_character' },
  { pattern: /inline comment must start with/, kind: 'inline_comment' },
];

/** The kind, place and name of one of liquidjs's errors (any other error reads as 'other', without a place). */
export function liquidSyntaxProblem(error: unknown): LiquidSyntaxProblem {
  const message = error instanceof Error ? error.message : String(error);
  const placed = PLACE.exec(message);
  const bare = (placed ? message.slice(0, placed.index) : message).trim();
  const position = (error as WithToken | null)?.token?.getPosition?.();
  const [line, column] = position ?? (placed ? [Number(placed[1]), Number(placed[2])] : [null, null]);
  for (const rule of RULES) {
    const match = rule.pattern.exec(bare);
    if (!match) continue;
    const kind = typeof rule.kind === 'function' ? rule.kind(match) : rule.kind;
    return { kind, line, column, name: rule.name?.(match) ?? null };
  }
  return { kind: 'other', line, column, name: null };
}
