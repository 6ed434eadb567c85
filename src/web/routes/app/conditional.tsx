import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/conditional */
export default function ConditionalActionsScreen() {
  const t = messages.appScreens.conditional;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
