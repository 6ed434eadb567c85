import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useRequestPasswordReset, useSession, useSignIn } from '../api/auth';
import { SignInForm } from '../components/auth/SignInForm';
import { PublicLayout } from '../components/layout/PublicLayout';
import { ErrorAlert, SuccessAlert, WarningNote } from '../components/ui/Alert';
import { SubmitButton } from '../components/ui/SubmitButton';
import { TextField, textLinkClass } from '../components/ui/TextField';
import { messages } from '../i18n';
import { forgotPasswordSchema } from '../lib/auth-forms';
import { safeRedirectPath, withRedirect } from '../lib/safe-redirect';
import type { LoginLocationState, LoginNotice } from '../lib/session';

function locationState(state: unknown): LoginLocationState {
  return state && typeof state === 'object' ? (state as LoginLocationState) : {};
}

/**
 * /login: sign-in, and forgot-password mode (`?mode=forgot`). The mode links are real links, so
 * the back button returns to the other mode; each mode is a fresh form, so switching clears error
 * and success messages. `?redirect=` is honoured after sign-in when it is a safe same-site path, and
 * at once for a visitor already signed in.
 */
export default function LoginScreen() {
  const t = messages.login;
  const [searchParams] = useSearchParams();
  const { state } = useLocation();
  const forgot = searchParams.get('mode') === 'forgot';
  const redirect = searchParams.get('redirect');
  const { notice, focusForm = false } = locationState(state);
  const session = useSession();

  // Already signed in: the form has nothing to offer; go where the sign-in would have led.
  if (!forgot && session.data) return <Navigate to={safeRedirectPath(redirect)} replace />;

  return (
    <PublicLayout title={forgot ? t.forgot.title : t.title} subtitle={forgot ? t.forgot.subtitle : t.subtitle} width="sm">
      {forgot ? (
        <ForgotPasswordForm key="forgot" redirect={redirect} autoFocus={focusForm} />
      ) : (
        <SignInPanel
          key="sign-in"
          redirect={redirect}
          autoFocus={focusForm}
          notice={typeof notice === 'string' && Object.prototype.hasOwnProperty.call(messages.auth.notices, notice) ? notice : undefined}
        />
      )}
    </PublicLayout>
  );
}

/** A notice brought by the navigation state: a confirmation, or why the user must sign in again. */
function LoginNoticeBox({ notice }: { notice: LoginNotice }) {
  const text = messages.auth.notices[notice];
  if (notice === 'sessionExpired') {
    return (
      <div role="status" className="mb-6">
        <WarningNote>{text}</WarningNote>
      </div>
    );
  }
  return <SuccessAlert className="mb-6">{text}</SuccessAlert>;
}

function SignInPanel({ redirect, autoFocus, notice }: { redirect: string | null; autoFocus: boolean; notice?: LoginNotice }) {
  const t = messages.login;
  const navigate = useNavigate();
  const signIn = useSignIn({ onSignedIn: () => navigate(safeRedirectPath(redirect), { replace: true }) });

  return (
    <>
      {signIn.isError ? <ErrorAlert className="mb-6">{signIn.error.message}</ErrorAlert> : notice && <LoginNoticeBox notice={notice} />}
      <SignInForm
        onSubmit={(body) => signIn.mutate(body)}
        busy={signIn.isPending}
        submitLabel={t.submit}
        busyLabel={t.submitting}
        autoFocus={autoFocus}
        belowPassword={
          <p className="mt-2 text-right text-sm">
            <Link to={withRedirect('/login', redirect, { mode: 'forgot' })} state={{ focusForm: true } satisfies LoginLocationState} className={textLinkClass}>
              {t.forgotLink}
            </Link>
          </p>
        }
      />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t.noAccount}{' '}
        <Link to={withRedirect('/signup', redirect)} className={textLinkClass}>
          {t.signupLink}
        </Link>
      </p>
    </>
  );
}

function ForgotPasswordForm({ redirect, autoFocus }: { redirect: string | null; autoFocus: boolean }) {
  const t = messages.login.forgot;
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  useEffect(() => {
    if (autoFocus) setFocus('email');
  }, [autoFocus, setFocus]);

  // The server answers the same whether the address exists or not; so does this screen.
  const requestReset = useRequestPasswordReset();
  const busy = requestReset.isPending;

  return (
    <>
      {requestReset.isError && <ErrorAlert className="mb-6">{requestReset.error.message}</ErrorAlert>}
      {requestReset.isSuccess && <SuccessAlert className="mb-6">{t.success}</SuccessAlert>}
      <form noValidate onSubmit={handleSubmit((values) => requestReset.mutate(values))} className="space-y-5">
        <TextField
          required
          label={messages.auth.fields.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={messages.auth.fields.emailPlaceholder}
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton busy={busy} busyLabel={t.submitting} fullWidth>
          {t.submit}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={withRedirect('/login', redirect)} state={{ focusForm: true } satisfies LoginLocationState} className={textLinkClass}>
          {t.back}
        </Link>
      </p>
    </>
  );
}
