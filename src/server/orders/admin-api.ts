/**
 * Reading orders from the Shopify Admin GraphQL API (reconciliation, history import), page by page,
 * each page mapped to domain orders. `read_orders` sees only the last 60 days.
 */
import type { AppContext } from '../context';
import { ShopifyRequestError } from '../shopify/facade';
import { fromGraphql, type GraphqlOrder, type ShopifyOrder } from './order';
import { READ_ORDERS } from '../shopify/admin-documents';

/** How far back the Admin API lets us read orders (`read_orders`, without `read_all_orders`). */
export const ORDER_HISTORY_DAYS = 60;

/** The Admin API search query for orders created in the last `days` days; only paid ones with `paidOnly`. */
export function ordersSinceQuery(days: number, options: { paidOnly?: boolean } = {}, now = new Date()): string {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString();
  return `created_at:>=${since}${options.paidOnly ? ' financial_status:paid' : ''}`;
}

type OrdersPage = { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: GraphqlOrder[] } };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads every order matching an Admin API search `query`, page by page, backing off when THROTTLED.
 * Each page is handed over as domain orders; returns how many orders were read.
 */
export async function readOrderPages(
  ctx: AppContext,
  shop: string,
  accessToken: string,
  query: string,
  onPage: (orders: ShopifyOrder[]) => Promise<void>,
  backoffMs = 1000,
): Promise<number> {
  let after: string | null = null;
  let seen = 0;
  for (let page = 0; page < 1000; page++) {
    let data: OrdersPage | null = null;
    for (let attempt = 0; !data; attempt++) {
      try {
        data = await ctx.shopify.graphql<OrdersPage>(shop, accessToken, READ_ORDERS, { query, after });
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
  return seen;
}
