import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/integrations */
export default function IntegrationsScreen() {
  const t = messages.appScreens.integrations;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
