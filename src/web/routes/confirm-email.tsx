import { MailCheck } from 'lucide-react';
import { useParams } from 'react-router';
import { verifyEmail } from '#core/api/auth';
import { PublicLayout } from '../components/layout/PublicLayout';
import { buttonClass } from '../components/ui/button';
import { messages } from '../i18n';

const t = messages.confirmations.emailLink;

/**
 * /confirm-email/:token (public), the link e-mailed to a new account address (decision 022). The
 * page changes nothing by being opened (mail scanners prefetch links): the button follows the link
 * to GET /api/auth/verify-email, which moves the account to the new address and lands on its
 * settings (or says why not there).
 */
export default function ConfirmEmailScreen() {
  const { token = '' } = useParams();
  const href = `${verifyEmail.path}?${new URLSearchParams({ token }).toString()}`;
  return (
    <PublicLayout title={t.title} width="md">
      <div className="space-y-5">
        <p className="text-slate-800">{t.intro}</p>
        <p className="text-sm text-slate-600">{t.explanation}</p>
        <a href={href} className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
          <MailCheck aria-hidden="true" className="size-4" />
          {t.submit}
        </a>
      </div>
    </PublicLayout>
  );
}
