import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { SignUpBody } from '#web/api/auth';
import { messages } from '#web/i18n';
import { onboardingSignupSchema, signupSchema } from '#web/lib/auth-forms';
import { PasswordField } from '../ui/PasswordField';
import { SubmitButton } from '../ui/SubmitButton';
import { TextField } from '../ui/TextField';

interface SignUpFormProps {
  /** Receives the sign-up request's body, once the form is valid. */
  onSubmit: (body: SignUpBody) => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
}

interface ShopSignUpFormProps extends SignUpFormProps {
  /** The e-mail to start with, and a listener of what is typed (onboarding keeps it across its two forms). */
  defaultEmail?: string;
  onEmailChange?: (email: string) => void;
}

/**
 * The one sign-up form, in the spec's two variants: `account` (/signup, docs/product/screens.md: name, e-mail,
 * password) and `shop` (/shopify/onboarding, docs/product/validation.md: e-mail, company name and a longer
 * password typed twice, no person's name). The company name is the company's, never the person's name
 * (decision 046): an account without a name is named by its e-mail until one is given in its settings.
 */
export function SignUpForm(props: ({ variant: 'account' } & SignUpFormProps) | ({ variant: 'shop' } & ShopSignUpFormProps)) {
  return props.variant === 'account' ? <AccountFields {...props} /> : <ShopFields {...props} />;
}

function AccountFields({ onSubmit, busy, submitLabel, busyLabel }: SignUpFormProps) {
  const t = messages.auth.fields;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signupSchema), defaultValues: { name: '', email: '', password: '' } });

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values))} className="space-y-5">
      <TextField required label={t.name} autoComplete="name" placeholder={t.namePlaceholder} error={errors.name?.message} {...register('name')} />
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
      <TextField required label={t.password} type="password" autoComplete="new-password" hint={t.passwordHint} error={errors.password?.message} {...register('password')} />
      <SubmitButton busy={busy} busyLabel={busyLabel} fullWidth>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

function ShopFields({ onSubmit, busy, submitLabel, busyLabel, defaultEmail = '', onEmailChange }: ShopSignUpFormProps) {
  const t = messages.auth.fields;
  const [showPassword, setShowPassword] = useState(false);
  const confirmId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(onboardingSignupSchema),
    defaultValues: { email: defaultEmail, companyName: '', password: '', confirmPassword: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit(({ email, companyName, password }) => onSubmit({ email, password, companyName }))} className="space-y-5">
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
      <TextField required label={t.companyName} autoComplete="organization" placeholder={t.companyPlaceholder} error={errors.companyName?.message} {...register('companyName')} />
      <PasswordField
        required
        label={t.password}
        autoComplete="new-password"
        hint={t.onboardingPasswordHint}
        error={errors.password?.message}
        visible={showPassword}
        onVisibleChange={setShowPassword}
        toggleLabel={t.showPassword}
        alsoControls={[confirmId]}
        {...register('password')}
      />
      <PasswordField
        required
        inputId={confirmId}
        label={t.confirmPassword}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        visible={showPassword}
        {...register('confirmPassword')}
      />
      <SubmitButton busy={busy} busyLabel={busyLabel} fullWidth>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
