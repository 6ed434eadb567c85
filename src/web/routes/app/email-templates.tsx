import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/email-templates */
export default function EmailTemplatesScreen() {
  const t = messages.appScreens.emailTemplates;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
