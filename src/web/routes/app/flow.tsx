import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/flow */
export default function FlowScreen() {
  const t = messages.appScreens.flow;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
