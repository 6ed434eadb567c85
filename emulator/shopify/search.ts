// A subset of Shopify's search syntax for orders: `created_at:>='2026-09-01T00:00:00Z' financial_status:paid`.
// Terms separated by spaces are ANDed; `OR` between terms makes alternatives; `-term` or `NOT term`
// negates. Unknown fields are ignored (they match everything); bare words search name, e-mail and
// customer names. A value holding a colon (a date-time) must be quoted, as Shopify's syntax says:
// unquoted, the term is not applied and a warning says so (Shopify's `extensions.search`), which is
// how an unquoted date filter silently reads every order.
import type { CustomerRecord, OrderRecord } from './types';

type Op = ':' | '>' | '>=' | '<' | '<=';
interface Term {
  negate: boolean;
  field: string | null;
  op: Op;
  value: string;
  /** The value held a colon outside quotes: Shopify cannot read it, the term is not applied. */
  invalid?: boolean;
}

interface Token {
  text: string;
  /** Part of the token was quoted. */
  quoted: boolean;
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let current = '';
  let quoted = false;
  let quote: string | null = null;
  const push = () => {
    if (current) tokens.push({ text: current, quoted });
    current = '';
    quoted = false;
  };
  for (const ch of query) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      quoted = true;
    } else if (/\s/.test(ch)) {
      push();
    } else if (ch === '(' || ch === ')') {
      // Grouping is not supported; parentheses are dropped.
      push();
    } else {
      current += ch;
    }
  }
  push();
  return tokens;
}

function parseTerm({ text: token, quoted }: Token, negate: boolean): Term {
  let t = token;
  if (t.startsWith('-') && t.length > 1) {
    negate = !negate;
    t = t.slice(1);
  }
  const colon = t.indexOf(':');
  if (colon <= 0) return { negate, field: null, op: ':', value: t };
  const field = t.slice(0, colon).toLowerCase();
  let rest = t.slice(colon + 1);
  let op: Op = ':';
  for (const candidate of ['>=', '<=', '>', '<'] as const) {
    if (rest.startsWith(candidate)) {
      op = candidate;
      rest = rest.slice(candidate.length);
      break;
    }
  }
  return { negate, field, op, value: rest, invalid: !quoted && rest.includes(':') };
}

export interface SearchWarning {
  field: string;
  message: string;
}

/** What Shopify would warn about in a query (terms it cannot read, so does not apply). */
export function searchWarnings(query: string | null | undefined): SearchWarning[] {
  return parseSearch(query)
    .flat()
    .filter((t) => t.invalid)
    .map((t) => ({ field: t.field ?? '', message: `Invalid value "${t.value}": a value containing ":" must be quoted, e.g. ${t.field}:${t.op === ':' ? '' : t.op}'${t.value}'.` }));
}

/** Parses into OR-groups of AND-ed terms. */
export function parseSearch(query: string | null | undefined): Term[][] {
  if (!query || !query.trim()) return [];
  const groups: Term[][] = [[]];
  let negateNext = false;
  for (const token of tokenize(query)) {
    const upper = token.text.toUpperCase();
    if (upper === 'AND' && token.text === upper) continue;
    if (upper === 'OR' && token.text === upper) {
      groups.push([]);
      continue;
    }
    if (upper === 'NOT' && token.text === upper) {
      negateNext = true;
      continue;
    }
    groups[groups.length - 1]!.push(parseTerm(token, negateNext));
    negateNext = false;
  }
  return groups.filter((g) => g.length > 0);
}

/** Interval [from, to] in ms covered by a date value: a whole UTC day for `2026-09-01`, an instant otherwise. */
function dateRange(value: string): [number, number] | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00Z`);
    return Number.isNaN(start) ? null : [start, start + 86_400_000 - 1];
  }
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : [t, t];
}

function compareDate(actual: string | null, op: Op, value: string): boolean | null {
  const range = dateRange(value);
  if (!range) return null; // unparseable: ignore the term
  if (!actual) return false;
  const t = Date.parse(actual);
  switch (op) {
    case ':':
      return t >= range[0] && t <= range[1];
    case '>':
      return t > range[1];
    case '>=':
      return t >= range[0];
    case '<':
      return t < range[0];
    case '<=':
      return t <= range[1];
  }
}

function compareNumber(actual: number, op: Op, value: string): boolean | null {
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  switch (op) {
    case ':':
      return actual === n;
    case '>':
      return actual > n;
    case '>=':
      return actual >= n;
    case '<':
      return actual < n;
    case '<=':
      return actual <= n;
  }
}

function matchText(actual: string | null | undefined, value: string): boolean {
  if (!actual) return false;
  const a = actual.toLowerCase();
  const v = value.toLowerCase();
  return v.endsWith('*') ? a.startsWith(v.slice(0, -1)) : a === v;
}

export interface OrderSearchContext {
  customer(id: number | null): CustomerRecord | null;
}

/** Returns true/false, or null when the term is unknown or malformed (it then matches everything). */
function matchTerm(o: OrderRecord, term: Term, ctx: OrderSearchContext): boolean | null {
  const v = term.value.toLowerCase();
  switch (term.field) {
    case null: {
      const customer = ctx.customer(o.customerId);
      const hay = [`#${o.number}`, String(o.number), o.email, customer?.firstName, customer?.lastName].filter(Boolean).map((s) => String(s).toLowerCase());
      return hay.some((h) => h.includes(v.replace(/\*$/, '')));
    }
    case 'created_at':
      return compareDate(o.createdAt, term.op, term.value);
    case 'updated_at':
      return compareDate(o.updatedAt, term.op, term.value);
    case 'processed_at':
      return compareDate(o.processedAt, term.op, term.value);
    case 'id':
      return compareNumber(o.id, term.op, term.value);
    case 'financial_status': {
      const s = o.financialStatus.toLowerCase();
      if (v === 'any') return true;
      if (v === 'unpaid') return s === 'pending' || s === 'authorized';
      if (['paid', 'pending', 'refunded', 'partially_refunded', 'authorized', 'voided', 'partially_paid', 'expired'].includes(v)) return s === v;
      return null;
    }
    case 'fulfillment_status': {
      const fulfilled = o.fulfillmentStatus === 'FULFILLED';
      if (v === 'any') return true;
      if (v === 'shipped' || v === 'fulfilled') return fulfilled;
      if (v === 'unshipped' || v === 'unfulfilled') return !fulfilled;
      if (v === 'partial') return false;
      return null;
    }
    case 'status': {
      if (v === 'any') return true;
      if (v === 'open') return !o.closedAt && !o.cancelledAt;
      if (v === 'closed') return Boolean(o.closedAt);
      if (v === 'cancelled') return Boolean(o.cancelledAt);
      return null;
    }
    case 'email':
      return matchText(o.email, term.value);
    case 'name':
      return matchText(`#${o.number}`, term.value.startsWith('#') ? term.value : `#${term.value}`);
    case 'customer_id':
      return o.customerId !== null && compareNumber(o.customerId, term.op, term.value);
    case 'test':
      return (v === 'true') === o.test;
    default:
      return null;
  }
}

export function orderMatches(o: OrderRecord, groups: Term[][], ctx: OrderSearchContext): boolean {
  if (groups.length === 0) return true;
  return groups.some((group) =>
    group.every((term) => {
      const r = term.invalid ? null : matchTerm(o, term, ctx);
      if (r === null) return true;
      return term.negate ? !r : r;
    }),
  );
}
