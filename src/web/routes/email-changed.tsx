import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_CHANGE_OUTCOMES, type EmailChangeOutcome } from '#core/api/auth';
import { useSession } from '../api/auth';
import { PublicLayout } from '../components/layout/PublicLayout';
import { buttonClass } from '../components/ui/button';
import { Spinner } from '../components/ui/Spinner';
import { messages } from '../i18n';

const t = messages.confirmations.emailChanged;

/** The outcome the server put in the address; anything else reads as an invalid link. */
function readOutcome(value: string | null): EmailChangeOutcome {
  return EMAIL_CHANGE_OUTCOMES.find((outcome) => outcome === value) ?? 'invalid';
}

/**
 * /email-changed (public), where a followed e-mail change link lands (GET /api/auth/verify-email
 * sets `outcome`, never the address): says what happened, then the next step. It
 * is public because the link is often followed where the account is not signed in: a signed-in
 * browser goes back to the account's settings, any other signs in.
 */
export default function EmailChangedScreen() {
  const [searchParams] = useSearchParams();
  const outcome = readOutcome(searchParams.get('outcome'));
  const { data: session, isPending } = useSession();
  const words = t[outcome];
  const body = t[outcome].body;
  const Icon = outcome === 'changed' ? CircleCheck : CircleAlert;

  return (
    <PublicLayout title={words.title} width="md">
      <div className="space-y-5">
        <p className="flex items-start gap-2 text-slate-800" role="status">
          <Icon aria-hidden="true" className={outcome === 'changed' ? 'mt-0.5 size-5 shrink-0 text-green-700' : 'mt-0.5 size-5 shrink-0 text-amber-700'} />
          <span className="min-w-0 break-words">{body}</span>
        </p>
        {isPending ? (
          <Spinner label={t.loading} className="justify-start" />
        ) : session ? (
          <>
            <p className="text-sm text-slate-600">{t.nextSignedIn}</p>
            <Link to="/app/account-settings?tab=profile" className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
              {t.toSettings}
            </Link>
          </>
        ) : (
          <>
            <p className="min-w-0 text-sm break-words text-slate-600">{outcome === 'changed' ? t.nextSignedOutChanged : t.nextSignedOut}</p>
            <Link to="/login" className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
              {t.toLogin}
            </Link>
          </>
        )}
      </div>
    </PublicLayout>
  );
}
