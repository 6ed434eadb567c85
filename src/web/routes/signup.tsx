import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../components/layout/PublicLayout';
import { ErrorAlert } from '../components/ui/Alert';
import { TextField, textLinkClass } from '../components/ui/TextField';
import { messages } from '../i18n';
import { apiFetch } from '../lib/api';
import { signupSchema, type SignupValues } from '../lib/auth-forms';
import { safeRedirectPath, withRedirect } from '../lib/safe-redirect';
import { refreshAuthQueries } from '../lib/session';
import { SubmitButton } from '../components/ui/SubmitButton';

/**
 * /signup: creates the account (the server sets the session cookie), then goes to the safe
 * `?redirect=` target or the dashboard. No e-mail confirmation step (spec section 4).
 */
export default function SignupScreen() {
  const t = messages.signup;
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const signUp = useMutation({
    mutationFn: (values: SignupValues) =>
      apiFetch<unknown>('/api/auth/sign-up/email', { method: 'POST', body: values }),
    onSuccess: async () => {
      await refreshAuthQueries(queryClient);
      await navigate(safeRedirectPath(redirect), { replace: true });
    },
  });
  const busy = signUp.isPending;

  return (
    <PublicLayout title={t.title} subtitle={t.subtitle} width="sm">
      {signUp.isError && <ErrorAlert className="mb-6">{signUp.error.message}</ErrorAlert>}
      <form noValidate onSubmit={handleSubmit((values) => signUp.mutate(values))} className="space-y-5">
        <TextField
          required
          label={t.name}
          autoComplete="name"
          placeholder={t.namePlaceholder}
          error={errors.name?.message}
          {...register('name')}
        />
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
        <TextField
          required
          label={t.password}
          type="password"
          autoComplete="new-password"
          hint={t.passwordHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton busy={busy} busyLabel={t.submitting} fullWidth>
          {t.submit}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t.haveAccount}{' '}
        <Link to={withRedirect('/login', redirect)} className={textLinkClass}>
          {t.loginLink}
        </Link>
      </p>
    </PublicLayout>
  );
}
