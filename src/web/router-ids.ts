/** Route ids the gates and the server's drawing read (apart from the router, which imports the gates). */

/** The id of the route behind which a page needs an active subscription (read by src/web/server-render.tsx). */
export const SUBSCRIPTION_GATE_ROUTE = 'subscription-gate';
/**
 * The id of the one page behind that gate a merchant still reads while no store is connected: the
 * reviews of the store the account last had, readable and exportable (decision 045).
 */
export const READABLE_WHILE_AWAY_ROUTE = 'reviews';
