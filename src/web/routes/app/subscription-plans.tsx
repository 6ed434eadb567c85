import { PlanChoice } from '../../components/plans/PlanChoice';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/subscription-plans: the plan choice inside the app, for a merchant with an active plan. */
export default function SubscriptionPlansScreen() {
  const t = messages.appScreens.subscriptionPlans;
  usePageHeader(t.title, t.subtitle);
  return <PlanChoice />;
}
