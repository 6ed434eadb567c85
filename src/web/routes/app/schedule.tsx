import { UnderConstruction } from '../../components/ui/UnderConstruction';
import { messages } from '../../i18n';
import { usePageHeader } from '../../lib/page-header';

/** /app/schedule */
export default function ScheduleScreen() {
  const t = messages.appScreens.schedule;
  usePageHeader(t.title, t.subtitle);
  return <UnderConstruction />;
}
