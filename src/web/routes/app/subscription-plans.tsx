import { PlanChoice } from '#web/components/plans/PlanChoice';
import { messages } from '#web/i18n';
import { usePageHeader } from '#web/lib/page-header';

/**
 * /app/subscription-plans: the plan choice inside the app (docs/product/screens.md: 'Choisissez votre plan',
 * plans from the database, ?status=success|error&message=), for a merchant with an active plan.
 */
export default function SubscriptionPlansScreen() {
  const t = messages.appScreens.subscriptionPlans;
  usePageHeader(t.title, t.subtitle);
  return <PlanChoice heading={messages.subscription.title} />;
}
