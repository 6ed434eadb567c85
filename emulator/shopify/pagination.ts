// Relay-style cursor pagination over an in-memory list. A cursor encodes the sort value and id of
// its item (like Shopify's `{"last_id":…,"last_value":…}`), so pages stay stable when items are
// added or removed between requests.
import { GraphQLError } from 'graphql';

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface Page<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

type SortValue = string | number;
interface CursorKey {
  last_id: number;
  last_value: SortValue;
}

export const MAX_PAGE_SIZE = 250;

function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): CursorKey {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorKey>;
    if (typeof parsed.last_id === 'number' && (typeof parsed.last_value === 'string' || typeof parsed.last_value === 'number')) {
      return { last_id: parsed.last_id, last_value: parsed.last_value };
    }
  } catch {
    // fall through
  }
  throw new GraphQLError('Invalid cursor for current pagination.', { extensions: { code: 'BAD_REQUEST' } });
}

function compareKeys(a: CursorKey, b: CursorKey): number {
  if (a.last_value < b.last_value) return -1;
  if (a.last_value > b.last_value) return 1;
  return a.last_id - b.last_id;
}

export function validatePageArgs(args: PageArgs): void {
  const { first, last } = args;
  if ((first === undefined || first === null) && (last === undefined || last === null)) {
    throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  }
  for (const [name, value] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (value !== undefined && value !== null && (value < 0 || value > MAX_PAGE_SIZE)) {
      throw new GraphQLError(`The '${name}' argument must be between 0 and ${MAX_PAGE_SIZE}.`, { extensions: { code: 'BAD_REQUEST' } });
    }
  }
}

export function paginate<T>(items: readonly T[], keyOf: (item: T) => { id: number; value: SortValue }, reverse: boolean, args: PageArgs): Page<T> {
  validatePageArgs(args);
  const dir = reverse ? -1 : 1;
  const keyed = items.map((item) => {
    const k = keyOf(item);
    return { item, key: { last_id: k.id, last_value: k.value } as CursorKey };
  });
  keyed.sort((a, b) => dir * compareKeys(a.key, b.key));

  let lo = 0;
  let hi = keyed.length;
  if (args.after) {
    const after = decodeCursor(args.after);
    const idx = keyed.findIndex((k) => dir * compareKeys(k.key, after) > 0);
    lo = idx === -1 ? keyed.length : idx;
  }
  if (args.before) {
    const before = decodeCursor(args.before);
    const idx = keyed.findIndex((k) => dir * compareKeys(k.key, before) >= 0);
    hi = idx === -1 ? keyed.length : idx;
  }
  if (hi < lo) hi = lo;
  let start = lo;
  let end = hi;
  if (typeof args.first === 'number') end = Math.min(end, start + args.first);
  if (typeof args.last === 'number') start = Math.max(start, end - args.last);

  const slice = keyed.slice(start, end);
  const edges = slice.map((k) => ({ cursor: encodeCursor(k.key), node: k.item }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasPreviousPage: start > 0,
      hasNextPage: end < keyed.length,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
