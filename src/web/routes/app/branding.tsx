import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/branding */
export default function BrandingScreen() {
  const t = messages.appScreens.branding;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
