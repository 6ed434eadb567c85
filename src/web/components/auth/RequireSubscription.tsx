import { Navigate, Outlet } from 'react-router';
import { messages } from '#web/i18n';
import { useCurrentStore } from '#web/lib/session';
import { Spinner } from '../ui/Spinner';

export type SubscriptionGateOutcome = 'loading' | 'no-store' | 'no-subscription' | 'allowed';

/**
 * The spec's subscription gate (docs/product/statuses.md), for a signed-in user: no active store or a failed
 * lookup → integrations; a store whose subscription_status is not 'active' → plan choice.
 */
export function subscriptionGateOutcome(store: { data: { is_active: boolean; subscription_status: string | null } | null | undefined; isError: boolean }): SubscriptionGateOutcome {
  if (store.data === undefined) return store.isError ? 'no-store' : 'loading';
  if (!store.data || !store.data.is_active) return 'no-store';
  if (store.data.subscription_status !== 'active') return 'no-subscription';
  return 'allowed';
}

/**
 * Route wrapper (inside RequireSession and the app layout) for every /app page except integrations
 * and account settings: shows the page only to a merchant whose connected store has an active
 * subscription.
 */
export function RequireSubscription() {
  const store = useCurrentStore();
  const outcome = subscriptionGateOutcome({ data: store.data, isError: store.isError });

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
