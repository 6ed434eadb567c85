import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/feedback */
export default function FeedbackScreen() {
  const t = messages.appScreens.feedback;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
