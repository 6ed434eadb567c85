import { describe, expect, it } from 'vitest';
import { changePassword, resetPassword, signIn, signUp } from '#core/api/auth';
import { changePasswordSchema, loginSchema, onboardingSignupSchema, resetPasswordSchema, signupSchema } from './auth-forms';

/**
 * The forms and the API read the same rules (src/core/account.ts): whatever a form lets through,
 * the API accepts, and a value the API refuses for its length or format never leaves a form.
 */
const email = 'zoe@boutique.fr';
const cases: [label: string, value: string, valid: boolean][] = [
  ['a 6-character password', 'a'.repeat(6), true],
  ['a 128-character password', 'a'.repeat(128), true],
  ['a 5-character password', 'a'.repeat(5), false],
  ['a 129-character password', 'a'.repeat(129), false],
];

describe('auth forms and contracts', () => {
  it.each(cases)('agree on %s for sign-up, reset and change', (_, password, valid) => {
    expect(signupSchema.safeParse({ name: 'Zoé', email, password }).success).toBe(valid);
    expect(signUp.body.safeParse({ name: 'Zoé', email, password }).success).toBe(valid);
    expect(resetPasswordSchema.safeParse({ newPassword: password, confirmPassword: password }).success).toBe(valid);
    expect(resetPassword.body.safeParse({ newPassword: password, token: 't' }).success).toBe(valid);
    expect(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: password, confirmPassword: password }).success).toBe(valid);
    expect(changePassword.body.safeParse({ currentPassword: 'x', newPassword: password }).success).toBe(valid);
  });

  it.each([
    ['a 100-character name', 'n'.repeat(100), true],
    ['a 101-character name', 'n'.repeat(101), false],
  ])('agree on %s', (_, name, valid) => {
    expect(signupSchema.safeParse({ name, email, password: 'secret1' }).success).toBe(valid);
    expect(signUp.body.safeParse({ name, email, password: 'secret1' }).success).toBe(valid);
  });

  it('the sign-up form asks a name, the API takes an account without one (the Shopify onboarding asks none, decision 046)', () => {
    expect(signupSchema.safeParse({ name: '   ', email, password: 'secret1' }).success).toBe(false);
    expect(signUp.body.safeParse({ name: '   ', email, password: 'secret1' }).success).toBe(true);
    expect(signUp.body.safeParse({ email, password: 'secret1' }).success).toBe(true);
  });

  it.each([
    ['a plain address', email, true],
    ['an address of 254 characters', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.fr`, true],
    ['an address of 255 characters', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.fr`, false],
    ['no domain', 'zoe@', false],
  ])('agree on %s', (_, address, valid) => {
    expect(loginSchema.safeParse({ email: address, password: 'x' }).success).toBe(valid);
    expect(signIn.body.safeParse({ email: address, password: 'x' }).success).toBe(valid);
  });

  it('sends what the API reads: trimmed, the address in lower case', () => {
    const parsed = signupSchema.parse({ name: ' Zoé ', email: ' Zoe@Boutique.fr ', password: 'secret1' });
    expect(parsed).toEqual({ name: 'Zoé', email: 'zoe@boutique.fr', password: 'secret1' });
    expect(signUp.body.parse(parsed)).toMatchObject(parsed);
  });

  it('asks more of a Shopify onboarding password than the API does (docs/product/validation.md)', () => {
    const values = { email, companyName: 'Maison', password: 'secret1', confirmPassword: 'secret1' };
    expect(onboardingSignupSchema.safeParse(values).success).toBe(false);
    expect(signUp.body.safeParse({ name: 'Maison', email, password: 'secret1' }).success).toBe(true);
  });
});
