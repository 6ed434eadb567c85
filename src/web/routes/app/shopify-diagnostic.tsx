import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/shopify-diagnostic */
export default function ShopifyDiagnosticScreen() {
  const t = messages.appScreens.shopifyDiagnostic;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
