import { z } from 'zod';
import { ACCOUNT_LIMITS, accountFields } from '#core/account';
import { messages } from '../i18n';

/**
 * The auth forms' schemas (docs/product/screens.md, docs/product/statuses.md and docs/product/validation.md): the account's fields as the API's contracts
 * define them (src/core/account.ts, so a limit is written once), worded for the forms, plus what
 * only a form asks (a filled field, a confirmation). The server validates again and may refuse more
 * (common passwords…); its message is then shown as-is.
 */
const v = messages.auth.validation;

const field = accountFields({
  emailInvalid: v.emailInvalid,
  nameRequired: v.nameRequired,
  nameTooLong: v.nameMax,
  companyNameTooLong: v.companyMax,
  passwordTooShort: v.passwordMin,
  passwordTooLong: v.passwordMax,
});

/** A field that must be filled (blank counts as empty, except for a password) before its own rule is checked. */
function filled<T extends z.ZodType<unknown, string>>(schema: T, message: string, { blankIsEmpty = true } = {}) {
  return z
    .string()
    .refine((value) => (blankIsEmpty ? value.trim() : value).length > 0, { error: message, abort: true })
    .pipe(schema);
}

const email = filled(field.email, v.emailRequired);
const currentPassword = filled(field.currentPassword, v.passwordRequired, { blankIsEmpty: false });
const newPassword = filled(field.newPassword, v.passwordRequired, { blankIsEmpty: false });
const confirmPassword = z.string().min(1, { error: v.confirmRequired });

/** The confirmation must repeat the password (checked once every field is valid). */
const mismatch = { path: ['confirmPassword'], error: v.passwordMismatch };

export const loginSchema = z.object({ email, password: currentPassword });

export const forgotPasswordSchema = z.object({ email });

export const signupSchema = z.object({ name: field.name, email, password: newPassword });

export const resetPasswordSchema = z.object({ newPassword, confirmPassword }).refine((x) => x.newPassword === x.confirmPassword, mismatch);

/** The person's name is optional here: until one is given, the e-mail names the account (decision 046). */
/**
 * A new e-mail also asks the current password, as the API does (issue 45); a name change alone does
 * not. `accountEmail`: the address the account holds.
 */
export const profileSchema = (accountEmail: string) =>
  z
    .object({ name: field.optionalName, email, currentPassword: field.currentPassword })
    .refine((x) => x.email.trim().toLowerCase() === accountEmail.toLowerCase() || x.currentPassword.length > 0, {
      path: ['currentPassword'],
      error: messages.accountSettings.profile.currentPasswordRequired,
    });

export const changePasswordSchema = z.object({ currentPassword, newPassword, confirmPassword }).refine((x) => x.newPassword === x.confirmPassword, mismatch);

/**
 * Onboarding from Shopify (docs/product/validation.md): the spec's fields only, e-mail, company name and a
 * password longer than the API requires, typed twice. No person's name is asked in the install funnel:
 * the account settings ask it later, optional, and the company name never stands for it (decision 046).
 */
export const onboardingSignupSchema = z
  .object({
    email,
    companyName: filled(field.companyName, v.companyRequired),
    password: z.string().min(1, { error: v.passwordRequired }).min(ACCOUNT_LIMITS.onboardingPasswordMin, { error: v.passwordMinOnboarding }).pipe(field.newPassword),
    confirmPassword,
  })
  .refine((x) => x.password === x.confirmPassword, mismatch);

export type LoginValues = z.input<typeof loginSchema>;
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;
export type SignupValues = z.input<typeof signupSchema>;
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;
export type ProfileValues = z.input<ReturnType<typeof profileSchema>>;
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
export type OnboardingSignupValues = z.input<typeof onboardingSignupSchema>;
