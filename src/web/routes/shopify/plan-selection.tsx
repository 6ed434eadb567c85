import { PublicLayout } from '../../components/layout/PublicLayout';
import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';

/** /shopify/plan-selection */
export default function ShopifyPlanSelectionScreen() {
  const t = messages.publicScreens.shopifyPlanSelection;
  return (
    <PublicLayout title={t.title} width="lg">
      <UnderConstruction />
    </PublicLayout>
  );
}
