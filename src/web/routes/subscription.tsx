import { PublicLayout } from '../components/layout/PublicLayout';
import { UnderConstruction } from '../components/ui/UnderConstruction';
import { messages } from '../i18n';

/** /subscription */
export default function SubscriptionScreen() {
  const t = messages.publicScreens.subscription;
  return (
    <PublicLayout title={t.title} width="lg">
      <UnderConstruction />
    </PublicLayout>
  );
}
