import { PublicLayout } from '../components/layout/PublicLayout';
import { UnderConstruction } from '../components/ui/UnderConstruction';
import { messages } from '../i18n';

/** /unsubscribe/:token */
export default function UnsubscribeScreen() {
  const t = messages.publicScreens.unsubscribe;
  return (
    <PublicLayout title={t.title} width="md">
      <UnderConstruction />
    </PublicLayout>
  );
}
