import { PublicLayout } from '../../components/layout/PublicLayout';
import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';

/** /shopify/onboarding */
export default function ShopifyOnboardingScreen() {
  const t = messages.publicScreens.shopifyOnboarding;
  return (
    <PublicLayout title={t.title} width="md">
      <UnderConstruction />
    </PublicLayout>
  );
}
