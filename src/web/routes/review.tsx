import { PublicLayout } from '../components/layout/PublicLayout';
import { UnderConstruction } from '../components/ui/UnderConstruction';
import { messages } from '../i18n';

/** /review/:token */
export default function ReviewScreen() {
  const t = messages.publicScreens.review;
  return (
    <PublicLayout title={t.title} width="md">
      <UnderConstruction />
    </PublicLayout>
  );
}
