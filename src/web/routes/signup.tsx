import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSignUp } from '../api/auth';
import { SignUpForm } from '../components/auth/SignUpForm';
import { PublicLayout } from '../components/layout/PublicLayout';
import { ErrorAlert } from '../components/ui/Alert';
import { textLinkClass } from '../components/ui/TextField';
import { messages } from '../i18n';
import { safeRedirectPath, withRedirect } from '../lib/safe-redirect';

/**
 * /signup: creates the account (the server sets the session cookie), then goes to the safe
 * `?redirect=` target or the dashboard. No e-mail confirmation step (docs/product/statuses.md).
 */
export default function SignupScreen() {
  const t = messages.signup;
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const navigate = useNavigate();
  const signUp = useSignUp({ onSignedUp: () => navigate(safeRedirectPath(redirect), { replace: true }) });

  return (
    <PublicLayout title={t.title} subtitle={t.subtitle} width="sm">
      {signUp.isError && <ErrorAlert className="mb-6">{signUp.error.message}</ErrorAlert>}
      <SignUpForm variant="account" onSubmit={(body) => signUp.mutate(body)} busy={signUp.isPending} submitLabel={t.submit} busyLabel={t.submitting} />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t.haveAccount}{' '}
        <Link to={withRedirect('/login', redirect)} className={textLinkClass}>
          {t.loginLink}
        </Link>
      </p>
    </PublicLayout>
  );
}
