import { PublicLayout } from '../components/layout/PublicLayout';
import { UnderConstruction } from '../components/ui/UnderConstruction';
import { messages } from '../i18n';

/** /login */
export default function LoginScreen() {
  const t = messages.publicScreens.login;
  return (
    <PublicLayout title={t.title} subtitle={t.subtitle} width="sm">
      <UnderConstruction />
    </PublicLayout>
  );
}
