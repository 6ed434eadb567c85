import { PublicLayout } from '../components/layout/PublicLayout';
import { UnderConstruction } from '../components/ui/UnderConstruction';
import { messages } from '../i18n';

/** /signup */
export default function SignupScreen() {
  const t = messages.publicScreens.signup;
  return (
    <PublicLayout title={t.title} subtitle={t.subtitle} width="sm">
      <UnderConstruction />
    </PublicLayout>
  );
}
