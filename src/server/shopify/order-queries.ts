/** Admin API search queries for orders. `read_orders` sees only the last 60 days. */
export const ORDER_HISTORY_DAYS = 60;

/** Orders created in the last `days` days; only paid ones with `paidOnly`. */
export function ordersSinceQuery(days: number, options: { paidOnly?: boolean } = {}, now = new Date()): string {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString();
  return `created_at:>=${since}${options.paidOnly ? ' financial_status:paid' : ''}`;
}
