import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/dashboard */
export default function DashboardScreen() {
  const t = messages.appScreens.dashboard;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
