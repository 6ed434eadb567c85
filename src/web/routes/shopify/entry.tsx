import { PublicLayout } from '../../components/layout/PublicLayout';
import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';

/** /shopify/entry */
export default function ShopifyEntryScreen() {
  const t = messages.publicScreens.shopifyEntry;
  return (
    <PublicLayout title={t.title} width="md">
      <UnderConstruction />
    </PublicLayout>
  );
}
