/**
 * The fuzzer's engine: hostile values, body mutations derived from a valid sample, whole-body
 * garbage, and the judge that turns an answer into problems. Deterministic: a fixed table of
 * hostile values plus fast-check samples drawn from a fixed seed, so a failure replays exactly.
 */
import fc from 'fast-check';
import type { Browserish } from '#tests/support/http';
import { browserRequest, freshIp, type World } from './world';

export const SEED = 20_250_611;

/** A value nested `depth` levels deep (parsers and validators that recurse must not fall over). */
function deep(depth: number): unknown {
  let value: unknown = 'fond';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { d: value };
  return value;
}

export const HOSTILE: [label: string, value: unknown][] = [
  ['null', null],
  ['true', true],
  ['0', 0],
  ['-1', -1],
  ['0.5', 0.5],
  ['1e308', 1e308],
  ['"NaN"', 'NaN'],
  ['"0x5"', '0x5'],
  ['empty string', ''],
  ['blank string', '   '],
  ['NUL string', 'avant\u0000après'],
  ['100k string', 'x'.repeat(100_000)],
  ['lone surrogate', 'a\ud800b'],
  ['control, bidi and header injection', '\u0007\u001b[31m\u202eabc\r\nBcc: x@y.z'],
  ['markup and SQL', `<script>alert(1)</script>"'><img src=x onerror=alert(1)>' OR 1=1; DROP TABLE shopify_stores; --`],
  ['uuid-like garbage', '00000000-0000-0000-0000-00000000000z'],
  ['empty array', []],
  ['array of mixed', [1, 'a', null, {}, []]],
  ['empty object', {}],
  ['__proto__ object', JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}')],
  ['deeply nested', deep(2_000)],
];

export type Path = (string | number)[];

/** Field paths of a body: every key, and inside objects and arrays (first element) two levels down. */
export function fieldPaths(value: unknown, prefix: Path = [], depth = 0): Path[] {
  if (depth > 2 || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.length ? [[...prefix, 0], ...fieldPaths(value[0], [...prefix, 0], depth + 1)] : [];
  return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k], depth + 1)]);
}

export function setAt(body: unknown, path: Path, value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

export const pathLabel = (path: Path) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v));
}

export interface FuzzCase {
  label: string;
  /** Raw body and content type. */
  body?: string | Uint8Array;
  contentType?: string;
  /** The JSON value sent, when it is one. */
  json?: unknown;
  /** The field this case mutates, when it mutates one. */
  field?: string;
  value?: unknown;
}

/** Every field × every hostile value, missing fields, extra keys, and seeded random values. */
export function mutationCases(sample: Record<string, unknown>): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const json = (label: string, value: unknown, field?: string, fieldValue?: unknown): FuzzCase => ({
    label,
    json: value,
    body: JSON.stringify(value),
    contentType: 'application/json',
    field,
    value: fieldValue,
  });
  const randomValues = fc.sample(fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.double(), fc.bigInt().map(String)), {
    seed: SEED,
    numRuns: 1,
  });
  for (const path of fieldPaths(sample)) {
    const field = pathLabel(path);
    for (const [label, value] of HOSTILE) cases.push(json(`${field} = ${label}`, setAt(sample, path, value), field, value));
    randomValues.forEach((value, i) => cases.push(json(`${field} = random #${i} ${JSON.stringify(value)?.slice(0, 40)}`, setAt(sample, path, value), field, value)));
    cases.push(json(`${field} missing`, setAt(sample, path, undefined, true), field));
  }
  cases.push(json('extra __proto__ key', { ...sample, ...JSON.parse('{"__proto__":{"polluted":"yes","isAdmin":true}}') }));
  cases.push(json('extra constructor key', { ...sample, constructor: { prototype: { polluted: 'yes' } } }));
  cases.push(json('NUL in a key', { ...sample, 'clé\u0000nulle': 1 }));
  cases.push(json('unknown fields', { ...sample, user_id: 'autre', userId: 'autre', role: 'admin', is_admin: true }));
  fc.sample(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }), { seed: SEED, numRuns: 3 }).forEach((value, i) =>
    cases.push(json(`random body #${i}`, value)),
  );
  return cases;
}

/** Bodies that are not the expected JSON object at all. */
export function garbageCases(sample: Record<string, unknown>, limitBytes: number): FuzzCase[] {
  const valid = JSON.stringify(sample);
  return [
    { label: 'invalid JSON', body: '{"a":', contentType: 'application/json' },
    { label: 'JSON array', body: '[1,2,3]', contentType: 'application/json', json: [1, 2, 3] },
    { label: 'JSON bare string', body: '"bonjour"', contentType: 'application/json', json: 'bonjour' },
    { label: 'JSON null', body: 'null', contentType: 'application/json', json: null },
    { label: 'empty body', body: '', contentType: 'application/json' },
    { label: 'no body, no content type' },
    { label: 'byte order mark', body: `\ufeff${valid}`, contentType: 'application/json' },
    { label: 'invalid UTF-8', body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), contentType: 'application/json' },
    { label: 'JSON with escaped NUL', body: JSON.stringify({ x: '\u0000', ...sample }), contentType: 'application/json', json: { x: '\u0000', ...sample } },
    { label: 'form-urlencoded', body: new URLSearchParams(Object.entries(sample).map(([k, v]) => [k, String(v)])).toString(), contentType: 'application/x-www-form-urlencoded' },
    { label: 'text/plain carrying valid JSON', body: valid, contentType: 'text/plain' },
    { label: 'JSON with charset', body: valid, contentType: 'application/json; charset=utf-8', json: sample },
    { label: 'oversized body', body: `{"x":"${'y'.repeat(limitBytes + 1024)}"}`, contentType: 'application/json' },
  ];
}

/** Path segments for the routes with parameters. */
export const HOSTILE_SEGMENTS = [
  // Shaped like a one-off unsubscribe token (o-<38 chars>-<address>), with a forged MAC.
  `o-${'A'.repeat(38)}-${Buffer.from('x@y.z').toString('base64url')}`,
  `o-${'A'.repeat(38)}-${Buffer.from('x\u0000@y.z').toString('base64url')}`,
  '%00',
  '%ZZ',
  '%E0%A4%A',
  'x'.repeat(3_000),
  '..%2F..%2Fhealth',
  '0x5',
  '-1',
  '__proto__',
  'constructor',
  '%F0%9F%98%80',
  "'%20OR%201%3D1--",
  '%20',
  'null',
];

export interface Answer {
  status: number;
  text: string;
  contentType: string;
  location: string | null;
}

export async function send(w: World, browser: Browserish, method: string, path: string, c: FuzzCase, headers: Record<string, string> = {}): Promise<Answer> {
  const h: Record<string, string> = { 'x-forwarded-for': freshIp(), ...headers };
  if (c.contentType) h['content-type'] = c.contentType;
  const res = await browserRequest(w, browser, path, { method, headers: h, body: c.body });
  return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '', location: res.headers.get('location') };
}

/** What every answer must respect; returns the problems found. */
export function judge(where: string, c: FuzzCase, a: Answer, opts: { jsonErrors: boolean; readsBody: boolean; jsonOnly: boolean }): string[] {
  const problems: string[] = [];
  const show = `${where} [${c.label}] → ${a.status} ${a.text.slice(0, 140).replace(/\s+/g, ' ')}`;
  if (a.status >= 500) problems.push(`5xx: ${show}`);
  if (opts.jsonErrors && a.status >= 400 && a.status < 500) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(a.text);
    } catch {
      parsed = undefined;
    }
    const error = (parsed as { error?: unknown } | undefined)?.error;
    if (!a.contentType.includes('application/json') || typeof error !== 'string' || error.length === 0) problems.push(`4xx without { error }: ${show}`);
  }
  const jsonBody = c.contentType?.startsWith('application/json') || c.contentType === 'application/x-www-form-urlencoded';
  const nul = c.json !== undefined ? containsNul(c.json) : false;
  if (opts.readsBody && jsonBody && nul && a.status !== 400 && a.status !== 413) problems.push(`NUL not refused with 400: ${show}`);
  // JSON-only endpoints (every body the API parses): any other content type is a 415, so what is
  // validated is exactly what is read, and a cross-site form post cannot produce an accepted body.
  if (opts.jsonOnly && opts.readsBody && c.contentType && !c.contentType.startsWith('application/json') && a.status !== 415) {
    problems.push(`non-JSON content type not refused with 415: ${show}`);
  }
  if (opts.jsonOnly && opts.readsBody && !c.contentType && a.status !== 415) problems.push(`body without a content type not refused with 415: ${show}`);
  return problems;
}

/** True when the global Object prototype was polluted by anything the app parsed (the app runs in this process). */
export function prototypePolluted(): boolean {
  const probe = {} as Record<string, unknown>;
  return 'polluted' in probe || 'isAdmin' in probe || Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted');
}

export const short = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 60);

/** Ratings the review form may accept: the integers 1 to 5 (as numbers, or as the form's digit strings). */
export function isValidRating(value: unknown): boolean {
  return (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5) || (typeof value === 'string' && /^[1-5]$/.test(value));
}

export interface FuzzTarget {
  key: string;
  path: string;
  body: Record<string, unknown>;
  readsBody: boolean;
  headers?: Record<string, string>;
}

/**
 * Sends every mutation and garbage body of one endpoint and returns the problems. `invariant` runs
 * around each request (e.g. the send quota must not move on a refusal).
 */
export async function fuzzEndpoint(
  w: World,
  target: FuzzTarget,
  browserFor: () => Browserish,
  invariant?: { before(): Promise<unknown>; after(before: unknown, status: number): Promise<string | null> },
): Promise<string[]> {
  const method = target.key.split(' ')[0]!;
  const isReview = target.key === 'POST /review/:token';
  const jsonErrors = target.path.startsWith('/api/') || target.path.startsWith('/functions/') || (isReview && (target.headers?.accept ?? '').includes('json'));
  const jsonOnly = target.path.startsWith('/api/') || target.path.startsWith('/functions/');
  const cases = [...(target.readsBody ? mutationCases(target.body) : []), ...garbageCases(target.body, isReview ? 64 * 1024 : 1024 * 1024)];
  const problems: string[] = [];
  for (const c of cases) {
    const before = invariant ? await invariant.before() : undefined;
    const answer = await send(w, browserFor(), method, target.path, c, target.headers);
    problems.push(...judge(target.key, c, answer, { jsonErrors, readsBody: target.readsBody, jsonOnly }));
    if (isReview && c.field === 'rating' && !isValidRating(c.value) && answer.status < 400) {
      problems.push(`rating accepted though not an integer 1..5: ${target.key} [${c.label}] → ${answer.status} ${answer.text.slice(0, 100)}`);
    }
    if (invariant) {
      const broken = await invariant.after(before, answer.status);
      if (broken) problems.push(`${target.key} [${c.label}] → ${answer.status}: ${broken}`);
    }
  }
  return problems;
}
