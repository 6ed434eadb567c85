import { PublicLayout } from '../../components/layout/PublicLayout';
import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';

/** /shopify/install */
export default function ShopifyInstallScreen() {
  const t = messages.publicScreens.shopifyInstall;
  return (
    <PublicLayout title={t.title} width="md">
      <UnderConstruction />
    </PublicLayout>
  );
}
