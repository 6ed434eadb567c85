import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { SignInBody } from '#web/api/auth';
import { messages } from '#web/i18n';
import { loginSchema } from '#web/lib/auth-forms';
import { PasswordField } from '../ui/PasswordField';
import { SubmitButton } from '../ui/SubmitButton';
import { TextField } from '../ui/TextField';

export interface SignInFormProps {
  /** Receives the sign-in request's body, once the form is valid. */
  onSubmit: (body: SignInBody) => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Focus the e-mail field once shown. */
  autoFocus?: boolean;
  /** The e-mail to start with, and a listener of what is typed (onboarding keeps it across its two forms). */
  defaultEmail?: string;
  onEmailChange?: (email: string) => void;
  /** A show/hide toggle on the password. */
  passwordToggle?: boolean;
  /** Shown under the password (the forgot-password link of /login). */
  belowPassword?: ReactNode;
}

/** The one sign-in form (/login, /shopify/onboarding): e-mail and password, checked with the contract's rules. */
export function SignInForm({
  onSubmit,
  busy,
  submitLabel,
  busyLabel,
  autoFocus = false,
  defaultEmail = '',
  onEmailChange,
  passwordToggle = false,
  belowPassword,
}: SignInFormProps) {
  const t = messages.auth.fields;
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: defaultEmail, password: '' } });

  useEffect(() => {
    if (autoFocus) setFocus('email');
  }, [autoFocus, setFocus]);

  const password = register('password');
  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values))} className="space-y-5">
      <TextField
        required
        label={t.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t.emailPlaceholder}
        error={errors.email?.message}
        {...register('email', { onChange: (event: { target: { value: string } }) => onEmailChange?.(event.target.value) })}
      />
      <div>
        {passwordToggle ? (
          <PasswordField
            required
            label={t.password}
            autoComplete="current-password"
            error={errors.password?.message}
            visible={showPassword}
            onVisibleChange={setShowPassword}
            toggleLabel={t.showPassword}
            {...password}
          />
        ) : (
          <TextField required label={t.password} type="password" autoComplete="current-password" error={errors.password?.message} {...password} />
        )}
        {belowPassword}
      </div>
      <SubmitButton busy={busy} busyLabel={busyLabel} fullWidth>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
