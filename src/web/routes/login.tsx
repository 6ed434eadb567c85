import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../components/layout/PublicLayout';
import { ErrorAlert, SuccessAlert, WarningNote } from '../components/ui/Alert';
import { TextField, textLinkClass } from '../components/ui/TextField';
import { messages } from '../i18n';
import { apiFetch } from '../lib/api';
import {
  forgotPasswordSchema,
  loginSchema,
  type ForgotPasswordValues,
  type LoginValues,
} from '../lib/auth-forms';
import { safeRedirectPath, withRedirect } from '../lib/safe-redirect';
import { refreshAuthQueries, type LoginLocationState, type LoginNotice } from '../lib/session';
import { SubmitButton } from '../components/ui/SubmitButton';

function locationState(state: unknown): LoginLocationState {
  return state && typeof state === 'object' ? (state as LoginLocationState) : {};
}

/**
 * /login: sign-in, and forgot-password mode (`?mode=forgot`). The mode links are real links, so
 * the back button returns to the other mode; each mode is a fresh form, so switching clears error
 * and success messages. `?redirect=` is honoured after sign-in when it is a safe same-site path.
 */
export default function LoginScreen() {
  const t = messages.login;
  const [searchParams] = useSearchParams();
  const { state } = useLocation();
  const forgot = searchParams.get('mode') === 'forgot';
  const redirect = searchParams.get('redirect');
  const { notice, focusForm = false } = locationState(state);

  return (
    <PublicLayout
      title={forgot ? t.forgot.title : t.title}
      subtitle={forgot ? t.forgot.subtitle : t.subtitle}
      width="sm"
    >
      {forgot ? (
        <ForgotPasswordForm key="forgot" redirect={redirect} autoFocus={focusForm} />
      ) : (
        <SignInForm
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

function SignInForm({
  redirect,
  autoFocus,
  notice,
}: {
  redirect: string | null;
  autoFocus: boolean;
  notice?: LoginNotice;
}) {
  const t = messages.login;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  useEffect(() => {
    if (autoFocus) setFocus('email');
  }, [autoFocus, setFocus]);

  const signIn = useMutation({
    mutationFn: (values: LoginValues) =>
      apiFetch<unknown>('/api/auth/sign-in/email', { method: 'POST', body: values }),
    onSuccess: async () => {
      await refreshAuthQueries(queryClient);
      await navigate(safeRedirectPath(redirect), { replace: true });
    },
  });
  const busy = signIn.isPending;

  return (
    <>
      {signIn.isError ? (
        <ErrorAlert className="mb-6">{signIn.error.message}</ErrorAlert>
      ) : (
        notice && <LoginNoticeBox notice={notice} />
      )}
      <form noValidate onSubmit={handleSubmit((values) => signIn.mutate(values))} className="space-y-5">
        <TextField
          required
          label={t.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t.emailPlaceholder}
          error={errors.email?.message}
          {...register('email')}
        />
        <div>
          <TextField
            required
            label={t.password}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <p className="mt-2 text-right text-sm">
            <Link
              to={withRedirect('/login', redirect, { mode: 'forgot' })}
              state={{ focusForm: true } satisfies LoginLocationState}
              className={textLinkClass}
            >
              {t.forgotLink}
            </Link>
          </p>
        </div>
        <SubmitButton busy={busy} busyLabel={t.submitting} fullWidth>
          {t.submit}
        </SubmitButton>
      </form>
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
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  useEffect(() => {
    if (autoFocus) setFocus('email');
  }, [autoFocus, setFocus]);

  // The server answers the same whether the address exists or not; so does this screen.
  const requestReset = useMutation({
    mutationFn: (values: ForgotPasswordValues) =>
      apiFetch<unknown>('/api/auth/forgot-password', { method: 'POST', body: { email: values.email } }),
  });
  const busy = requestReset.isPending;

  return (
    <>
      {requestReset.isError && <ErrorAlert className="mb-6">{requestReset.error.message}</ErrorAlert>}
      {requestReset.isSuccess && <SuccessAlert className="mb-6">{t.success}</SuccessAlert>}
      <form noValidate onSubmit={handleSubmit((values) => requestReset.mutate(values))} className="space-y-5">
        <TextField
          required
          label={messages.login.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={messages.login.emailPlaceholder}
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton busy={busy} busyLabel={t.submitting} fullWidth>
          {t.submit}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link
          to={withRedirect('/login', redirect)}
          state={{ focusForm: true } satisfies LoginLocationState}
          className={textLinkClass}
        >
          {t.back}
        </Link>
      </p>
    </>
  );
}
