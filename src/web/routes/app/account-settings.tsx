import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/account-settings */
export default function AccountSettingsScreen() {
  const t = messages.appScreens.accountSettings;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
