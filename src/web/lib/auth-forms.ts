import { z } from 'zod';
import { messages } from '../i18n';

/**
 * Client-side validation of the auth forms (spec section 5). The server validates again and may
 * refuse more (common passwords…); its message is then shown as-is.
 */
const v = messages.auth.validation;

export const passwordMinLength = 6;
export const passwordMaxLength = 128;

const email = z
  .string()
  .trim()
  .min(1, { error: v.emailRequired })
  .pipe(z.email({ error: v.emailInvalid }));

/** A new password: required, 6 to 128 characters. */
const newPassword = z
  .string()
  .min(1, { error: v.passwordRequired })
  .min(passwordMinLength, { error: v.passwordMin })
  .max(passwordMaxLength, { error: v.passwordMax });

export const loginSchema = z.object({
  email,
  password: z.string().min(1, { error: v.passwordRequired }),
});

export const forgotPasswordSchema = z.object({ email });

export const signupSchema = z.object({
  name: z.string().trim().min(1, { error: v.nameRequired }).max(100, { error: v.nameMax }),
  email,
  password: newPassword,
});

export const resetPasswordSchema = z
  .object({
    newPassword,
    confirmPassword: z.string().min(1, { error: v.confirmRequired }),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    error: v.passwordMismatch,
  });

export const profileSchema = z.object({
  name: z.string().trim().min(1, { error: v.nameRequired }).max(100, { error: v.nameMax }),
  email,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: v.passwordRequired }),
    newPassword,
    confirmPassword: z.string().min(1, { error: v.confirmRequired }),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    error: v.passwordMismatch,
  });

/** Onboarding from Shopify (spec section 5): a password of at least 8 characters. */
export const onboardingPasswordMinLength = 8;

export const onboardingSignupSchema = z
  .object({
    email,
    companyName: z.string().trim().min(1, { error: v.companyRequired }).max(100, { error: v.companyMax }),
    password: z
      .string()
      .min(1, { error: v.passwordRequired })
      .min(onboardingPasswordMinLength, { error: v.passwordMinOnboarding })
      .max(passwordMaxLength, { error: v.passwordMax }),
    confirmPassword: z.string().min(1, { error: v.confirmRequired }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: v.passwordMismatch,
  });

export const onboardingSigninSchema = loginSchema;

export type LoginValues = z.infer<typeof loginSchema>;
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;
export type SignupValues = z.infer<typeof signupSchema>;
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
export type ProfileValues = z.infer<typeof profileSchema>;
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
export type OnboardingSignupValues = z.infer<typeof onboardingSignupSchema>;
export type OnboardingSigninValues = z.infer<typeof onboardingSigninSchema>;
