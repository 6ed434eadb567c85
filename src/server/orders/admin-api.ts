/**
 * Reading orders from the Shopify Admin GraphQL API (reconciliation, history import), page by page,
 * each page mapped to domain orders. `read_orders` sees only the last 60 days.
 */
import type { AppContext } from '../context';
import type { ProtectedCustomerField } from '#core/api/shopify';
import { ShopifyRequestError, type GraphqlFieldError } from '../shopify/facade';
import type { ReadOrdersQuery } from '../shopify/generated/admin-types';
import { fromGraphql, type ShopifyOrder } from './order';
import { READ_ORDERS } from '../shopify/admin-documents';

/** How far back the Admin API lets us read orders (`read_orders`, without `read_all_orders`). */
export const ORDER_HISTORY_DAYS = 60;

/** The Admin API search query for orders created in the last `days` days; only paid ones with `paidOnly`. */
export function ordersSinceQuery(days: number, options: { paidOnly?: boolean } = {}, now = new Date()): string {
  const since = new Date(now.getTime() - days * 86_400_000);
  return `${dateFilter('created_at', since)}${options.paidOnly ? ' financial_status:paid' : ''}`;
}

/**
 * `field:>='2026-01-01T00:00:00.000Z'`: Shopify's search syntax wants a value holding a colon (a
 * date-time) quoted; unquoted, the time's colons break the term.
 */
export const dateFilter = (field: 'created_at' | 'updated_at', since: Date): string => `${field}:>='${since.toISOString()}'`;

/**
 * The order fields Shopify may withhold while the rest of the order comes (protected customer data
 * the app is not approved for), and what each withholds. Without them the order is still recorded;
 * it just cannot be asked for a review (no address) or is asked without a name.
 */
const WITHHOLDABLE: Readonly<Record<string, ProtectedCustomerField>> = { email: 'email', billingAddress: 'name', shippingAddress: 'name' };

/** The protected field an error withholds (its path is on an order's withholdable field), else null. */
export function withheldField(error: GraphqlFieldError): ProtectedCustomerField | null {
  const [root, nodes, index, field] = error.path;
  if (root !== 'orders' || nodes !== 'nodes' || typeof index !== 'number' || typeof field !== 'string') return null;
  return WITHHOLDABLE[field] ?? null;
}

export interface OrderPagesResult {
  /** Orders read. */
  read: number;
  /** Protected customer fields Shopify withheld from at least one order (not approved for the app). */
  withheld: ProtectedCustomerField[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads every order matching an Admin API search `query`, page by page, backing off when THROTTLED.
 * Each page is handed over as domain orders. A field Shopify withholds (see WITHHOLDABLE) is missing
 * data, not a failed pass: it is reported once per pass; any other error fails the pass.
 */
export async function readOrderPages(
  ctx: AppContext,
  shop: string,
  accessToken: string,
  query: string,
  onPage: (orders: ShopifyOrder[]) => Promise<void>,
  backoffMs = 1000,
): Promise<OrderPagesResult> {
  let after: string | null = null;
  let seen = 0;
  const withheld = new Set<ProtectedCustomerField>();
  for (let page = 0; page < 1000; page++) {
    let data: ReadOrdersQuery | null = null;
    for (let attempt = 0; !data; attempt++) {
      try {
        const answer: { data: ReadOrdersQuery; errors: GraphqlFieldError[] } = await ctx.shopify.graphqlWithErrors(shop, accessToken, READ_ORDERS, { query, after });
        for (const error of answer.errors) {
          const field = withheldField(error);
          if (!field) throw new ShopifyRequestError(error.message, 200, error.code);
          withheld.add(field);
        }
        data = answer.data;
      } catch (error) {
        if (!(error instanceof ShopifyRequestError) || error.code !== 'THROTTLED' || attempt >= 5) throw error;
        await sleep(backoffMs * 2 ** attempt);
      }
    }
    const nodes = data.orders.nodes;
    if (nodes.length) await onPage(nodes.map(fromGraphql));
    seen += nodes.length;
    if (!data.orders.pageInfo.hasNextPage) break;
    after = data.orders.pageInfo.endCursor;
  }
  if (withheld.size > 0) {
    // Once per pass, not per order: the shop's app is not approved for these (docs/deployment.md).
    ctx.log.child('shopify').warn('Shopify withheld protected customer fields from the orders read', { shop, fields: [...withheld] });
  }
  return { read: seen, withheld: [...withheld] };
}
