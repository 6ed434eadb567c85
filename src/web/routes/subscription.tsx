import { PublicLayout } from '../components/layout/PublicLayout';
import { PlanChoice } from '../components/plans/PlanChoice';
import { messages } from '../i18n';

/**
 * /subscription: where the app's gate sends a merchant whose store has no active subscription
 * (docs/product/statuses.md): a pending charge, a declined or expired one, a cancelled or frozen plan.
 */
export default function SubscriptionScreen() {
  return (
    <PublicLayout title={messages.subscription.title} width="xl">
      <PlanChoice />
    </PublicLayout>
  );
}
