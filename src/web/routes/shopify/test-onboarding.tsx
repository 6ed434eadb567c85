import { PublicLayout } from '../../components/layout/PublicLayout';
import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';

/** /shopify/test-onboarding */
export default function ShopifyTestOnboardingScreen() {
  const t = messages.publicScreens.shopifyTestOnboarding;
  return (
    <PublicLayout title={t.title} width="lg">
      <UnderConstruction />
    </PublicLayout>
  );
}
