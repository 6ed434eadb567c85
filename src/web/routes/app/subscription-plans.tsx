import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/subscription-plans */
export default function SubscriptionPlansScreen() {
  const t = messages.appScreens.subscriptionPlans;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
