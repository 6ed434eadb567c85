import { PublicLayout } from '../components/layout/PublicLayout';
import { UnderConstruction } from '../components/ui/UnderConstruction';
import { messages } from '../i18n';

/** /reset-password */
export default function ResetPasswordScreen() {
  const t = messages.publicScreens.resetPassword;
  return (
    <PublicLayout title={t.title} width="sm">
      <UnderConstruction />
    </PublicLayout>
  );
}
