import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSignUp } from '../api/auth';
import { ApiError } from '../lib/api';
import { SignUpForm } from '../components/auth/SignUpForm';
import { PublicLayout } from '../components/layout/PublicLayout';
import { ErrorAlert } from '../components/ui/Alert';
import { textLinkClass } from '../components/ui/TextField';
import { messages } from '../i18n';
import { safeRedirectPath, withRedirect } from '../lib/safe-redirect';

/**
 * /signup: creates the account (the server sets the session cookie), then goes to the safe
 * `?redirect=` target or the dashboard. No e-mail confirmation step (docs/product/statuses.md). An
 * address already taken leads to the password link (an account opened from the Shopify admin has none).
 */
export default function SignupScreen() {
  const t = messages.signup;
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const navigate = useNavigate();
  const signUp = useSignUp({ onSignedUp: () => navigate(safeRedirectPath(redirect), { replace: true }) });

  return (
    <PublicLayout title={t.title} subtitle={t.subtitle} width="sm">
      {signUp.isError && (
        <ErrorAlert className="mb-6">
          {signUp.error.message}
          {signUp.error instanceof ApiError && signUp.error.code === 'user_already_exists' && (
            // Not a dead end: the account may be the one the Shopify admin opened, which has no password yet.
            <span className="mt-2 block">
              {t.existingAccount}{' '}
              <Link to={withRedirect('/login', redirect, { mode: 'forgot' })} className={textLinkClass}>
                {t.existingAccountLink}
              </Link>
            </span>
          )}
        </ErrorAlert>
      )}
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
