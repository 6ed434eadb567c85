import { Navigate, Outlet, useMatches } from 'react-router';
import { messages } from '#web/i18n';
import { useAccountStores, type AccountStores } from '#web/lib/session';
import { READABLE_WHILE_AWAY_ROUTE } from '#web/router-ids';
import { Spinner } from '../ui/Spinner';

export type SubscriptionGateOutcome = 'loading' | 'no-store' | 'no-subscription' | 'allowed';

/**
 * The spec's subscription gate (docs/product/statuses.md), for a signed-in user: no active store or a
 * failed lookup → integrations; a store whose subscription_status is not 'active' → plan choice.
 * While none is connected, the page that reads the reviews of the store the account last had stays
 * open (`readableWhileAway`, decision 045).
 */
export function subscriptionGateOutcome(
  stores: { data: (Pick<AccountStores, 'away'> & { store: { is_active: boolean; subscription_status: string | null } | null }) | undefined; isError: boolean },
  { readableWhileAway = false }: { readableWhileAway?: boolean } = {},
): SubscriptionGateOutcome {
  if (stores.data === undefined) return stores.isError ? 'no-store' : 'loading';
  const { store, away } = stores.data;
  if (!store || !store.is_active) return readableWhileAway && away ? 'allowed' : 'no-store';
  if (store.subscription_status !== 'active') return 'no-subscription';
  return 'allowed';
}

/**
 * Route wrapper (inside RequireSession and the app layout) for every /app page except integrations
 * and account settings: shows the page only to a merchant whose connected store has an active
 * subscription.
 */
export function RequireSubscription() {
  const stores = useAccountStores();
  const readableWhileAway = useMatches().some((match) => match.id === READABLE_WHILE_AWAY_ROUTE);
  const outcome = subscriptionGateOutcome({ data: stores.data, isError: stores.isError }, { readableWhileAway });

  switch (outcome) {
    case 'loading':
      return <Spinner label={messages.auth.gate.checkingSubscription} className="py-16" />;
    case 'no-store':
      return <Navigate to="/app/integrations" replace />;
    case 'no-subscription':
      return <Navigate to="/subscription" replace />;
    case 'allowed':
      return <Outlet />;
  }
}

export default RequireSubscription;
