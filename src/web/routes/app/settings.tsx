import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/settings */
export default function SettingsScreen() {
  const t = messages.appScreens.settings;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
