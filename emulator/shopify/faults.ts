// Faults injected on purpose (control API /control/faults): per shop and per operation, the local
// Shopify answers THROTTLED, 429 with Retry-After, a 5xx, slowly, or never, for the next N calls or
// until cleared. The answers are shaped as Shopify's: a GraphQL THROTTLED is HTTP 200 with the cost
// figures; 429 carries Retry-After in seconds ("2.0"); 500 and 503 are JSON `{ errors }` with an
// X-Request-Id; 502 and 504 come from Shopify's edge as HTML pages.
import { parse as parseGraphql, type OperationDefinitionNode } from 'graphql';
import type { Context, Next } from 'hono';

export const FAULT_KINDS = ['THROTTLED', '429', '500', '502', '503', '504', 'slow', 'timeout'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultInput {
  fault: FaultKind;
  /** A shop domain; every shop when omitted. */
  shop?: string;
  /**
   * Which calls: a GraphQL operation name (`BillingState`) or root field (`webhookSubscriptionCreate`),
   * or a path below the shop (`/admin/oauth/access_token`). Every call of the shop when omitted.
   */
  operation?: string;
  /** The next N matching calls; until cleared when omitted. */
  count?: number;
  /** 'slow': how long the answer waits, in ms. */
  delayMs?: number;
  /** 429 and 503: the Retry-After header, in seconds (429 defaults to 2). */
  retryAfter?: number;
  /** 5xx: the operation ran before the error answer (a mutation done whose answer was lost). */
  applied?: boolean;
}

export interface Fault extends Omit<FaultInput, 'count'> {
  id: string;
  /** Matching calls still to be answered this way (0: used up, listed until cleared); null: until cleared. */
  remaining: number | null;
  /** Calls answered this way so far. */
  hits: number;
}

/** What a call is, for matching: its shop, its path below the shop, and its GraphQL names. */
export interface CallIdentity {
  shop: string | null;
  path: string;
  /** The operation's name and its root fields (GraphQL calls only). */
  graphqlNames: string[] | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The operation's name and root field names of a GraphQL body; empty when it does not parse. */
export function graphqlNamesOf(bodyText: string): string[] {
  try {
    const body = JSON.parse(bodyText) as { query?: unknown; operationName?: unknown };
    if (typeof body.query !== 'string') return [];
    const operations = parseGraphql(body.query).definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    const op = typeof body.operationName === 'string' ? operations.find((o) => o.name?.value === body.operationName) : operations[0];
    if (!op) return [];
    const fields = op.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : []));
    return [...(op.name ? [op.name.value] : []), ...fields];
  } catch {
    return [];
  }
}

const normalizePath = (p: string) => `/${p.replace(/^\/+/, '')}`;

export class FaultRegistry {
  private faults: Fault[] = [];
  private next = 1;
  /** Calls held by a 'timeout' fault: answered (504) when their fault is cleared or the emulator closes. */
  private held: { faultId: string; shop: string | undefined; resolve: () => void }[] = [];

  add(input: FaultInput): Fault {
    const { count, ...rest } = input;
    const fault: Fault = { ...rest, id: `fault-${this.next++}`, remaining: count ?? null, hits: 0 };
    this.faults.push(fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** Clears one fault, a shop's, or all; calls held by a cleared 'timeout' are let go. */
  clear(filter: { id?: string; shop?: string } = {}): number {
    const chosen = (f: { id: string; shop?: string }) => (!filter.id || f.id === filter.id) && (!filter.shop || f.shop === filter.shop);
    const gone = this.faults.filter((f) => chosen(f));
    this.faults = this.faults.filter((f) => !gone.includes(f));
    // A count-limited fault may be used up while its calls are still held: those go too.
    this.release((h) => chosen({ id: h.faultId, shop: h.shop }));
    return gone.length;
  }

  /** Takes the first fault matching the call (one of its N), if any. */
  take(call: CallIdentity): Fault | null {
    const fault = this.faults.find((f) => this.matches(f, call));
    if (!fault) return null;
    fault.hits += 1;
    if (fault.remaining !== null) fault.remaining -= 1;
    return { ...fault };
  }

  /** Whether any fault could match a call (spares parsing every body when none is set). */
  get active(): boolean {
    return this.faults.some((f) => f.remaining !== 0);
  }

  private matches(f: Fault, call: CallIdentity): boolean {
    if (f.remaining === 0) return false;
    if (f.shop && f.shop !== call.shop) return false;
    // THROTTLED is the GraphQL API's answer: other calls are not throttled that way.
    if (f.fault === 'THROTTLED' && call.graphqlNames === null) return false;
    if (!f.operation) return true;
    if (call.graphqlNames?.includes(f.operation)) return true;
    return normalizePath(f.operation) === call.path;
  }

  /** Waits until the fault is cleared (or the emulator closes). */
  hold(fault: Pick<Fault, 'id' | 'shop'>): Promise<void> {
    return new Promise((resolve) => this.held.push({ faultId: fault.id, shop: fault.shop, resolve }));
  }

  /** Calls held now. */
  get heldCount(): number {
    return this.held.length;
  }

  private release(which: (h: { faultId: string; shop: string | undefined }) => boolean): void {
    const going = this.held.filter(which);
    this.held = this.held.filter((h) => !going.includes(h));
    for (const h of going) h.resolve();
  }

  /** Forgets every fault and lets every held call go (reset, close). */
  reset(): void {
    this.faults = [];
    this.release(() => true);
  }
}

const edgePage = (title: string) => `<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

/** An error answer as Shopify shapes it for this status. */
export function faultResponse(fault: Pick<Fault, 'fault' | 'retryAfter'>): Response {
  const headers: Record<string, string> = { 'X-Request-Id': crypto.randomUUID() };
  const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
  const page = (title: string, status: number) => new Response(edgePage(title), { status, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
  switch (fault.fault) {
    case '429':
      headers['Retry-After'] = (fault.retryAfter ?? 2).toFixed(1);
      return json({ errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' }, 429);
    case '500':
      return json({ errors: 'Internal Server Error' }, 500);
    case '503':
      if (fault.retryAfter !== undefined) headers['Retry-After'] = fault.retryAfter.toFixed(1);
      return json({ errors: 'Service Unavailable' }, 503);
    case '502':
      return page('502 Bad Gateway', 502);
    default:
      return page('504 Gateway Time-out', 504);
  }
}

/** Requests the GraphQL handler must answer THROTTLED (with the query's cost figures). */
export const throttledRequests = new WeakSet<Request>();

/**
 * Middleware on `/store/{shop}/admin/*`: answers the call as its matching fault says, or lets it
 * through. `shopOf` resolves the path's shop (a bare name or a full domain).
 */
export function faultMiddleware(registry: FaultRegistry, shopOf: (param: string) => string | null) {
  return async (c: Context, next: Next): Promise<Response | void> => {
    if (!registry.active) return next();
    const param = c.req.param('shop') ?? '';
    const shop = shopOf(param);
    const path = new URL(c.req.url).pathname.replace(/^.*?\/store\/[^/]+/, '');
    const graphql = /\/admin\/api\/[^/]+\/graphql\.json$/.test(path) && c.req.method === 'POST';
    const call: CallIdentity = { shop, path, graphqlNames: graphql ? graphqlNamesOf(await c.req.text()) : null };
    const fault = registry.take(call);
    if (!fault) return next();
    switch (fault.fault) {
      case 'THROTTLED':
        throttledRequests.add(c.req.raw);
        return next();
      case 'slow':
        // The work is done at once; only the answer is late (a client may have stopped waiting).
        await next();
        await sleep(fault.delayMs ?? 1000);
        return;
      case 'timeout':
        // Never answered while the fault holds; a 504 once it is cleared, long after any client gave up.
        await registry.hold(fault);
        return faultResponse({ fault: '504' });
      default:
        if (fault.applied) {
          await next();
          c.res = faultResponse(fault);
          return;
        }
        return faultResponse(fault);
    }
  };
}
