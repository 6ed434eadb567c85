import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../api/auth';
import { PublicLayout } from '../components/layout/PublicLayout';
import { ErrorAlert, SuccessAlert } from '../components/ui/Alert';
import { buttonClass } from '../components/ui/button';
import { TextField, textLinkClass } from '../components/ui/TextField';
import { messages } from '../i18n';
import { resetPasswordSchema } from '../lib/auth-forms';
import type { LoginLocationState } from '../lib/session';
import { SubmitButton } from '../components/ui/SubmitButton';

const forgotPasswordPath = '/login?mode=forgot';

/**
 * /reset-password?token=…: target of the reset e-mail. Sets a new password with the token, then
 * offers to sign in (/login shows 'Mot de passe modifié avec succès'). Without a token: an error and
 * a link to ask for a new e-mail.
 */
export default function ResetPasswordScreen() {
  const t = messages.resetPassword;
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  return (
    <PublicLayout title={t.title} subtitle={token ? t.subtitle : undefined} width="sm">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <>
          <ErrorAlert>{t.missingToken}</ErrorAlert>
          <Link to={forgotPasswordPath} className={buttonClass('primary', 'md', 'mt-6 w-full')}>
            {t.requestNewLink}
          </Link>
          <p className="mt-6 text-center text-sm">
            <Link to="/login" className={textLinkClass}>
              {t.backToLogin}
            </Link>
          </p>
        </>
      )}
    </PublicLayout>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const t = messages.resetPassword;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const reset = useResetPassword();
  const busy = reset.isPending;

  if (reset.isSuccess) {
    return (
      <>
        <SuccessAlert>
          <p className="font-medium">{t.success}</p>
          <p className="mt-1">{t.successBody}</p>
        </SuccessAlert>
        <Link to="/login" replace state={{ notice: 'passwordChanged' } satisfies LoginLocationState} className={buttonClass('primary', 'md', 'mt-6 w-full')}>
          {t.signIn}
        </Link>
      </>
    );
  }

  return (
    <>
      {reset.isError && (
        <ErrorAlert className="mb-6">
          <p>{reset.error.message}</p>
          <p className="mt-2">
            <Link to={forgotPasswordPath} className="font-medium text-red-800 underline underline-offset-2">
              {t.requestNewLink}
            </Link>
          </p>
        </ErrorAlert>
      )}
      <form noValidate onSubmit={handleSubmit(({ newPassword }) => reset.mutate({ newPassword, token }))} className="space-y-5">
        <TextField
          required
          label={t.newPassword}
          type="password"
          autoComplete="new-password"
          hint={t.newPasswordHint}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField required label={t.confirmPassword} type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <SubmitButton busy={busy} busyLabel={t.submitting} fullWidth>
          {t.submit}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className={textLinkClass}>
          {t.backToLogin}
        </Link>
      </p>
    </>
  );
}
